import { Router, type Request, type Response } from 'express';
import type { AppDeps } from '../app-deps';
import { contentEtag, notModified } from '../http/etag';
import { OarecError } from '../../../libs/oarec/oarec-error';
import { oarecFailure } from '../../../libs/oarec/oarec-service';
import type { OarecRequest } from '../../../libs/oarec/request/oarec-request';
import type { OarecFacets, OarecHtmlContext } from '../../../libs/oarec/html.ports';
import { COLLECTION_PATH, ITEMS_PATH } from '../../../libs/oarec/oarec-links';
import { createDerivedPages } from '../../../libs/response-cache/derived-pages';

/** Every path of the OGC API – Records endpoint (mounted at the root of BASE_URL). */
export const OAREC_PATHS = [
  '/', '/conformance', '/openapi', '/collections', COLLECTION_PATH, `${COLLECTION_PATH}/queryables`,
  `${COLLECTION_PATH}/sortables`, ITEMS_PATH, `${ITEMS_PATH}/:recordId`,
] as const;

type Query = Record<string, string | string[] | undefined>;

/**
 * The public OGC API – Records endpoint: no session, errors as exception JSON. JSON and the
 * stored ISO renders come from the catalogue's response cache (ETag, 304, Cache-Control,
 * X-Cache); HTML is the same JSON (from the same cache) rendered by the pages' renderer
 * (AppDeps.oarecHtml) — 406 while none is wired in.
 */
export function oarecRoutes(deps: AppDeps): Router {
  const r = Router();
  const { service, cache } = deps.catalogue.oarec;
  // HTML pages of cached JSON answers: a hit sends the page it rendered before (derived-pages.ts)
  const pages = createDerivedPages();

  const sendError = (res: Response, e: OarecError): void => {
    const out = oarecFailure(e);
    res.status(out.status).set('Content-Type', out.contentType).set('Cache-Control', 'no-store').send(Buffer.from(out.body, 'utf8'));
  };

  const relPath = (req: Request): string => {
    const p = req.path.length > 1 ? req.path.replace(/\/+$/, '') : req.path;
    return p === '' ? '/' : p;
  };

  async function html(req: Request, res: Response, parsed: OarecRequest, path: string, query: Query): Promise<void> {
    const renderer = deps.oarecHtml;
    if (!renderer) {
      sendError(res, new OarecError(406, 'NotAcceptable', 'Encoding HTML belum tersedia; minta f=json.'));
      return;
    }
    // the JSON of the same request (cached), with facet counts for the search page
    const jsonQuery: Query = { ...query, f: 'json', ...(parsed.resource === 'items' ? { facets: 'true' } : {}) };
    const out = await cache.respond({ method: 'GET', path, query: jsonQuery });
    if (out.status !== 200) {
      res.status(out.status).set('Content-Type', out.contentType).set('Cache-Control', 'no-store').send(Buffer.from(out.body, 'utf8'));
      return;
    }
    const identity = await deps.catalogue.getIdentity();
    const single: Record<string, string> = {};
    for (const [k, v] of Object.entries(query)) if (typeof v === 'string') single[k] = v;
    const q = req.originalUrl.indexOf('?');
    const ctx: OarecHtmlContext = {
      baseUrl: deps.config.baseUrl,
      queryString: q >= 0 ? req.originalUrl.slice(q + 1) : '',
      query: single,
      catalogue: { title: identity.title, abstract: identity.abstract },
    };
    // everything the page depends on besides the JSON (the landing page also reads the
    // database, so it is always rendered)
    const variant = parsed.resource === 'landing' ? undefined : JSON.stringify([parsed.resource, ctx.queryString, identity.title, identity.abstract]);
    const kept = out.cache === 'hit' && variant !== undefined ? pages.get(out.etag, variant) : undefined;
    if (kept) {
      sendPage(req, res, out, kept.etag, kept.bytes);
      return;
    }
    const doc = JSON.parse(out.body) as Record<string, unknown>;
    let body: string;
    switch (parsed.resource) {
      case 'items': {
        const facets = (doc.facets ?? {}) as OarecFacets;
        delete doc.facets;
        body = await renderer.items(doc, facets, ctx);
        break;
      }
      case 'record': body = await renderer.record(doc, ctx); break;
      case 'landing': body = await renderer.landing(doc, ctx); break;
      case 'conformance': body = await renderer.conformance(doc, ctx); break;
      case 'collections': body = await renderer.collections(doc, ctx); break;
      case 'collection': body = await renderer.collection(doc, ctx); break;
      case 'queryables': body = await renderer.queryables(doc, ctx); break;
      default:
        sendError(res, new OarecError(406, 'NotAcceptable', 'Dokumen ini tidak tersedia sebagai HTML; minta f=json.'));
        return;
    }
    const etag = contentEtag(body);
    const cacheable = out.cache !== 'bypass' && variant !== undefined;
    sendPage(req, res, out, etag, cacheable ? pages.set(out.etag, variant, { body, etag }) : Buffer.from(body, 'utf8'));
  }

  function sendPage(req: Request, res: Response, out: { cacheControl: string; cache: string }, etag: string, bytes: Buffer): void {
    res.set('Cache-Control', out.cacheControl).set('ETag', etag).set('Vary', 'Accept').set('X-Cache', out.cache);
    if (notModified(req, etag)) {
      res.status(304).end();
      return;
    }
    res.status(200).set('Content-Type', 'text/html; charset=utf-8').send(bytes);
  }

  const serve = async (req: Request, res: Response): Promise<void> => {
    const path = relPath(req);
    const query = req.query as Query;
    const accept = req.headers.accept;
    let parsed: OarecRequest;
    try {
      parsed = service.parse({ method: 'GET', path, query, accept });
    } catch (err) {
      if (err instanceof OarecError) {
        sendError(res, err);
        return;
      }
      throw err;
    }
    if (parsed.format === 'html') {
      await html(req, res, parsed, path, query);
      return;
    }
    const out = await cache.respond({ method: 'GET', path, query, accept });
    res.set('Cache-Control', out.cacheControl).set('ETag', out.etag).set('Vary', 'Accept').set('X-Cache', out.cache);
    if (out.status === 200 && notModified(req, out.etag)) {
      res.status(304).end();
      return;
    }
    res.status(out.status).set('Content-Type', out.contentType).send(out.bodyBytes ?? Buffer.from(out.body, 'utf8'));
  };

  for (const p of OAREC_PATHS) r.get(p, serve);
  // anything else below /collections is an unknown collection or record: exception JSON, not problem+json
  r.get(/^\/collections\/.+/, (_req, res) => sendError(res, new OarecError(404, 'NotFound', 'Koleksi atau rekaman tidak ditemukan.')));
  for (const p of OAREC_PATHS) {
    r.all(p, (req, res) => {
      res.set('Allow', 'GET, HEAD');
      sendError(res, new OarecError(405, 'MethodNotAllowed', `Metode ${req.method} tidak didukung; gunakan GET.`));
    });
  }
  return r;
}
