import express, { type Express, type Request, type Response } from 'express';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import type { QueueName } from '../../../libs/jobs/job-registry';
import type { DashboardQueues } from '../../../libs/jobs/dashboard-queues';
import { requireServiceAdmin } from '../http/auth-guards';

/** Where the dashboard is mounted (bull-board builds its links and API calls from it). */
export const QUEUES_DASHBOARD_PATH = '/admin/queues';

/** What the board says about a queue (a queue added to the registry later shows without one). */
const QUEUE_DESCRIPTIONS: Partial<Record<QueueName, string>> & Record<string, string | undefined> = {
  render: 'Render XML rekaman (record.render) dari rekonsiliator dan ekspor',
  events: 'Event outbox rekaman: dibuat, diubah, status berubah, dihapus',
  notify: 'Notifikasi surel dan WhatsApp atas perubahan alur kerja',
  harvest: 'Run panen sumber (harvest.run): manual dan terjadwal; run gagal tetap terlihat di sini',
};

const EMBEDDED_DETAIL =
  'Dasbor antrean memerlukan mode server (DATABASE_URL dan REDIS_URL, antrean BullMQ). Pada mode tertanam job ' +
  'berjalan di dalam proses API tanpa antrean Redis; jumlah job per antrean tetap terlihat di /metrics.';

/** Embedded mode: a plain answer (501: this deployment does not offer the feature), never a 500. */
function embeddedAnswer(req: Request, res: Response): void {
  res.status(501).setHeader('Cache-Control', 'no-store');
  if (req.accepts(['json', 'html']) === 'html') {
    res.type('html').send(
      '<!doctype html><html lang="id"><head><meta charset="utf-8"><title>Dasbor antrean tidak tersedia</title></head>' +
        `<body><h1>Dasbor antrean tidak tersedia</h1><p>${EMBEDDED_DETAIL}</p></body></html>`,
    );
    return;
  }
  res.json({ available: false, mode: 'embedded', detail: EMBEDDED_DETAIL });
}

/**
 * bull-board at /admin/queues for service administrators only (the queues hold every organisation's
 * jobs, and pausing one stops it for all): 401 without a session, 403 for everyone else, UI and API alike
 * (the problem documents of the app's error handler). The caller mounts it behind the session
 * middleware and passport. Every registry queue is listed with its failed jobs and retry.
 * Returned as an Express sub-app so Express restores the request when it hands errors back.
 */
export function queuesDashboardRoutes(deps: { dashboardQueues?: DashboardQueues | undefined }): Express {
  const dash = express();
  dash.disable('x-powered-by');
  dash.use(requireServiceAdmin);

  const dq = deps.dashboardQueues;
  if (!dq) {
    dash.use(embeddedAnswer);
    return dash;
  }

  const serverAdapter = new ExpressAdapter();
  serverAdapter.setBasePath(QUEUES_DASHBOARD_PATH);
  const board = createBullBoard({
    queues: [],
    serverAdapter,
    options: { uiConfig: { boardTitle: 'Antrean geokatalog' } },
  });
  let loaded = false;
  dash.use((_req, _res, next) => {
    if (!loaded) {
      loaded = true;
      board.setQueues(dq.queues().map((q) =>
        new BullMQAdapter(q, { allowRetries: true, description: QUEUE_DESCRIPTIONS[q.name] ?? '' })));
    }
    next();
  });
  const boardApp = serverAdapter.getRouter() as Express;
  boardApp.disable('x-powered-by');
  dash.use(boardApp);
  return dash;
}
