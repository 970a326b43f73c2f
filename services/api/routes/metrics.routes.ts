import { Router } from 'express';
import type { Metrics } from '../../../libs/metrics/metrics';
import { SCRAPE_UNAUTHORIZED_TEXT, scrapeAllowed } from '../../../libs/metrics/scrape-auth';
import type { AppDeps } from '../app-deps';

/**
 * GET /metrics: Prometheus text format, outside /api and without a session (Prometheus has no
 * cookie). Protected by METRICS_TOKEN when set: `Authorization: Bearer <token>`, else 401 in
 * plain text; open when unset (e.g. reachable only on the compose network).
 */
export function metricsRoutes(deps: Pick<AppDeps, 'config'>, metrics: Metrics): Router {
  const r = Router();
  r.get('/metrics', async (req, res) => {
    if (!scrapeAllowed(deps.config.metricsToken, req.headers.authorization)) {
      res.status(401).setHeader('WWW-Authenticate', 'Bearer realm="metrics"');
      res.type('text/plain; charset=utf-8').send(SCRAPE_UNAUTHORIZED_TEXT);
      return;
    }
    const text = await metrics.registry.metrics();
    res.setHeader('Cache-Control', 'no-store');
    res.type(metrics.registry.contentType).send(text);
  });
  return r;
}
