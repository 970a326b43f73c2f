/**
 * The queryables of BOTH protocols: ONE table read by the filter parsers (name resolution),
 * sorting, GetDomain, the CSW capabilities writer and the OGC API – Records
 * queryables/sortables documents — and, through each row's `column`, by the database layer's
 * compiler (libs/db/search-sql), which alone knows the SQL a column reads. No SQL here.
 *
 * Add a queryable: add one row to ROWS (reusing a COLUMNS entry, or adding one here and its
 * expression in libs/db/search-sql/queryable-sql.ts — the type makes a missing one a compile
 * error): its CSW name and capabilities group, and, as the fourth element, its OGC API –
 * Records name (omit it to keep it CSW-only; group 'oarec' for a name only OGC API – Records
 * knows). Then run test/unit/csw-filter-*.test.ts and test/integration/oarec-*.test.ts.
 */
export type QueryableKind = 'text' | 'text[]' | 'date' | 'boolean' | 'geometry' | 'anytext' | 'id';

/** where the capabilities document advertises the name */
export type QueryableGroup = 'dc' | 'iso' | 'additional' | 'oarec';

export interface Queryable {
  /** canonical qualified name, as advertised (e.g. `dc:title`, `apiso:Modified`) */
  readonly name: string;
  readonly kind: QueryableKind;
  /**
   * What the name reads, as an identifier the database layer resolves to its expression
   * (libs/db/search-sql/queryable-sql.ts); several names may read the same column.
   */
  readonly column: QueryableColumn;
  /** date kind only: a timestamp of the catalogue, or ISO 8601 dates kept as text */
  readonly dateType?: 'timestamptz' | 'text';
  readonly sortable: boolean;
  readonly group: QueryableGroup;
  /** the name in OGC API – Records (`title`, `updated` …); absent = CSW only */
  readonly oarec?: string;
  /** OGC API – Records: a human title for the queryables document */
  readonly description?: string;
}

type Column = Pick<Queryable, 'kind' | 'dateType' | 'sortable'>;

const text: Column = { kind: 'text', sortable: true };
const textArray: Column = { kind: 'text[]', sortable: true };
const textDate: Column = { kind: 'date', dateType: 'text', sortable: true };

/**
 * The values a queryable can read. Multi-valued ones sort by their first value, the extent by
 * its area; free text cannot be sorted.
 */
const COLUMNS = {
  // the public identifier (dc:identifier, OARec id): the file identifier, not the internal key
  id: { kind: 'id', sortable: true },
  title: text,
  abstract: text,
  anytext: { kind: 'anytext', sortable: false },
  keywords: textArray,
  keywordTypes: textArray,
  topicCategories: textArray,
  hierarchyLevel: text,
  // dc:type is the DCMI type kept from a Dublin Core import, else the ISO hierarchy level
  dcType: text,
  language: text,
  organisations: textArray,
  formats: textArray,
  serviceType: text,
  crs: text,
  classification: text,
  hasSecurityConstraints: { kind: 'boolean', sortable: true },
  creationDate: textDate,
  publicationDate: textDate,
  revisionDate: textDate,
  // dc:date: the most recent reference date of the resource
  date: textDate,
  tempBegin: textDate,
  tempEnd: textDate,
  // the catalogue record's own dates (OGC API – Records `created` / `updated`)
  modified: { kind: 'date', dateType: 'timestamptz', sortable: true },
  recordCreated: { kind: 'date', dateType: 'timestamptz', sortable: true },
  extent: { kind: 'geometry', sortable: true },
  sources: textArray,
  relations: textArray,
  spatialCoverage: textArray,
  lineage: text,
  useLimitation: text,
  license: text,
} satisfies Record<string, Column>;

export type QueryableColumn = keyof typeof COLUMNS;


/**
 * [canonical name, group, column, OGC API – Records name?]; the first row of a local name wins
 * for unprefixed CSW lookups. Rows of group 'oarec' exist in OGC API – Records only.
 */
