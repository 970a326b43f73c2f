import express, { Router, type Request, type Response } from 'express';
import type { AppDeps } from '../app-deps';
import { OAI_CONTENT_TYPE, envelope, errorsBody } from '../../../libs/oai/responses/oai-writer';
import { oaiError } from '../../../libs/oai/oai-errors';
import { toDatestamp } from '../../../libs/oai/request/oai-dates';

export const OAI_PATH = '/oai';
/** OAI-PMH arguments are short; a form body beyond this is not a harvester talking */
const OAI_BODY_LIMIT = 64 * 1024;
const RETRY_AFTER_SECONDS = 30;
/** The decoded (name, value) pairs of a query string or form body, repeats kept. */
const pairsOf = (encoded: string): [string, string][] => [...new URLSearchParams(encoded)];

/**
 * The public OAI-PMH 2.0 endpoint at /oai: no session, GET and POST
 * (application/x-www-form-urlencoded). Every answer is an OAI-PMH document with HTTP 200,
 * errors included; a failing database gives 503 with Retry-After, which the protocol tells
 * harvesters to honour.
 */
export function oaiRoutes(deps: AppDeps): Router {
  const r = Router();
  const { config } = deps;
  const endpointUrl = `${config.baseUrl}${OAI_PATH}`;
  // assembled once by the runtime (libs/assembly/oai-assembly.ts)
  const { service } = deps.oai;

  const send = (res: Response, status: number, body: string) => {
    res.status(status).set('Content-Type', OAI_CONTENT_TYPE).set('Cache-Control', 'no-cache').send(Buffer.from(body, 'utf8'));
  };
  const badArgument = (res: Response, message: string, status = 200) =>
    send(res, status, envelope(toDatestamp(new Date()), { baseUrl: endpointUrl }, errorsBody([oaiError('badArgument', message)])));

  const serve = async (res: Response, pairs: [string, string][]) => {
    let body: string;
    try {
      body = await service.handle(pairs);
    } catch (err) {
      deps.logger.error({ err }, 'OAI-PMH: permintaan gagal');
      res.set('Retry-After', String(RETRY_AFTER_SECONDS)).status(503).type('text/plain; charset=utf-8').send('Layanan OAI-PMH sementara tidak tersedia; coba lagi.');
      return;
    }
    send(res, 200, body);
  };

  const rawBody = express.text({ type: () => true, limit: OAI_BODY_LIMIT, defaultCharset: 'utf-8' });

  r.get(OAI_PATH, async (req: Request, res: Response) => {
    const q = req.originalUrl.indexOf('?');
    await serve(res, q < 0 ? [] : pairsOf(req.originalUrl.slice(q + 1)));
  });

  r.post(OAI_PATH, (req: Request, res: Response) => {
    if (!req.is('application/x-www-form-urlencoded')) {
      badArgument(res, 'POST harus berjenis application/x-www-form-urlencoded.');
      return;
    }
    rawBody(req, res, (err?: unknown) => {
      if (err) {
        badArgument(res, (err as { type?: string }).type === 'entity.too.large' ? 'Isi permintaan terlalu besar.' : 'Isi permintaan tidak dapat dibaca.');
        return;
      }
      void serve(res, pairsOf(typeof req.body === 'string' ? req.body : ''));
    });
  });

  r.all(OAI_PATH, (req: Request, res: Response) => {
    res.set('Allow', 'GET, HEAD, POST');
    badArgument(res, `Metode HTTP ${req.method} tidak didukung; gunakan GET atau POST.`, 405);
  });
  return r;
}
