import { Router, type Request, type RequestHandler } from 'express';
import { asksForHtml } from '../../../libs/oarec/request/oarec-request';
import type { AppDeps } from '../app-deps';
import { STATIC_PREFIX, assetVersion, staticAsset } from '../../../libs/oarec/html/static-assets';
import { publicPageHeaders } from '../../../libs/oarec/html/page-security';
import { SITEMAP_MAX_URLS, robotsTxt, sitemapIndex, sitemapUrlset } from '../../../libs/oarec/sitemap/sitemap';

/** Paths of the Records API and the public pages: they get the pages' CSP whatever the encoding. */
const PUBLIC_PAGE_PATHS = /^\/(?:$|conformance\/?$|collections(?:\/|$)|items(?:\/|$)|queryables\/?$|sortables\/?$|openapi\/?$)/;

/**
 * The pages' security headers on every public page (JSON responses of the same paths get them
 * too; harmless, and one rule is easier to trust than a list per encoding).
 */
export function publicPageSecurity(deps: Pick<AppDeps, 'config'>): RequestHandler {
  const headers = publicPageHeaders(deps.config.mapTileUrl);
  return (req, res, next) => {
    if (PUBLIC_PAGE_PATHS.test(req.path)) res.set(headers);
    next();
  };
}

/** Static assets (`/static/<version>/…`), `/robots.txt`, `/sitemap.xml` and its pages. */
export function publicPagesRoutes(deps: Pick<AppDeps, 'config' | 'publicPages'>, opts: { sitemapPageSize?: number } = {}): Router {
  const r = Router();
  const pageSize = opts.sitemapPageSize ?? SITEMAP_MAX_URLS;
  const base = deps.config.baseUrl;

  r.get(`${STATIC_PREFIX}/:version/*file`, (req: Request, res, next) => {
    const file = ([] as string[]).concat((req.params as { file?: string | string[] }).file ?? []).join('/');
    const asset = req.params.version === assetVersion() ? staticAsset(file) : undefined;
    if (!asset) return next(); // → the 404 problem document
    // the version is a hash of the content: a changed file has a new URL, so cache for a year
    res.set('Cache-Control', 'public, max-age=31536000, immutable');
    res.set('X-Content-Type-Options', 'nosniff');
    res.type(asset.contentType);
    if (!asset.gzip) return void res.send(asset.body);
    // compressed once at load (static-assets.ts), sent to clients that take gzip
    res.vary('Accept-Encoding');
    if (acceptsGzip(req.headers['accept-encoding'])) return void res.set('Content-Encoding', 'gzip').send(asset.gzip);
    res.send(asset.body);
  });

  r.get('/robots.txt', (_req, res) => {
    res.set('Cache-Control', 'public, max-age=86400');
    res.type('text/plain; charset=utf-8').send(robotsTxt(base));
  });

  r.get('/sitemap.xml', async (_req, res) => {
    const count = await deps.publicPages.publishedCount();
    res.set('Cache-Control', 'public, max-age=3600');
    res.type('application/xml; charset=utf-8');
    // two start pages share the first file with the records
    if (count + 2 <= pageSize) {
      res.send(sitemapUrlset(base, await deps.publicPages.sitemapEntries(0, pageSize), true));
    } else {
      res.send(sitemapIndex(base, sitemapPageCount(count, pageSize)));
    }
  });

  r.get('/sitemap-:page.xml', async (req, res, next) => {
    const page = Number(req.params.page);
    const count = await deps.publicPages.publishedCount();
    if (!/^[1-9]\d{0,6}$/.test(req.params.page ?? '') || count + 2 <= pageSize || page > sitemapPageCount(count, pageSize)) return next();
    // page 1 holds the two start pages and pageSize - 2 records; later pages pageSize records each
    const offset = page === 1 ? 0 : pageSize - 2 + (page - 2) * pageSize;
    const limit = page === 1 ? pageSize - 2 : pageSize;
    res.set('Cache-Control', 'public, max-age=3600');
    res.type('application/xml; charset=utf-8').send(sitemapUrlset(base, await deps.publicPages.sitemapEntries(offset, limit), page === 1));
  });
  return r;
}

/** `Accept-Encoding` names gzip (or `*`) without `q=0`. */
export function acceptsGzip(header: string | undefined): boolean {
  return (header ?? '').split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return (coding === 'gzip' || coding === '*') && !(q && Number(q.slice(2)) === 0);
  });
}

export function sitemapPageCount(count: number, pageSize: number): number {
  return Math.max(1, Math.ceil((count + 2) / pageSize));
}

/**
 * Paths that are not the public site: the REST API, the workbench, the queue dashboard, the
 * protocol endpoints (their own error formats) and the static files keep the problem document.
 */
const NOT_PUBLIC_SITE = /^\/(?:api|app|admin|metadata\/csw|oai|static)(?:\/|$)/;

/**
 * An unknown path of the public site asked for by a browser (GET/HEAD, Accept prefers HTML, or
 * `f=html`): the 404 page in the site's style with a way back, instead of the JSON problem
 * document the next handler would send. Everything else falls through to that handler.
 */
export function publicNotFoundPage(deps: Pick<AppDeps, 'config' | 'oarecHtml' | 'catalogue'>): RequestHandler {
  const headers = publicPageHeaders(deps.config.mapTileUrl);
  return async (req, res, next) => {
    const renderer = deps.oarecHtml;
    if (!renderer || (req.method !== 'GET' && req.method !== 'HEAD') || NOT_PUBLIC_SITE.test(req.path)) return next();
    if (!asksForHtml(req.query.f, req.headers.accept)) return next();
    const identity = await deps.catalogue.getIdentity().catch(() => ({ title: '', abstract: '' }));
    const query: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.query)) if (typeof v === 'string') query[k] = v;
    const body = await renderer.error(
      { status: 404, code: 'NotFound', description: 'Halaman tidak ditemukan.', path: req.path },
      { baseUrl: deps.config.baseUrl, queryString: '', query, catalogue: { title: identity.title, abstract: identity.abstract } },
    );
    res.status(404).set(headers).set('Cache-Control', 'no-store').set('Vary', 'Accept').type('text/html; charset=utf-8').send(body);
  };
}
