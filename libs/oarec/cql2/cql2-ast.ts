/**
 * CQL2 expressions in their JSON encoding (OGC 21-065, cql2-json). The text parser produces
 * exactly this structure, so both encodings go through one translator (cql2-to-filter.ts)
 * into the search core's filter tree.
 */
export type Cql2Expr =
  | boolean
  | number
  | string
  | { property: string }
  | { date: string }
  | { timestamp: string }
  | { interval: (string | Cql2Expr)[] }
  | { bbox: number[] }
  | { type: string; coordinates: unknown }
  | { op: string; args: Cql2Expr[] }
  | Cql2Expr[];

/** Maximum nesting of operators, as CSW's filters (MAX_FILTER_DEPTH). */
export { MAX_FILTER_DEPTH as MAX_CQL2_DEPTH } from '../../search/filter/filter-ast';

/** The longest filter text accepted (as CSW's CQL_TEXT). */
export const MAX_CQL2_LENGTH = 64 * 1024;
