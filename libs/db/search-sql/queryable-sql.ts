import type { Queryable, QueryableColumn } from '../../search/queryables';

/**
 * What each queryable column of the search core (libs/search/queryables.ts) reads, in SQL over
 * `records r`: the only place the search's names meet the table. Every fragment is a constant;
 * user values never reach it.
 */
export interface ColumnSql {
  /** SQL expression over `records r` */
  readonly sql: string;
  /**
   * SQL condition that is true when the record has a value: comparisons are false for a
   * record without one (so `Not` is an exact complement, as the CITE answers expect).
   * Undefined when the expression is never absent.
   */
  readonly present?: string;
  /** ORDER BY expression (arrays sort by their first value, geometries by area) */
  readonly sortSql?: string;
  /** the sort expression is never NULL: ORDER BY without NULLS LAST, so the btree indexes match */
  readonly sortNotNull?: boolean;
}

/** text[] from a JSON array in `doc` for the few fields without a projection column */
const docArray = (key: string): string =>
  `(CASE WHEN jsonb_typeof(r.doc->'${key}') = 'array' THEN ARRAY(SELECT jsonb_array_elements_text(r.doc->'${key}')) ELSE '{}'::text[] END)`;

const text = (sql: string, nullable = true): ColumnSql => ({ sql, present: nullable ? `${sql} IS NOT NULL` : undefined, sortSql: sql });
const textArray = (sql: string): ColumnSql => ({ sql, sortSql: `(${sql})[1]` });
const textDate = (sql: string): ColumnSql => ({ sql, present: `${sql} IS NOT NULL`, sortSql: sql });

export const QUERYABLE_SQL: Readonly<Record<QueryableColumn, ColumnSql>> = {
  id: { sql: 'r.file_identifier', sortSql: 'r.file_identifier', sortNotNull: true },
  // title is NOT NULL DEFAULT '': an empty title means the record has none
  title: { sql: 'r.title', present: "r.title <> ''", sortSql: "NULLIF(r.title, '')" },
  abstract: text('r.abstract'),
  anytext: { sql: 'r.anytext' },
  keywords: textArray('r.keywords'),
  keywordTypes: textArray('r.keyword_types'),
  topicCategories: textArray('r.topic_categories'),
  hierarchyLevel: text('r.hierarchy_level'),
  dcType: text('COALESCE(r.resource_type, r.hierarchy_level)'),
  language: text('r.language'),
  organisations: textArray('r.organisation_names'),
  formats: textArray('r.formats'),
  serviceType: text('r.service_type'),
  crs: text('r.crs'),
  classification: text('r.classification'),
  hasSecurityConstraints: { sql: 'r.has_security_constraints', sortSql: 'r.has_security_constraints', sortNotNull: true },
  creationDate: textDate('r.creation_date'),
  publicationDate: textDate('r.publication_date'),
  revisionDate: textDate('r.revision_date'),
  date: textDate('COALESCE(r.revision_date, r.publication_date, r.creation_date)'),
  tempBegin: textDate('r.temp_begin'),
  tempEnd: textDate('r.temp_end'),
  modified: { sql: 'r.updated_at', sortSql: 'r.updated_at', sortNotNull: true },
  recordCreated: { sql: 'r.created_at', sortSql: 'r.created_at', sortNotNull: true },
  extent: { sql: 'r.extent', present: 'r.extent IS NOT NULL', sortSql: 'ST_Area(r.extent)' },
  // no projection column yet (see the report of issue 4): read from the document
  sources: textArray(docArray('sources')),
  relations: textArray(docArray('relations')),
  spatialCoverage: textArray(docArray('spatialCoverage')),
  lineage: text("(r.doc->>'lineage')"),
  useLimitation: text("(r.doc->'constraints'->>'useLimitation')"),
  license: text("(r.doc->'constraints'->>'license')"),
};

/** A queryable with the SQL of its column: what the compilers work with. */
export type SqlQueryable = Queryable & ColumnSql;

const merged = new Map<Queryable, SqlQueryable>();

export function withSql(q: Queryable): SqlQueryable {
  let m = merged.get(q);
  if (!m) {
    m = { ...q, ...QUERYABLE_SQL[q.column] };
    merged.set(q, m);
  }
  return m;
}
