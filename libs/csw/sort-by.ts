import type { Element } from '@xmldom/xmldom';
import { asCswError, invalid } from './csw-error';
import { sortableQueryable, type SortSpec } from '../search/sort-order';
import { childElements, display, isOgc, textOf } from './filter/dom-helpers';

export type { SortSpec } from '../search/sort-order';

/**
 * CSW SortBy (KVP `SORTBY=dc:title:A,dct:modified:D` and XML `ogc:SortBy`) → the search
 * core's sort list (libs/search/sort-order.ts; the store compiles it, identifier last).
 * Multi-valued properties sort by their first value (CITE sorts by dc:format), the
 * bounding box by its area; only csw:AnyText cannot be sorted.
 */

const ORDERS: Record<string, SortSpec['order']> = { A: 'ASC', ASC: 'ASC', D: 'DESC', DESC: 'DESC' };

function sortable(name: string, locator: string) {
  try {
    return sortableQueryable(name, locator);
  } catch (err) {
    throw asCswError(err) ?? err;
  }
}

function order(value: string, locator: string): SortSpec['order'] {
  const o = ORDERS[value.trim().toUpperCase()];
  if (!o) throw invalid(locator, `Urutan "${value.slice(0, 20)}" tidak valid: gunakan A (naik) atau D (turun).`);
  return o;
}

/** `dc:title:A,dct:modified:D`; the order is optional (default A) */
export function parseSortByKvp(value: string): SortSpec[] {
  const items = value.split(',').map((s) => s.trim());
  if (items.length === 0 || items.some((s) => s === '')) throw invalid('sortby', 'Nilai SORTBY tidak valid: gunakan properti:A atau properti:D, dipisahkan koma.');
  return items.map((item) => {
    const parts = item.split(':');
    const last = parts[parts.length - 1]!;
    // `title:A` and `dc:title` both have one colon: the suffix is an order only if it is one
    if (parts.length >= 3 || (parts.length === 2 && ORDERS[last.trim().toUpperCase()])) {
      return { property: sortable(parts.slice(0, -1).join(':'), 'sortby').name, order: order(last, 'sortby') };
    }
    return { property: sortable(item, 'sortby').name, order: 'ASC' };
  });
}

/** `ogc:SortBy` → `ogc:SortProperty` (`ogc:PropertyName`, optional `ogc:SortOrder`) */
export function parseSortByXml(el: Element): SortSpec[] {
  if (!isOgc(el, 'SortBy')) throw invalid('sortby', `Elemen ${display(el)} bukan ogc:SortBy.`);
  const props = childElements(el);
  if (props.length === 0) throw invalid('sortby', 'ogc:SortBy memerlukan paling sedikit satu ogc:SortProperty.');
  return props.map((p) => {
    if (!isOgc(p, 'SortProperty')) throw invalid('sortby', `Elemen ${display(p)} tidak diharapkan di dalam ogc:SortBy.`);
    const kids = childElements(p);
    const nameEl = kids.find((k) => isOgc(k, 'PropertyName'));
    const orderEl = kids.find((k) => isOgc(k, 'SortOrder'));
    if (!nameEl) throw invalid('sortby', 'ogc:SortProperty memerlukan ogc:PropertyName.');
    const q = sortable(textOf(nameEl).trim(), 'sortby');
    return { property: q.name, order: orderEl ? order(textOf(orderEl), 'sortby') : 'ASC' };
  });
}
