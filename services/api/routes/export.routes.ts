import { Router, type Request } from 'express';
import { AppError } from '../../../libs/errors';
import { canReadRecord, recordNotFound } from '../../../libs/catalogue/visibility';
import type { MetadataRecord } from '../../../libs/catalogue/record.types';
import { findRecordById } from '../../../libs/db/record.repository';
import { findRender } from '../../../libs/db/render.repository';
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
    const actor = actorOf(req);
    const format = exportFormatOf(req);
    const record = await findRecordById(deps.db, req.params.id as string);
    if (!record || !canReadRecord(actor, record)) throw recordNotFound();

    const stored = await findRender(deps.db, record.id, format);
    let xml: string;
    let source: 'stored' | 'on-demand';
    // a newer stored version can only come from an edit that landed after the record was read
    if (stored && stored.version >= record.version) {
      xml = stored.xml;
      source = 'stored';
    } else {
      xml = await renderOnTheSpot(deps, record, format);
      source = 'on-demand';
      // the stored forms lag behind: have them all brought up to date (CSW reads them too)
      deps.jobs.enqueue('record.render', { recordId: record.id, version: record.version }).catch((err: unknown) => {
        deps.logger.warn({ recordId: record.id, err: (err as Error)?.message }, 'job render belum dapat dijadwalkan; rekonsiliasi menyusul');
      });
    }

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

async function renderOnTheSpot(deps: AppDeps, record: MetadataRecord, format: ExportFormat): Promise<string> {
  try {
    return await deps.renderer.render(record, format);
  } catch (err) {
    throw new AppError('INTERNAL', `Rekaman tidak dapat dirender ke format ${format}.`, { cause: err });
  }
}
