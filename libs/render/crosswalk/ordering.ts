import { propertyOrder, type ClassRow } from './class-tables';
import type { Frag } from './xml-writer';

/**
 * cw:ordered: the property elements of a class in the order its schema gives, by their local
 * name; a stable sort, so repeated properties (and those the class does not have, which go last)
 * keep the order they were written in.
 */
export function ordered(row: ClassRow | undefined, kids: readonly Frag[]): Frag[] {
  const keyed = kids.map((k, i) => ({ k, o: propertyOrder(row, k.local), i }));
  keyed.sort((a, b) => a.o - b.o || a.i - b.i);
  return keyed.map((x) => x.k);
}