const ROWS: readonly [string, QueryableGroup, QueryableColumn, string?][] = [
  // CSW 2.0.2 core (Dublin Core) queryables
  ['csw:AnyText', 'dc', 'anytext'],
  ['dc:identifier', 'dc', 'id', 'id'],
  ['dc:title', 'dc', 'title', 'title'],
  ['dc:subject', 'dc', 'keywords', 'keywords'],
  ['dct:abstract', 'dc', 'abstract', 'description'],
  ['dc:description', 'dc', 'abstract'],
  ['dc:format', 'dc', 'formats', 'format'],
  ['dc:type', 'dc', 'dcType'],
  ['dct:modified', 'dc', 'modified', 'updated'],
  ['dc:date', 'dc', 'date'],
  ['dc:creator', 'dc', 'organisations', 'organisation'],
  ['dc:publisher', 'dc', 'organisations'],
  ['dc:contributor', 'dc', 'organisations'],
  ['dc:language', 'dc', 'language', 'language'],
  ['dc:source', 'dc', 'sources'],
  ['dc:relation', 'dc', 'relations'],
  ['dct:spatial', 'dc', 'spatialCoverage'],
  ['ows:BoundingBox', 'dc', 'extent', 'geometry'],
  // ISO Application Profile 1.0: SupportedISOQueryables
  ['apiso:Subject', 'iso', 'keywords'],
  ['apiso:Title', 'iso', 'title'],
  ['apiso:Abstract', 'iso', 'abstract'],
  ['apiso:AnyText', 'iso', 'anytext'],
  ['apiso:Format', 'iso', 'formats'],
  ['apiso:Identifier', 'iso', 'id'],
  ['apiso:Modified', 'iso', 'modified'],
  ['apiso:Type', 'iso', 'hierarchyLevel', 'type'],
  ['apiso:BoundingBox', 'iso', 'extent'],
  ['apiso:CRS', 'iso', 'crs', 'crs'],
  ['apiso:RevisionDate', 'iso', 'revisionDate', 'revisionDate'],
  ['apiso:CreationDate', 'iso', 'creationDate', 'creationDate'],
  ['apiso:PublicationDate', 'iso', 'publicationDate', 'publicationDate'],
  ['apiso:OrganisationName', 'iso', 'organisations'],
  ['apiso:HasSecurityConstraints', 'iso', 'hasSecurityConstraints'],
  ['apiso:Language', 'iso', 'language'],
  ['apiso:ResourceLanguage', 'iso', 'language'],
  ['apiso:KeywordType', 'iso', 'keywordTypes', 'keywordType'],
  ['apiso:TopicCategory', 'iso', 'topicCategories', 'topicCategory'],
  ['apiso:GeographicDescriptionCode', 'iso', 'spatialCoverage'],
  ['apiso:TempExtent_begin', 'iso', 'tempBegin', 'timeBegin'],
  ['apiso:TempExtent_end', 'iso', 'tempEnd', 'timeEnd'],
  ['apiso:ServiceType', 'iso', 'serviceType', 'serviceType'],
  // ISO Application Profile 1.0: AdditionalQueryables
  ['apiso:Classification', 'additional', 'classification'],
  ['apiso:Lineage', 'additional', 'lineage'],
  ['apiso:ConditionApplyingToAccessAndUse', 'additional', 'useLimitation'],
  ['apiso:OtherConstraints', 'additional', 'license', 'license'],
  // OGC API – Records only: the catalogue record's creation date
  ['created', 'oarec', 'recordCreated', 'created'],
];

const ALL_ROWS: readonly Queryable[] = ROWS.map(([name, group, col, oarec]) => ({ ...COLUMNS[col], column: col, name, group, ...(oarec ? { oarec } : {}) }));

/** the CSW queryables (every row except the OGC API – Records-only ones) */
export const QUERYABLES: readonly Queryable[] = ALL_ROWS.filter((q) => q.group !== 'oarec');

/** OGC API – Records queryables by their OARec name (`title`, `updated`, `geometry` …), in table order */
export const OAREC_QUERYABLES: ReadonlyMap<string, Queryable> = new Map(ALL_ROWS.filter((q) => q.oarec).map((q) => [q.oarec!, q]));

/**
 * The queryable of an OGC API – Records name. Names are case-sensitive, as in CQL2; the
 * filter tree carries the CSW name when there is one, else the row's own name.
 */
export function resolveOarecQueryable(name: string): Queryable | undefined {
  return OAREC_QUERYABLES.get(name);
}

/** Any row by its canonical name (the name a filter tree carries), CSW or OARec-only. */
export function resolveCanonical(name: string): Queryable | undefined {
  return resolveQueryable(name) ?? ALL_ROWS.find((q) => q.group === 'oarec' && q.name === name);
}

const byQualified = new Map<string, Queryable>();
const byLocal = new Map<string, Queryable>();
for (const q of QUERYABLES) {
  byQualified.set(q.name.toLowerCase(), q);
  const local = q.name.slice(q.name.indexOf(':') + 1).toLowerCase();
  if (!byLocal.has(local)) byLocal.set(local, q);
}

/**
 * Resolves a property name as clients write it: `dc:title`, `Title`, `apiso:title`,
 * `/csw:Record/dc:title`, `mdb:Title`. Case-insensitive; the prefix is only a hint (clients
 * bind prefixes as they like), so an unknown prefix falls back to the local name.
 */
export function resolveQueryable(name: string): Queryable | undefined {
  let n = name.trim();
  const slash = n.lastIndexOf('/');
  if (slash >= 0) n = n.slice(slash + 1);
  n = n.replace(/^@/, '').toLowerCase();
  if (n === '') return undefined;
  const exact = byQualified.get(n);
  if (exact) return exact;
  const colon = n.lastIndexOf(':');
  return byLocal.get(colon >= 0 ? n.slice(colon + 1) : n);
}

const namesOf = (g: QueryableGroup): string[] => QUERYABLES.filter((q) => q.group === g).map((q) => q.name);

/** `SupportedISOQueryables` of the capabilities document */
export const ISO_QUERYABLES: string[] = namesOf('iso');
/** `AdditionalQueryables` of the capabilities document */
export const ADDITIONAL_QUERYABLES: string[] = namesOf('additional');
/** the Dublin Core (csw:Record) queryables */
export const DC_QUERYABLES: string[] = namesOf('dc');

/** GetDomain answers at most this many values per property */
export const DOMAIN_LIMIT = 1000;

/**
 * GetDomain lists the distinct non-empty values of a queryable over PUBLISHED records, arrays
 * unnested, sorted, at most DOMAIN_LIMIT; not for properties without a meaningful list of
 * values (free text, geometry, ids).
 */
export const hasDomain = (q: Queryable): boolean => q.kind !== 'anytext' && q.kind !== 'geometry' && q.kind !== 'id';
