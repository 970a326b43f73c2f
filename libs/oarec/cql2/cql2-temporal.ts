import { NOTHING, type ComparisonOp, type FilterNode } from '../../search/filter/filter-ast';
import type { Queryable } from '../../search/queryables';

/**
 * CQL2 temporal predicates (T_*) as comparisons of interval ends, in the search core's filter
 * tree. A property is an interval [begin, end]: an instant property (`updated`, `created`,
 * `creationDate` …) is [v, v]; `time` is the record's temporal extent. A literal is a DATE,
 * a TIMESTAMP (both [v, v]) or an INTERVAL whose `..` ends are open (−∞ / +∞).
 * Allen's relations, property P against literal L:
 *   before Pe<Ls · after Ps>Le · meets Pe=Ls · metby Ps=Le · overlaps Ps<Ls∧Pe>Ls∧Pe<Le ·
 *   overlappedby Ps>Ls∧Ps<Le∧Pe>Le · starts Ps=Ls∧Pe<Le · startedby Ps=Ls∧Pe>Le ·
 *   during Ps>Ls∧Pe<Le · contains Ps<Ls∧Pe>Le · finishes Ps>Ls∧Pe=Le · finishedby Ps<Ls∧Pe=Le ·
 *   equals Ps=Ls∧Pe=Le · intersects Ps<=Le∧Pe>=Ls · disjoint ¬intersects.
 * A record without a value matches no relation (except disjoint, the complement); for `time`
 * an extent open at one end (only a begin, or only an end) intersects accordingly.
 */
export interface TemporalProperty {
  begin: Queryable;
  end: Queryable;
  /** the record's extent may have only one end (the other then is open) */
  openEnds: boolean;
}

export interface TemporalLiteral {
  /** '..' = open */
  begin: string;
  end: string;
}

type End = 'begin' | 'end';
type Term = [End, ComparisonOp, End];

const RELATIONS: Record<string, Term[]> = {
  t_before: [['end', 'lt', 'begin']],
  t_after: [['begin', 'gt', 'end']],
  t_meets: [['end', 'eq', 'begin']],
  t_metby: [['begin', 'eq', 'end']],
  t_overlaps: [['begin', 'lt', 'begin'], ['end', 'gt', 'begin'], ['end', 'lt', 'end']],
  t_overlappedby: [['begin', 'gt', 'begin'], ['begin', 'lt', 'end'], ['end', 'gt', 'end']],
  t_starts: [['begin', 'eq', 'begin'], ['end', 'lt', 'end']],
  t_startedby: [['begin', 'eq', 'begin'], ['end', 'gt', 'end']],
  t_during: [['begin', 'gt', 'begin'], ['end', 'lt', 'end']],
  t_contains: [['begin', 'lt', 'begin'], ['end', 'gt', 'end']],
  t_finishes: [['begin', 'gt', 'begin'], ['end', 'eq', 'end']],
  t_finishedby: [['begin', 'lt', 'begin'], ['end', 'eq', 'end']],
  t_equals: [['begin', 'eq', 'begin'], ['end', 'eq', 'end']],
  t_intersects: [['begin', 'le', 'end'], ['end', 'ge', 'begin']],
};

/** the relation seen from the other side: T_BEFORE(literal, property) = T_AFTER(property, literal) */
export const CONVERSE: Record<string, string> = {
  t_before: 't_after', t_after: 't_before', t_meets: 't_metby', t_metby: 't_meets',
  t_overlaps: 't_overlappedby', t_overlappedby: 't_overlaps', t_starts: 't_startedby', t_startedby: 't_starts',
  t_during: 't_contains', t_contains: 't_during', t_finishes: 't_finishedby', t_finishedby: 't_finishes',
  t_equals: 't_equals', t_intersects: 't_intersects', t_disjoint: 't_disjoint',
};

export const TEMPORAL_OPS = Object.keys(CONVERSE);

const ALL: FilterNode = { op: 'all' };

/** `X cmp v` where v may be an open end: −∞ for a literal begin, +∞ for a literal end */
function compareEnd(q: Queryable, cmp: ComparisonOp, v: string, side: End): FilterNode {
  if (v === '..') {
    const alwaysTrue = side === 'begin' ? cmp === 'gt' || cmp === 'ge' || cmp === 'ne' : cmp === 'lt' || cmp === 'le' || cmp === 'ne';
    // true for every record that has the value, false otherwise (a comparison needs a value)
    return alwaysTrue ? { op: 'not', child: { op: 'null', property: q.name } } : NOTHING;
  }
  return { op: 'compare', cmp, property: q.name, value: v, matchCase: true };
}

export function temporalFilter(op: string, p: TemporalProperty, l: TemporalLiteral): FilterNode {
  if (op === 't_disjoint') {
    const hasValue: FilterNode = p.openEnds
      ? { op: 'not', child: { op: 'and', children: [{ op: 'null', property: p.begin.name }, { op: 'null', property: p.end.name }] } }
      : { op: 'not', child: { op: 'null', property: p.begin.name } };
    return { op: 'and', children: [hasValue, { op: 'not', child: temporalFilter('t_intersects', p, l) }] };
  }
  const terms = RELATIONS[op];
  if (!terms) return NOTHING;
  const children = terms.map(([pe, cmp, le]): FilterNode => {
    const q = pe === 'begin' ? p.begin : p.end;
    const node = compareEnd(q, cmp, le === 'begin' ? l.begin : l.end, le);
    // an extent with one open end: a missing begin is −∞, a missing end +∞
    if (op === 't_intersects' && p.openEnds) return { op: 'or', children: [{ op: 'null', property: q.name }, node] };
    return node;
  });
  if (op === 't_intersects' && p.openEnds) {
    children.unshift({ op: 'not', child: { op: 'and', children: [{ op: 'null', property: p.begin.name }, { op: 'null', property: p.end.name }] } });
  }
  return children.length === 1 ? children[0]! : { op: 'and', children: children.filter((c) => c !== ALL) };
}
