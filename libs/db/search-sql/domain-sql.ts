import type { Queryable } from '../../search/queryables';
import { withSql } from './queryable-sql';

/**
 * GetDomain: distinct non-empty values of a queryable over PUBLISHED records, arrays unnested,
 * sorted, at most `limit`. The single output column is `value`. Undefined for properties
 * without a meaningful list of values (free text, geometry, ids: libs/search hasDomain).
 */
export function domainSql(queryable: Queryable, limit: number): string | undefined {
  const q = withSql(queryable);
  const published = "r.status = 'PUBLISHED'";
  switch (q.kind) {
    case 'anytext':
    case 'geometry':
    case 'id':
      return undefined;
    case 'text[]':
      return `SELECT DISTINCT u.v AS value FROM records r CROSS JOIN LATERAL unnest(${q.sql}) AS u(v) WHERE ${published} AND u.v <> '' ORDER BY 1 LIMIT ${limit}`;
    case 'boolean':
      return `SELECT DISTINCT ${q.sql}::text AS value FROM records r WHERE ${published} ORDER BY 1 LIMIT ${limit}`;
    case 'date':
      if (q.dateType === 'timestamptz') {
        return `SELECT DISTINCT to_char(${q.sql} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS value FROM records r WHERE ${published} ORDER BY 1 LIMIT ${limit}`;
      }
      return `SELECT DISTINCT ${q.sql} AS value FROM records r WHERE ${published} AND ${q.sql} <> '' ORDER BY 1 LIMIT ${limit}`;
    case 'text':
      return `SELECT DISTINCT ${q.sql} AS value FROM records r WHERE ${published} AND ${q.sql} <> '' ORDER BY 1 LIMIT ${limit}`;
  }
}
