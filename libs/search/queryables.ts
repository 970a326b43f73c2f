/**
 * The queryables of BOTH protocols: ONE table read by the filter parsers (name resolution),
 * the SQL compiler (column, kind), sorting, GetDomain, the CSW capabilities writer and the
 * OGC API – Records queryables/sortables documents. Every SQL fragment here is a constant
 * over `records r`; user values never reach it.
 *
 * Add a queryable: add one row to ROWS (reusing a COLUMNS entry or adding one that reads a
 * projection column of the records table): its CSW name and capabilities group, and, as the
 * fourth element, its OGC API – Records name (omit it to keep it CSW-only; group 'oarec' for
 * a name only OGC API – Records knows). Then run test/unit/csw-filter-*.test.ts and
 * test/integration/oarec-*.test.ts.
 */
export type QueryableKind = 'text' | 'text[]' | 'date' | 'boolean' | 'geometry' | 'anytext' | 'id';

/** where the capabilities document advertises the name */
export type QueryableGroup = 'dc' | 'iso' | 'additional' | 'oarec';

export interface Queryable {
  /** canonical qualified name, as advertised (e.g. `dc:title`, `apiso:Modified`) */
  readonly name: string;
  readonly kind: QueryableKind;
  /** SQL expression over `records r` */
  readonly sql: string;
  /**
   * SQL condition that is true when the record has a value: comparisons are false for a
   * record without one (so `Not` is an exact complement, as the CITE answers expect).
   * Undefined when the expression is never absent.
   */
  readonly present?: string;
  /** date kind only: a timestamptz column, or ISO 8601 dates kept as text */
  readonly dateType?: 'timestamptz' | 'text';
  readonly sortable: boolean;
  /** ORDER BY expression (arrays sort by their first value, geometries by area) */
  readonly sortSql?: string;
  /** the sort expression is never NULL: ORDER BY without NULLS LAST, so the btree indexes match */
  readonly sortNotNull?: boolean;
  readonly group: QueryableGroup;
  /** the name in OGC API – Records (`title`, `updated` …); absent = CSW only */
  readonly oarec?: string;
  /** OGC API – Records: a human title for the queryables document */
  readonly description?: string;
}

type Column = Omit<Queryable, 'name' | 'group' | 'oarec'>;

/** text[] from a JSON array in `doc` for the few fields without a projection column */
const docArray = (key: string): string =>
  `(CASE WHEN jsonb_typeof(r.doc->'${key}') = 'array' THEN ARRAY(SELECT jsonb_array_elements_text(r.doc->'${key}')) ELSE '{}'::text[] END)`;

const text = (sql: string, nullable = true): Column => ({
  kind: 'text', sql, present: nullable ? `${sql} IS NOT NULL` : undefined, sortable: true, sortSql: sql,
});
const textArray = (sql: string): Column => ({ kind: 'text[]', sql, sortable: true, sortSql: `(${sql})[1]` });
const textDate = (sql: string): Column => ({
  kind: 'date', dateType: 'text', sql, present: `${sql} IS NOT NULL`, sortable: true, sortSql: sql,
});

