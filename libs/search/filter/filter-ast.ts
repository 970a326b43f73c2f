/**
 * The one filter representation of every protocol. OGC Filter 1.1.0 XML, CQL text and the CSW
 * KVP shortcuts (`q`, `BBOX`), OGC API – Records' parameters and CQL2 all become a FilterNode;
 * the search core hands it to its store, and libs/db/search-sql/compile-filter.ts turns it
 * into a parameterised SQL expression. Property names are canonical queryable names
 * (see ../queryables.ts), already resolved by the parsers.
 */
export type ComparisonOp = 'eq' | 'ne' | 'lt' | 'gt' | 'le' | 'ge';

export type SpatialOp =
  | 'bbox'
  | 'intersects'
  | 'within'
  | 'contains'
  | 'disjoint'
  | 'equals'
  | 'overlaps'
  | 'touches'
  | 'crosses'
  | 'beyond'
  | 'dwithin';

export type FilterNode =
  | { op: 'all' } // empty <ogc:Filter/> or no constraint
  | { op: 'and' | 'or'; children: FilterNode[] }
  | { op: 'not'; child: FilterNode }
  | { op: 'compare'; cmp: ComparisonOp; property: string; value: string; matchCase: boolean }
  | { op: 'like'; property: string; pattern: string; wildCard: string; singleChar: string; escapeChar: string; matchCase: boolean }
  | { op: 'null'; property: string }
  | { op: 'between'; property: string; lower: string; upper: string }
  | { op: 'ids'; ids: string[] }
  /**
   * Free text (OGC API – Records and CSW `q`): the words of `tokens` (as the user typed them)
   * must occur as words, in any of their Indonesian or English forms; ranked when the search
   * has no sort. `typoTolerant`: the fallback of a search that found nothing — titles and
   * keywords similar in spelling (trigrams). See ../free-text.ts. `typoQueries`: its content
   * words' lookups in the spelling lexicon, done once for the search (SearchStore.typoQueries,
   * one tsquery text per word, in contentWords order), so its statements do not repeat them.
   */
  | { op: 'text'; tokens: string[]; typoTolerant?: boolean; typoQueries?: string[] }
  | {
      op: 'spatial';
      spatial: SpatialOp;
      property: string;
      /** lon/lat, SRID 4326, antimeridian already split into a MULTIPOLYGON */
      geometryWkt: string;
      distanceDegrees?: number;
    };

export const COMPARISON_OPS: readonly ComparisonOp[] = ['eq', 'ne', 'lt', 'gt', 'le', 'ge'];

export const SPATIAL_OPS: readonly SpatialOp[] = [
  'bbox', 'intersects', 'within', 'contains', 'disjoint', 'equals', 'overlaps', 'touches', 'crosses', 'beyond', 'dwithin',
];

/** A filter that matches nothing (used for e.g. `upper(x) = 'abc'`, which no value can satisfy). */
export const NOTHING: FilterNode = { op: 'not', child: { op: 'all' } };

/** Maximum nesting of And/Or/Not (XML) or parentheses/NOT (CQL): hostile input cannot exhaust the stack. */
export const MAX_FILTER_DEPTH = 64;
