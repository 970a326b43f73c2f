import type { SearchPage } from '../../search/search-core';
import type { FacetValue } from '../../search/search.ports';
import type { ItemQuery } from '../request/item-query';
import { COLLECTION_PATH, ITEMS_PATH, link, MEDIA, PROFILE_CATALOG, type Link } from '../oarec-links';
import { recordFeature } from './record-geojson';
import { encodeCursor } from '../request/page-cursor';
import { MAX_OFFSET } from '../request/item-query';

/**
 * An items page as a GeoJSON FeatureCollection (recordCollectionGeoJSON): numberMatched when
 * the count is exact — it is optional, and past the count budget (libs/search/match-count.ts)
 * it is left out rather than sent as an exact-looking estimate — numberReturned = the
 * features sent, timeStamp, and links that repeat the query — self, the HTML alternate, next
 * when a record follows this page (known from the page query's extra row, not from a count)
 * and prev when not at the start.
 * `facets` (non-standard, the schema allows extra members) only when asked for.
 * Free text (docs/search.md#free-text): `suggestion` (non-standard) is the query with its
 * spelling corrected ("maksud Anda: …") when nothing or almost nothing matched; `typoTolerant`
 * (non-standard, always `true` when present) says the features are the typo-tolerant fallback's,
 * since nothing matched the words themselves; `rankWindow` (non-standard) says that in relevance
 * order only that many matches were ranked and the order is approximate.
 */
export function itemsHref(baseUrl: string, echo: Record<string, string>, extra: Record<string, string | number>): string {
  const u = new URL(`${baseUrl}${ITEMS_PATH}`);
  for (const [k, v] of Object.entries(echo)) u.searchParams.set(k, v);
  for (const [k, v] of Object.entries(extra)) u.searchParams.set(k, String(v));
  return u.toString();
}

export function itemsDocument(baseUrl: string, q: ItemQuery, page: SearchPage, facets: Record<string, FacetValue[]> | undefined) {
  const features = page.records.map((r) => recordFeature(r, baseUrl));
  const at = (offset: number, f?: string) => itemsHref(baseUrl, q.echo, { ...(f ? { f } : {}), limit: q.limit, offset });
  // a page reached by a cursor links itself by that cursor (its position may lie past MAX_OFFSET)
  const here = (f?: string) => (q.after ? itemsHref(baseUrl, q.echo, { ...(f ? { f } : {}), limit: q.limit, cursor: encodeCursor(q.echo, q.offset, q.after) }) : at(q.offset, f));
  const links: Link[] = [
    link(here(), 'self', MEDIA.geojson, 'Halaman ini'),
    link(here('html'), 'alternate', MEDIA.html, 'Halaman ini sebagai HTML'),
    link(`${baseUrl}${COLLECTION_PATH}`, 'collection', MEDIA.json, 'Katalog metadata'),
    // the profile the records of this page follow, as each single record says (Records /req/json/record-content)
    link(PROFILE_CATALOG, 'profile', undefined, 'OGC catalog record profile'),
  ];
  if (page.more && features.length > 0) {
    // keyset continuation: the next page costs what the first does, however deep (page-cursor.ts)
    const next = page.next
      ? itemsHref(baseUrl, q.echo, { limit: q.limit, cursor: encodeCursor(q.echo, q.offset + features.length, page.next) })
      : at(q.offset + q.limit);
    links.push(link(next, 'next', MEDIA.geojson, 'Halaman berikutnya'));
  }
  // the previous page by position, where positions may still be asked for
  const prev = Math.max(0, q.offset - q.limit);
  if (q.offset > 0 && prev <= MAX_OFFSET) links.push(link(at(prev), 'prev', MEDIA.geojson, 'Halaman sebelumnya'));
  return {
    type: 'FeatureCollection',
    ...(page.count.exact ? { numberMatched: page.count.value } : {}),
    numberReturned: features.length,
    timeStamp: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
    features,
    links,
    ...(facets ? { facets } : {}),
    ...(page.suggestion !== undefined ? { suggestion: page.suggestion } : {}),
    ...(page.typoTolerant ? { typoTolerant: true } : {}),
    ...(page.rankWindow !== undefined ? { rankWindow: page.rankWindow } : {}),
  };
}