const COLUMNS = {
  // the public identifier (dc:identifier, OARec id): the file identifier, not the internal key
  id: { kind: 'id', sql: 'r.file_identifier', sortable: true, sortSql: 'r.file_identifier', sortNotNull: true },
  // title is NOT NULL DEFAULT '': an empty title means the record has none
  title: { kind: 'text', sql: 'r.title', present: "r.title <> ''", sortable: true, sortSql: "NULLIF(r.title, '')" },
  abstract: text('r.abstract'),
  anytext: { kind: 'anytext', sql: 'r.anytext', sortable: false },
  keywords: textArray('r.keywords'),
  keywordTypes: textArray('r.keyword_types'),
  topicCategories: textArray('r.topic_categories'),
  hierarchyLevel: text('r.hierarchy_level'),
  // dc:type is the DCMI type kept from a Dublin Core import, else the ISO hierarchy level
  dcType: text('COALESCE(r.resource_type, r.hierarchy_level)'),
  language: text('r.language'),
  organisations: textArray('r.organisation_names'),
  formats: textArray('r.formats'),
  serviceType: text('r.service_type'),
  crs: text('r.crs'),
  classification: text('r.classification'),
  hasSecurityConstraints: { kind: 'boolean', sql: 'r.has_security_constraints', sortable: true, sortSql: 'r.has_security_constraints', sortNotNull: true },
  creationDate: textDate('r.creation_date'),
  publicationDate: textDate('r.publication_date'),
  revisionDate: textDate('r.revision_date'),
  // dc:date: the most recent reference date of the resource
  date: textDate('COALESCE(r.revision_date, r.publication_date, r.creation_date)'),
  tempBegin: textDate('r.temp_begin'),
  tempEnd: textDate('r.temp_end'),
  // the catalogue record's own dates (OGC API – Records `created` / `updated`)
  modified: { kind: 'date', dateType: 'timestamptz', sql: 'r.updated_at', sortable: true, sortSql: 'r.updated_at', sortNotNull: true },
  recordCreated: { kind: 'date', dateType: 'timestamptz', sql: 'r.created_at', sortable: true, sortSql: 'r.created_at', sortNotNull: true },
  extent: { kind: 'geometry', sql: 'r.extent', present: 'r.extent IS NOT NULL', sortable: true, sortSql: 'ST_Area(r.extent)' },
  // no projection column yet (see the report of issue 4): read from the document
  sources: textArray(docArray('sources')),
  relations: textArray(docArray('relations')),
  spatialCoverage: textArray(docArray('spatialCoverage')),
  lineage: text("(r.doc->>'lineage')"),
  useLimitation: text("(r.doc->'constraints'->>'useLimitation')"),
  license: text("(r.doc->'constraints'->>'license')"),
} satisfies Record<string, Column>;

type ColumnKey = keyof typeof COLUMNS;

/**
 * [canonical name, group, column, OGC API – Records name?]; the first row of a local name wins
 * for unprefixed CSW lookups. Rows of group 'oarec' exist in OGC API – Records only.
 */
const ROWS: readonly [string, QueryableGroup, ColumnKey, string?][] = [
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

const ALL_ROWS: readonly Queryable[] = ROWS.map(([name, group, col, oarec]) => ({ ...COLUMNS[col], name, group, ...(oarec ? { oarec } : {}) }));

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
 * GetDomain: distinct non-empty values of a queryable over PUBLISHED records, arrays
 * unnested, sorted, at most DOMAIN_LIMIT. The single output column is `value`.
 * Undefined for properties without a meaningful list of values (free text, geometry, ids).
 */
export function domainSql(q: Queryable): string | undefined {
  const published = "r.status = 'PUBLISHED'";
  switch (q.kind) {
    case 'anytext':
    case 'geometry':
    case 'id':
      return undefined;
    case 'text[]':
      return `SELECT DISTINCT u.v AS value FROM records r CROSS JOIN LATERAL unnest(${q.sql}) AS u(v) WHERE ${published} AND u.v <> '' ORDER BY 1 LIMIT ${DOMAIN_LIMIT}`;
    case 'boolean':
      return `SELECT DISTINCT ${q.sql}::text AS value FROM records r WHERE ${published} ORDER BY 1 LIMIT ${DOMAIN_LIMIT}`;
    case 'date':
      if (q.dateType === 'timestamptz') {
        return `SELECT DISTINCT to_char(${q.sql} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS value FROM records r WHERE ${published} ORDER BY 1 LIMIT ${DOMAIN_LIMIT}`;
      }
      return `SELECT DISTINCT ${q.sql} AS value FROM records r WHERE ${published} AND ${q.sql} <> '' ORDER BY 1 LIMIT ${DOMAIN_LIMIT}`;
    case 'text':
      return `SELECT DISTINCT ${q.sql} AS value FROM records r WHERE ${published} AND ${q.sql} <> '' ORDER BY 1 LIMIT ${DOMAIN_LIMIT}`;
  }
}
