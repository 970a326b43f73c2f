import { Router, type Request, type Response } from 'express';
import type { AppDeps } from '../app-deps';
import { contentEtag, notModified } from '../http/etag';
import { OarecError } from '../../../libs/oarec/oarec-error';
import { oarecFailure } from '../../../libs/oarec/oarec-service';
import { asksForHtml, type OarecRequest } from '../../../libs/oarec/request/oarec-request';
import type { OarecFacets, OarecHtmlContext } from '../../../libs/oarec/html.ports';
import { COLLECTION_PATH, ITEMS_PATH } from '../../../libs/oarec/oarec-links';
import { canonicalDateQuery } from '../../../libs/oarec/html/search-date-fields';
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

  const sendError = (req: Request, res: Response, e: OarecError): Promise<void> => sendFailure(req, res, oarecFailure(e));

  /** An error answer: the exception JSON, or — to a client that asked for HTML — the error page made from it. */
  async function sendFailure(req: Request, res: Response, out: { status: number; contentType: string; body: string }): Promise<void> {
    res.status(out.status).set('Cache-Control', 'no-store');
    if (deps.oarecHtml && out.status !== 406 && asksForHtml((req.query as Query).f, req.headers.accept)) {
      let exception: { code?: string; description?: string } = {};
      try {
        exception = JSON.parse(out.body) as typeof exception;
      } catch {
        // not the exception JSON: the page says the status only
      }
      const body = await deps.oarecHtml.error({ status: out.status, code: exception.code, description: exception.description, path: relPath(req) }, await htmlContext(req));
      res.set('Content-Type', 'text/html; charset=utf-8').set('Vary', 'Accept').send(Buffer.from(body, 'utf8'));
      return;
    }
    res.set('Content-Type', out.contentType).send(Buffer.from(out.body, 'utf8'));
  }

  async function htmlContext(req: Request): Promise<OarecHtmlContext> {
    const single: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.query as Query)) if (typeof v === 'string') single[k] = v;
    const q = req.originalUrl.indexOf('?');
    // an error page must not fail because the identity cannot be read (the store may be what failed)
    const identity = await deps.catalogue.getIdentity().catch(() => ({ title: '', abstract: '' }));
    return {
      baseUrl: deps.config.baseUrl,
      queryString: q >= 0 ? req.originalUrl.slice(q + 1) : '',
      query: single,
      catalogue: { title: identity.title, abstract: identity.abstract },
    };
  }

  const relPath = (req: Request): string => {
    const p = req.path.length > 1 ? req.path.replace(/\/+$/, '') : req.path;
    return p === '' ? '/' : p;
  };

  async function html(req: Request, res: Response, parsed: OarecRequest, path: string, query: Query): Promise<void> {
    const renderer = deps.oarecHtml;
    if (!renderer) {
      await sendError(req, res, new OarecError(406, 'NotAcceptable', 'Encoding HTML belum tersedia; minta f=json.'));
      return;
    }
    // the JSON of the same request (cached), with facet counts for the search page
    const jsonQuery: Query = { ...query, f: 'json', ...(parsed.resource === 'items' ? { facets: 'true' } : {}) };
    const out = await cache.respond({ method: 'GET', path, query: jsonQuery });
    if (out.status !== 200) {
      await sendFailure(req, res, out); // an unknown record, a bad value only the search core sees …
      return;
    }
    const ctx = await htmlContext(req);
    // everything the page depends on besides the JSON (the landing page also reads the
    // database, so it is always rendered)
    const variant = parsed.resource === 'landing' ? undefined : JSON.stringify([parsed.resource, ctx.queryString, ctx.catalogue.title, ctx.catalogue.abstract]);
    const kept = out.cache === 'hit' && variant !== undefined ? pages.get(out.etag, variant) : undefined;
    if (kept) {
      sendPage(req, res, out, kept.etag, kept.bytes);
      return;
    }
    // a freshly computed answer brings its value; a cached one is parsed
    const doc = (out.document ?? JSON.parse(out.body)) as Record<string, unknown>;
    let body: string;
    switch (parsed.resource) {
      case 'items': {
        const { facets, ...page } = doc;
        body = await renderer.items(page, (facets ?? {}) as OarecFacets, ctx);
        break;
      }
      case 'record': body = await renderer.record(doc, ctx); break;
      case 'landing': body = await renderer.landing(doc, ctx); break;
      case 'conformance': body = await renderer.conformance(doc, ctx); break;
      case 'collections': body = await renderer.collections(doc, ctx); break;
      case 'collection': body = await renderer.collection(doc, ctx); break;
      case 'queryables': body = await renderer.queryables(doc, ctx); break;
      default:
        await sendError(req, res, new OarecError(406, 'NotAcceptable', 'Dokumen ini tidak tersedia sebagai HTML; minta f=json.'));
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
      // the search page's date inputs (no JavaScript needed): the same search in Records parameters
      const dated = path === ITEMS_PATH ? canonicalDateQuery(query) : undefined;
      if (dated) {
        const qs = new URLSearchParams(dated).toString();
        res.set('Cache-Control', 'no-store').redirect(303, `${req.baseUrl}${ITEMS_PATH}${qs ? `?${qs}` : ''}`);
        return;
      }
      parsed = service.parse({ method: 'GET', path, query, accept });
    } catch (err) {
      if (err instanceof OarecError) {
        await sendError(req, res, err);
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
  r.get(/^\/collections\/.+/, (req, res) => sendError(req, res, new OarecError(404, 'NotFound', 'Koleksi atau rekaman tidak ditemukan.')));
  for (const p of OAREC_PATHS) {
    r.all(p, (req, res) => {
      res.set('Allow', 'GET, HEAD');
      return sendError(req, res, new OarecError(405, 'MethodNotAllowed', `Metode ${req.method} tidak didukung; gunakan GET.`));
    });
  }
  return r;
}
