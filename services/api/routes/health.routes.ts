import { Router } from 'express';
import type { AppDeps } from '../app-deps';

/**
 * /healthz: the process is up (liveness, no dependencies).
 * /readyz: the process can serve: the database answers, and so does every extra check
 * (Redis in server mode). 503 with the failing parts otherwise.
 */
export function healthRoutes(deps: AppDeps): Router {
  const r = Router();
  r.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  r.get('/readyz', async (_req, res) => {
    const checks: Record<string, () => Promise<void>> = { ...deps.readinessChecks };
    const results = await Promise.all(
      Object.entries(checks).map(async ([name, check]) => {
        try {
          await withTimeout(check(), 2_000);
          return [name, 'ok'] as const;
        } catch {
          return [name, 'gagal'] as const;
        }
      }),
    );
    const ready = results.every(([, s]) => s === 'ok');
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'not-ready', checks: Object.fromEntries(results) });
  });
  return r;
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error('timeout')), ms);
    p.then((v) => { clearTimeout(t); resolve(v); }, (e) => { clearTimeout(t); reject(e); });
  });
}
