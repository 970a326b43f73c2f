import { Router, type Request } from 'express';
import { AppError } from '../../../libs/errors';
import type { AppDeps } from '../app-deps';
import { actorOf, requireAuth } from '../http/auth-guards';
import { sendRecord } from '../presenters/record.presenter';

/**
 * The workbench's XML view (issue 19 points 4, 5; libs/catalogue/record-xml-edits.ts). Mounted
 * before metadataRoutes.
 * - `POST /api/metadata/{id}/document/check` (application/xml): XSD + our rules, line diff, field changes
 * - `PUT /api/metadata/{id}/document` (application/xml, If-Match): a new document version when it passes, 422 otherwise
 * - `GET /api/metadata/{id}/documents/{seq}/diff?against={seq2}`: unified line diff of two stored versions
 */
function xmlBody(req: Request): string {
  if (!(req.is('application/xml') || req.is('text/xml'))) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Isi permintaan harus dokumen XML (Content-Type: application/xml).');
  }
  if (typeof req.body !== 'string' || req.body.trim() === '') throw new AppError('BAD_REQUEST', 'Dokumen XML kosong.');
  return req.body;
}

function seqOf(raw: unknown, name: string): number {
  if (typeof raw !== 'string' || !/^[1-9]\d{0,8}$/.test(raw)) throw new AppError('BAD_REQUEST', `Parameter "${name}" harus bilangan bulat positif.`);
  return Number(raw);
}

export function recordXmlRoutes(deps: AppDeps): Router {
  const { xmlEdits } = deps;
  const r = Router();
  r.post('/:id/document/check', requireAuth, async (req, res) => {
    const result = await xmlEdits.check(actorOf(req), req.params.id as string, xmlBody(req));
    res.set('Cache-Control', 'no-store').json(result);
  });
  r.put('/:id/document', requireAuth, async (req, res) => {
    const actor = actorOf(req);
    const rec = await xmlEdits.save(actor, req.params.id as string, xmlBody(req), req.get('if-match') ?? undefined);
    sendRecord(res, rec, actor);
  });
  r.get('/:id/documents/:seq/diff', requireAuth, async (req, res) => {
    const seq = seqOf(req.params.seq, 'seq');
    const against = seqOf(req.query.against, 'against');
    const diff = await xmlEdits.diff(actorOf(req), req.params.id as string, seq, against);
    res.set('Cache-Control', 'private, no-cache').json({ seq, against, diff });
  });
  return r;
}
