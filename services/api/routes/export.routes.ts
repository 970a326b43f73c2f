import { Router, type Request } from 'express';
import { AppError } from '../../../libs/errors';
import { EXPORT_FORMATS, type ExportFormat } from '../../../libs/render/formats';
import type { AppDeps } from '../app-deps';
import { actorOf, requireAuth } from '../http/auth-guards';

const DEFAULT_FORMAT: ExportFormat = 'gmd';

function exportFormatOf(req: Request): ExportFormat {
  const raw = req.query.format;
  if (raw === undefined || raw === '') return DEFAULT_FORMAT;
  if (typeof raw === 'string' && (EXPORT_FORMATS as readonly string[]).includes(raw)) return raw as ExportFormat;
  throw new AppError('BAD_REQUEST', `Parameter "format" harus salah satu dari: ${EXPORT_FORMATS.join(', ')}.`, {
    extras: { allowed: [...EXPORT_FORMATS] },
  });
}

/** A file name safe inside a quoted header value: ASCII letters, digits, `.`, `_`, `-` only. */
export function exportFileName(fileIdentifier: string, format: ExportFormat): string {
  const safe = fileIdentifier.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[._]+/, '').slice(0, 150) || 'metadata';
  return `${safe}-${format}.xml`;
}

/**
 * GET /api/metadata/{id}/export/xml?format=gmd|mdb2016|mdb2018 — the record as ISO XML, for
 * anyone who may read it (any status). Served from the stored render when it is of the
 * record's current version; otherwise rendered on the spot and a render job is queued, so a
 * download is never older than the record.
 */
export function exportRoutes(deps: AppDeps): Router {
  const r = Router();

  r.get('/:id/export/xml', requireAuth, async (req, res) => {
    const format = exportFormatOf(req);
    const { record, xml, source } = await deps.exports.exportXml(actorOf(req), req.params.id as string, format);
    res
      .status(200)
      .type('application/xml; charset=utf-8')
      .set('Content-Disposition', `attachment; filename="${exportFileName(record.fileIdentifier ?? record.id, format)}"`)
      .set('Cache-Control', 'private, no-cache')
      .set('X-Content-Type-Options', 'nosniff')
      .set('X-Render-Source', source)
      .send(xml);
  });

  return r;
}
