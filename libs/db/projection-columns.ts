import { PROJECTION_KINDS, type SearchProjection } from '../catalogue/search-projection';

/**
 * The SQL side of the search projection, derived from its one table (PROJECTION_KINDS): the
 * single-record writer (record.repository.ts), the batch writer (record-batch.repository.ts) and
 * the CSW benchmark loader all write the projection through these three functions, so a new
 * column of any kind — a text[] one included — is written correctly by each without an edit.
 */

export type ProjectionColumn = keyof SearchProjection;

/** The SQL type a column's value is cast to (a WKT footprint travels as text). */
export function projectionSqlType(col: ProjectionColumn): 'text' | 'text[]' | 'boolean' {
  const kind = PROJECTION_KINDS[col];
  return kind === 'text-list' ? 'text[]' : kind === 'boolean' ? 'boolean' : 'text';
}

/** The records column written: a WKT value `x_wkt` fills the PostGIS geometry column `x`. */
export function projectionTarget(col: ProjectionColumn): string {
  return PROJECTION_KINDS[col] === 'wkt' ? col.replace(/_wkt$/, '') : col;
}

/** The expression stored for a column, given the SQL expression of its (already typed) value. */
export function projectionValueSql(col: ProjectionColumn, value: string): string {
  return PROJECTION_KINDS[col] === 'wkt' ? `ST_GeomFromText(${value}, 4326)` : value;
}
