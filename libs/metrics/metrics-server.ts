import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Metrics } from './metrics';
import { SCRAPE_UNAUTHORIZED_TEXT, scrapeAllowed } from './scrape-auth';

export interface MetricsServer {
  /** the port actually bound (useful with port 0) */
  readonly port: number;
  close(): Promise<void>;
}

export interface MetricsServerOptions {
  port: number;
  /** default: every interface, so Prometheus (and the compose health check) can reach it */
  host?: string;
  /** METRICS_TOKEN: when set, /metrics wants `Authorization: Bearer <token>` */
  token: string | undefined;
}

/**
 * The worker's own small HTTP server: `GET /metrics` (the same token rule as the API) and
 * `GET /healthz` for container health checks. The worker has no Express app; node:http is enough.
 */
export async function startMetricsServer(metrics: Metrics, opts: MetricsServerOptions): Promise<MetricsServer> {
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' }).end('Metode tidak diizinkan.\n');
      return;
    }
    if (path === '/healthz') {
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"status":"ok"}');
      return;
    }
    if (path !== '/metrics') {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Tidak ditemukan.\n');
      return;
    }
    if (!scrapeAllowed(opts.token, req.headers.authorization)) {
      res.writeHead(401, { 'Content-Type': 'text/plain; charset=utf-8', 'WWW-Authenticate': 'Bearer realm="metrics"' }).end(SCRAPE_UNAUTHORIZED_TEXT);
      return;
    }
    metrics.registry.metrics().then(
      (text) => { res.writeHead(200, { 'Content-Type': metrics.registry.contentType }).end(text); },
      () => { res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Metrik tidak dapat dikumpulkan.\n'); },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
  };
}
