import type { ServiceHttpResponse } from '../../response-cache/response-cache';
import { FACET_LIMIT, type ItemQuery } from '../request/item-query';
import { itemsDocument } from '../responses/items-document';
import { GEOJSON_TYPE, json } from '../responses/oarec-response';
import type { OarecHandlerDeps } from './handler-deps';

/**
 * /collections/metadata/items: one page from the search core (and its facets when asked). A page
 * whose count is only an estimate is marked provisional, so the response cache does not keep it.
 */
export async function itemsResponse(deps: OarecHandlerDeps, q: ItemQuery, countScope: string | undefined): Promise<ServiceHttpResponse> {
  const [page, exactFacets] = await Promise.all([
    deps.core.page(q.filter, q.sort, q.offset, q.limit, countScope, q.after),
    q.facets ? deps.core.facets(q.filter, FACET_LIMIT, countScope) : Promise.resolve(undefined),
  ]);
  // nothing matched the words: the facets count the typo-tolerant records shown instead
  const facets = q.facets && page.typoTolerant ? await deps.core.facets(page.typoTolerant, FACET_LIMIT, countScope) : exactFacets;
  const answer = json(itemsDocument(deps.baseUrl, q, page, facets), GEOJSON_TYPE);
  return page.count.exact ? answer : { ...answer, provisional: true };
}
