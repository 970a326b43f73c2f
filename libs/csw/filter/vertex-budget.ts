import { invalid } from '../csw-error';
import { MAX_FILTER_VERTICES } from '../request-limits';
import type { FilterNode } from '../../search/filter/filter-ast';

const tooMany = (): Error =>
  invalid('constraint', `Geometri filter memuat lebih dari ${MAX_FILTER_VERTICES} titik (semua geometri satu permintaan bersama-sama); sederhanakan geometrinya.`);

/** Early refusal inside a parser, before a huge coordinate list is turned into WKT. */
export function checkVertexCount(count: number): void {
  if (count > MAX_FILTER_VERTICES) throw tooMany();
}

/** Vertices of a WKT written by geometry.ts: exactly one space per position ("x y", joined by commas). */
function wktVertices(wkt: string): number {
  let n = 0;
  for (let i = wkt.indexOf(' '); i !== -1; i = wkt.indexOf(' ', i + 1)) n += 1;
  return n;
}

/**
 * Refuses a parsed filter whose geometries together have more than MAX_FILTER_VERTICES
 * vertices, with InvalidParameterValue (locator `constraint`): the bound holds per request, so
 * an Or of many large polygons costs no more than one.
 */
export function checkFilterVertices(root: FilterNode): void {
  let total = 0;
  const stack: FilterNode[] = [root];
  while (stack.length) {
    const n = stack.pop()!;
    if (n.op === 'and' || n.op === 'or') stack.push(...n.children);
    else if (n.op === 'not') stack.push(n.child);
    else if (n.op === 'spatial') {
      total += wktVertices(n.geometryWkt);
      if (total > MAX_FILTER_VERTICES) throw tooMany();
    }
  }
}
