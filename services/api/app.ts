import express, { type Express } from 'express';
import type { AppDeps } from './app-deps';
import { requestContext, httpLogger } from './http/request-logging';
import { requireJsonBody } from './http/require-json';
import { refuseCrossSite } from './http/same-origin';
import { guardJsonInput, rejectNulInUrl } from './http/input-guards';
import { notFoundHandler, problemErrorHandler } from './http/problem';
import { sessionMiddleware } from './auth/session';
import { configurePassport } from './auth/passport-setup';
import { healthRoutes } from './routes/health.routes';
import { referensiRoutes } from './routes/referensi.routes';
import { docsRoutes } from './routes/docs.routes';
import { authRoutes } from './routes/auth.routes';
import { usersRoutes } from './routes/users.routes';
import { organisasiRoutes } from './routes/organisasi.routes';
import { metadataRoutes } from './routes/metadata.routes';
import { recordCommentsRoutes } from './routes/record-comments.routes';
import { recordCopiesRoutes } from './routes/record-copies.routes';
import { recordXmlRoutes } from './routes/record-xml.routes';
import { keywordsRoutes } from './routes/keywords.routes';
import { contactsRoutes } from './routes/contacts.routes';
import { workDashboardRoutes } from './routes/work-dashboard.routes';
import { exportRoutes } from './routes/export.routes';
import { CSW_BODY_LIMIT, CSW_PATH, cswRoutes } from './routes/csw.routes';
import { cswFastPath, type FastPath } from './http/csw-fast-path';
import { oaiRoutes } from './routes/oai.routes';
import { oarecRoutes } from './routes/oarec.routes';
import { cswSettingsRoutes } from './routes/csw-settings.routes';
import { harvestSourcesRoutes } from './routes/harvest-sources.routes';
import { harvestRecordRoutes } from './routes/harvest-record.routes';
import { systemStatusRoutes } from './routes/system-status.routes';
import { THUMBNAIL_PATH, thumbnailRoutes } from './routes/thumbnail.routes';
import { publicNotFoundPage, publicPageSecurity, publicPagesRoutes } from './routes/public-pages.routes';
import { metricsRoutes } from './routes/metrics.routes';
import { WORKBENCH_PATH, workbenchRoutes } from './routes/workbench.routes';
import { QUEUES_DASHBOARD_PATH, queuesDashboardRoutes } from './routes/queues-dashboard.routes';
import { queueStateRoutes } from './routes/queue-state.routes';
import { createMetrics } from '../../libs/metrics/metrics';
import { httpMetrics } from '../../libs/metrics/http-metrics';
import { cswMetrics } from '../../libs/metrics/csw-metrics';

/** 1 MB: the largest JSON or XML body the REST API accepts (413 above). */
export const BODY_LIMIT = '1mb';

/**
 * Builds the HTTP application from its dependencies. Public parts (health, reference lists,
 * schema, docs, CSW) come before the session middleware so they never touch the session
 * store; everything under /api after it.
 */
export interface AppOptions {
  /** false: every CSW request goes through Express (tests compare the two paths) */
  cswFastPath?: boolean;
}

/** Where createApp leaves the CSW fast path (http/csw-fast-path.ts), for tests to ask what it served. */
export const CSW_FAST_PATH_LOCAL = 'cswFastPath';

