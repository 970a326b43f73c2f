import type { ServiceHttpResponse } from '../../response-cache/response-cache';
import { FACET_LIMIT, type ItemQuery } from '../request/item-query';
import { itemsDocument } from '../responses/items-document';
import { GEOJSON_TYPE, json } from '../responses/oarec-response';
import type { OarecHandlerDeps } from './handler-deps';

/**
 * /collections/metadata/items: one page from the search core (and its facets when asked: those of
 * the records shown, the typo-tolerant ones when nothing matched the words exactly). A page
 * whose count is only an estimate is marked provisional, so the response cache does not keep it.
 */
export async function itemsResponse(deps: OarecHandlerDeps, q: ItemQuery, countScope: string | undefined): Promise<ServiceHttpResponse> {
  // with facets: one call, so a search in relevance order counts them with its page (SearchCore.pageWithFacets)
  const { page, facets } = q.facets
    ? await deps.core.pageWithFacets(q.filter, q.sort, q.offset, q.limit, FACET_LIMIT, countScope, q.after)
    : { page: await deps.core.page(q.filter, q.sort, q.offset, q.limit, countScope, q.after), facets: undefined };
  const answer = json(itemsDocument(deps.baseUrl, q, page, facets), GEOJSON_TYPE);
  return page.count.exact ? answer : { ...answer, provisional: true };
}
