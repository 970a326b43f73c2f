import type { PublicPagesSource } from '../../catalogue/public-pages.ports';
import type { HtmlPageContext } from './page-context';
import type { Facets, OarecItems, OarecRecord } from './record-feature.types';
import { errorPage, type ErrorPageInput } from './error.page';
import { homePage } from './home.page';
import { searchPage } from './search.page';
import { recordPage } from './record.page';
import { pageLangOf } from './page-language';
import { collectionPage, collectionsPage, conformancePage, queryablesPage } from './simple.pages';

export interface CatalogueIdentity {
  title: string;
  abstract: string;
}

export interface OarecHtmlDeps {
  /** home page figures and recent publications (libs/db public-pages.repository.ts) */
  source: PublicPagesSource;
  /** the catalogue's name and abstract: the CSW identity (settings over CSW_* defaults), read per page so an edit shows at once */
  identity(): Promise<CatalogueIdentity>;
  /** MAP_TILE_URL: an optional tile layer over the built-in base map */
  mapTileUrl?: string;
}

/**
 * The HTML side of the Records routes: each method takes the JSON the route would send and
 * returns the page. Async because the home page adds figures from the database and every page
 * names the catalogue from its identity settings.
 */
export interface OarecHtmlPages {
  landing(json: { title?: string; description?: string }, ctx: HtmlPageContext): Promise<string>;
  conformance(json: { conformsTo?: string[] }, ctx: HtmlPageContext): Promise<string>;
  collections(json: { collections?: { id?: string; title?: string }[] }, ctx: HtmlPageContext): Promise<string>;
  collection(json: { id?: string; title?: string }, ctx: HtmlPageContext): Promise<string>;
  items(json: OarecItems, facets: Facets | undefined, ctx: HtmlPageContext): Promise<string>;
  record(feature: OarecRecord, ctx: HtmlPageContext): Promise<string>;
  queryables(json: { properties?: Record<string, object> }, ctx: HtmlPageContext): Promise<string>;
  /** a 4xx for a client that asked for HTML: the exception JSON's code and description as a page */
  error(input: ErrorPageInput, ctx: HtmlPageContext): Promise<string>;
}

const RECENT = 8;

export function createOarecHtmlRenderer(deps: OarecHtmlDeps): OarecHtmlPages {
  // the route's identity when it passes one, else read it (tests, and routes that do not)
  const identity = async (ctx: HtmlPageContext): Promise<CatalogueIdentity> => ctx.catalogue ?? deps.identity();
  const name = async (ctx: HtmlPageContext) => (await identity(ctx)).title || 'Katalog Metadata Geospasial';
  return {
    async landing(json, ctx) {
      const [id, summary] = await Promise.all([identity(ctx), deps.source.summary(RECENT)]);
      return homePage({ title: id.title || json.title || 'Katalog Metadata Geospasial', abstract: id.abstract || json.description || '', summary }, ctx);
    },
    async conformance(json, ctx) {
      return conformancePage(json, ctx);
    },
    async collections(json, ctx) {
      return collectionsPage(json, ctx);
    },
    async collection(json, ctx) {
      return collectionPage(json, ctx);
    },
    async items(json, facets, ctx) {
      return searchPage(json, facets, ctx, { catalogueName: await name(ctx), tileUrl: deps.mapTileUrl, baseUrl: ctx.baseUrl });
    },
    async record(feature, ctx) {
      return recordPage(feature, { baseUrl: ctx.baseUrl, catalogueName: await name(ctx), tileUrl: deps.mapTileUrl, lang: pageLangOf(ctx.query) });
    },
    async queryables(json, ctx) {
      return queryablesPage(json as Parameters<typeof queryablesPage>[0], ctx);
    },
    async error(input, ctx) {
      // the page must come even when the identity cannot be read (the error may be that the store is down)
      const catalogue = await name(ctx).catch(() => 'Katalog Metadata Geospasial');
      return errorPage(input, ctx, catalogue);
    },
  };
}
