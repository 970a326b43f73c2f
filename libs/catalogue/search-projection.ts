import type { BoundingBox, MetadataDoc } from './record.types';

/**
 * The search columns of a record, derived from its document on every write (see the
 * `records` table in migration 001). REST `q` and every CSW queryable read these columns,
 * never the JSON, so one function decides what "the title" or "the keywords" of a record are.
 */
export interface SearchProjection {
  title: string;
  abstract: string | null;
  keywords: string[];
  keyword_types: string[];
  topic_categories: string[];
  hierarchy_level: string | null;
  /** srv:serviceType (apiso:ServiceType), trimmed; null for datasets and blank values */
  service_type: string | null;
  resource_type: string | null;
  language: string | null;
  organisation_names: string[];
  formats: string[];
  protocols: string[];
  crs: string | null;
  classification: string | null;
  has_security_constraints: boolean;
  creation_date: string | null;
  publication_date: string | null;
  revision_date: string | null;
  temp_begin: string | null;
  temp_end: string | null;
  anytext: string;
  /**
   * The record's text other than title, keywords, topic categories and abstract: the lowest
   * weight (D) of the ranked free-text vector, which PostgreSQL computes from title, keywords,
   * topic categories, abstract and this column (`search_vector`, migration 065).
   */
  search_other: string;
  /** WKT MULTIPOLYGON in lon/lat (SRID 4326), split at the antimeridian; null without a bbox */
  extent_wkt: string | null;
}

/**
 * What each projection column holds — the one table every writer derives its column list and
 * value types from (libs/db/projection-columns.ts turns a kind into SQL: text-list → text[],
 * wkt → a PostGIS geometry). A new column is added to SearchProjection, here, to projectRecord
 * and to a migration; nothing else. The type below makes the compiler refuse a kind that does
 * not fit the field: a string[] field must be 'text-list', a boolean 'boolean'.
 */
export type ProjectionKind = 'text' | 'text-list' | 'boolean' | 'wkt';

type KindOf<T> = T extends readonly string[] ? 'text-list' : T extends boolean ? 'boolean' : 'text' | 'wkt';

export const PROJECTION_KINDS: { readonly [K in keyof SearchProjection]-?: KindOf<SearchProjection[K]> } = {
  title: 'text',
  abstract: 'text',
  keywords: 'text-list',
  keyword_types: 'text-list',
  topic_categories: 'text-list',
  hierarchy_level: 'text',
  service_type: 'text',
  resource_type: 'text',
  language: 'text',
  organisation_names: 'text-list',
  formats: 'text-list',
  protocols: 'text-list',
  crs: 'text',
  classification: 'text',
  has_security_constraints: 'boolean',
  creation_date: 'text',
  publication_date: 'text',
  revision_date: 'text',
  temp_begin: 'text',
  temp_end: 'text',
  anytext: 'text',
  search_other: 'text',
  extent_wkt: 'wkt',
};

export const PROJECTION_COLUMNS = Object.keys(PROJECTION_KINDS) as readonly (keyof SearchProjection)[];

const uniq = (xs: (string | undefined)[]): string[] => [...new Set(xs.filter((x): x is string => !!x && x.trim() !== ''))];

const ring = (w: number, s: number, e: number, n: number): string => `((${w} ${s},${e} ${s},${e} ${n},${w} ${n},${w} ${s}))`;

/** A bbox as a WKT MULTIPOLYGON; west > east crosses the antimeridian and becomes two boxes. */
export function bboxToWkt(b: BoundingBox): string {
  if (b.west <= b.east) return `MULTIPOLYGON(${ring(b.west, b.south, b.east, b.north)})`;
  return `MULTIPOLYGON(${ring(b.west, b.south, 180, b.north)},${ring(-180, b.south, b.east, b.north)})`;
}

export function projectRecord(doc: MetadataDoc, recordId: string): SearchProjection {
  const keywords = uniq((doc.keywords ?? []).flatMap((k) => k.values));
  const orgs = uniq((doc.contacts ?? []).map((c) => c.organisationName));
  // the format fields only: a distribution's name names its online resource, not a format (issue 21)
  const formats = uniq(doc.formats ?? []);
  const distributionNames = uniq((doc.distributions ?? []).map((d) => d.name));
  const protocols = uniq((doc.distributions ?? []).map((d) => d.protocol));
  const c = doc.constraints;
  // the text after title, abstract, purpose, lineage, keywords and topic categories
  const described = [
    ...orgs, ...(doc.contacts ?? []).flatMap((ct) => [ct.individualName, ct.positionName]), ...formats, ...distributionNames,
    ...(doc.spatialCoverage ?? []), doc.hierarchyLevel, doc.serviceType, doc.resourceType, c?.useLimitation, c?.license,
    ...(doc.relations ?? []), ...(doc.sources ?? []),
  ];
  // the free text of AnyText LIKE (order as before issue 21)
  const anyParts = [recordId, doc.title, doc.abstract, doc.purpose, doc.lineage, ...keywords, ...(doc.topicCategories ?? []), ...described];
  // the ranked vector's weight D: what title (A), keywords and topics (B) and abstract (C) leave
  const otherParts = [recordId, doc.purpose, doc.lineage, ...described];
  return {
    title: doc.title ?? '',
    abstract: doc.abstract ?? null,
    keywords,
    keyword_types: uniq((doc.keywords ?? []).map((k) => k.type)),
    topic_categories: uniq(doc.topicCategories ?? []),
    hierarchy_level: doc.hierarchyLevel ?? null,
    service_type: doc.serviceType?.trim() || null,
    resource_type: doc.resourceType ?? null,
    language: doc.language ?? null,
    organisation_names: orgs,
    formats,
    protocols,
    crs: doc.referenceSystem ?? null,
    classification: c?.classification ?? null,
    has_security_constraints: !!(c?.classification || c?.useLimitation || c?.license),
    creation_date: doc.dates?.creation ?? null,
    publication_date: doc.dates?.publication ?? null,
    revision_date: doc.dates?.revision ?? null,
    temp_begin: doc.extent?.temporal?.start ?? null,
    temp_end: doc.extent?.temporal?.end ?? null,
    anytext: uniq(anyParts).join(' ').toLowerCase(),
    search_other: uniq(otherParts).join(' '),
    extent_wkt: doc.extent?.bbox ? bboxToWkt(doc.extent.bbox) : null,
  };
}