export function createApp(deps: AppDeps, opts: AppOptions = {}): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false); // routes that want ETags set them from record versions
  if (deps.config.cookieSecure) app.set('trust proxy', 1);

  const metrics = deps.metrics ?? createMetrics('api');
  app.use(httpMetrics(metrics)); // first: times everything, including requests later middleware refuses
  app.use(requestContext());
  app.use(httpLogger(deps.logger));
  app.use(healthRoutes(deps));
  app.use(docsRoutes(deps));
  app.use('/api/referensi', referensiRoutes());
  app.use(metricsRoutes(deps, metrics));
  app.use('/metadata/csw', cswMetrics(metrics));
  app.use(cswRoutes(deps));
  app.use(oaiRoutes(deps));
  app.use(WORKBENCH_PATH, workbenchRoutes(deps)); // static pages: no session needed (the SPA calls /api)
  app.use(publicPageSecurity(deps));
  app.use(publicPagesRoutes(deps));
  // OGC API – Records at the root: public, no session, exception JSON
  app.use(oarecRoutes(deps));

  const passport = configurePassport(deps.users);
  const api = express.Router();
  // first: a cross-site request is refused before a body is read or a session is looked up
  const sameOrigin = refuseCrossSite(deps.config.baseUrl);
  api.use(sameOrigin);
  api.use(rejectNulInUrl);
  // XML bodies: the import (POST /metadata) and the XML view (PUT /metadata/{id}/document, POST …/document/check)
  api.use(requireJsonBody({ allowXmlOn: /^\/metadata(\/[^/]+\/document(\/check)?)?\/?$/, allowImageOn: THUMBNAIL_PATH }));
  api.use(express.json({ limit: BODY_LIMIT, type: ['application/json', 'application/merge-patch+json'] }));
  api.use(guardJsonInput());
  api.use(express.text({ limit: BODY_LIMIT, type: ['application/xml', 'text/xml'] }));
  const sessions = sessionMiddleware(deps.config, deps.sessionStore);
  api.use(sessions);
  api.use(passport.initialize());
  api.use(passport.session());
  api.use('/auth', authRoutes(deps));
  api.use('/admin/users', usersRoutes(deps));
  api.use('/admin/organisasi/status', systemStatusRoutes(deps));
  api.use('/admin/organisasi', organisasiRoutes(deps));
  api.use('/admin/csw/settings', cswSettingsRoutes(deps));
  api.use('/admin/harvest-sources', harvestSourcesRoutes(deps));
  api.use('/admin/queues', queueStateRoutes(deps));
  // before metadataRoutes, which requires a session for everything: a published record's
  // thumbnail is public
  api.use('/metadata', thumbnailRoutes(deps));
  api.use('/metadata', exportRoutes(deps));
  // before metadataRoutes: refuses content edits of harvested records, adds their provenance
  api.use('/metadata', harvestRecordRoutes(deps));
  api.use('/metadata', recordCommentsRoutes(deps));
  // before metadataRoutes: `/templates` is not a record key
  api.use('/metadata', recordCopiesRoutes(deps));
  api.use('/metadata', recordXmlRoutes(deps));
  api.use('/metadata', metadataRoutes(deps));
  api.use('/dashboard', workDashboardRoutes(deps));
  api.use('/keywords', keywordsRoutes(deps));
  api.use('/contacts', contactsRoutes(deps));
  app.use('/api', api);
  // not under /api, so it gets the origin check, the JSON rule, the session and passport itself;
  // ADMIN only (checked inside). bull-board's own POSTs are bodyless or JSON: nothing else passes.
  app.use(QUEUES_DASHBOARD_PATH, sameOrigin, requireJsonBody(), sessions, passport.initialize(), passport.session(), queuesDashboardRoutes(deps));

  app.use(publicNotFoundPage(deps)); // a browser's unknown path: the 404 page; everyone else the problem document
  app.use(notFoundHandler);
  app.use(problemErrorHandler(deps.logger));
  if (opts.cswFastPath !== false && deps.config.csw.provider === 'builtin' && deps.catalogue.csw) {
    const fast = cswFastPath({ path: CSW_PATH, cache: deps.catalogue.csw.cache, metrics, logger: deps.logger, bodyLimit: CSW_BODY_LIMIT });
    app.locals[CSW_FAST_PATH_LOCAL] = fast;
    inFrontOfExpress(app, fast);
  }
  return app;
}

/**
 * Puts a raw request handler in front of everything Express does per request (http/csw-fast-path.ts).
 * It wraps `app.handle`, which the app function calls for every request however the app is
 * served (main.ts's listen, supertest, a test's listen), so every entry gets the same path;
 * what the handler declines, or hands back with `next`, Express handles as before.
 */
function inFrontOfExpress(app: Express, fast: FastPath): void {
  type Handle = (req: Parameters<FastPath>[0], res: Parameters<FastPath>[1], done?: (err?: unknown) => void) => void;
  const appWithHandle = app as unknown as { handle: Handle };
  const expressHandle = appWithHandle.handle.bind(app);
  appWithHandle.handle = (req, res, done) => {
    if (!fast(req, res, () => expressHandle(req, res, done))) expressHandle(req, res, done);
  };
}
