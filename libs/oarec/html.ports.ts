/**
 * The seam between the OGC API – Records JSON (built here) and its HTML pages (libs/oarec/html/,
 * built by the pages work). The routes pass every HTML request to this renderer with the JSON
 * document they would have sent; while no renderer is wired in (AppDeps.oarecHtml absent),
 * HTML requests answer 406 with the exception JSON.
 */
export interface OarecHtmlContext {
  /** public base URL, without trailing slash */
  baseUrl: string;
  /** the request's raw query string (without `?`), to build links that keep the state */
  queryString: string;
  /** the request's query parameters, one value each */
  query: Record<string, string>;
  /** the catalogue's name and abstract (CSW identity), for titles and the home page */
  catalogue: { title: string; abstract: string };
}

/** One value of a facet and its count over the current filter (libs/search/search.ports.ts). */
export interface OarecFacetValue {
  value: string;
  count: number;
  /** estimated from a sample of a large result: the page says "sekitar" */
  approximate?: boolean;
}

/** keyword, topicCategory, type, organisation, format → top values with counts */
export type OarecFacets = Record<string, OarecFacetValue[]>;

/**
 * Methods may answer a promise: the home page reads its figures (counts, recent publications)
 * from the database; the routes await every call.
 */
export interface OarecHtmlRenderer {
  landing(json: unknown, ctx: OarecHtmlContext): string | Promise<string>;
  conformance(json: unknown, ctx: OarecHtmlContext): string | Promise<string>;
  collections(json: unknown, ctx: OarecHtmlContext): string | Promise<string>;
  collection(json: unknown, ctx: OarecHtmlContext): string | Promise<string>;
  items(json: unknown, facets: OarecFacets, ctx: OarecHtmlContext): string | Promise<string>;
  record(feature: unknown, ctx: OarecHtmlContext): string | Promise<string>;
  queryables(json: unknown, ctx: OarecHtmlContext): string | Promise<string>;
  /** an error page (400, 404 …) for a client that asked for HTML; `path` is the path asked for */
  error(input: { status: number; code?: string; description?: string; path: string }, ctx: OarecHtmlContext): string | Promise<string>;
}
