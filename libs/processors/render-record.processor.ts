import type { RecordStatus } from '../catalogue/record.types';
import { UnrecoverableError } from '../jobs/job-errors';
import type { JobHandler } from '../jobs/job-handlers';
import { RENDER_FORMATS } from '../render/formats';
import type { ProcessorDeps } from './processor-deps';

export type RenderOutcome =
  | { status: 'rendered'; version: number; recordStatus: RecordStatus; written: number }
  | { status: 'gone' };

/**
 * Errors of the rendering machinery itself (a worker thread that died, a pool shut down
 * under us) can pass on a retry; anything else the renderer throws comes from the record or
 * the stylesheets and comes back every time.
 */
function isTransientRenderError(err: unknown): boolean {
  const e = err as { code?: string; status?: number; transient?: boolean } | null;
  if (!e || typeof e !== 'object') return false;
  if (e.transient === true || e.status === 503) return true;
  return typeof e.code === 'string' && /^ERR_WORKER_|^ECONNRESET$|^ETIMEDOUT$/.test(e.code);
}

/**
 * Renders the record as it is NOW (whatever version the job was queued for) and stores every
 * form under that version. Re-running it is harmless: rows are written by (record, format)
 * and never moved back to an older version. A deleted record is simply done.
 */
export async function renderAndStore(deps: ProcessorDeps, recordId: string): Promise<RenderOutcome> {
  const record = await deps.stores.renders.findRecord(recordId);
  if (!record) return { status: 'gone' };
  // Renders already stored at this version were made from the same content (every change bumps
  // the version): an import's `record.created` and `record.status-changed` render once, not twice.
  if (await rendersAreCurrent(deps, record.id, record.version)) {
    return { status: 'rendered', version: record.version, recordStatus: record.status, written: 0 };
  }
  // issue 19: the stored document is served in its own schema; an editor row still without XML
  // is given the gmd render of this version (the editor's JSON is the document then)
  const document = await deps.stores.renders.findDocument(record.id);
  const input = document?.xml && document.schema ? { ...record, isoDocument: { xml: document.xml, schema: document.schema } } : record;
  let renders: Readonly<Record<string, string>>;
  try {
    renders = await deps.renderer.renderAll(input);
  } catch (err) {
    if (isTransientRenderError(err)) throw err;
    // a record the stylesheets cannot handle, or a broken stylesheet: retrying cannot help
    throw new UnrecoverableError(`rekaman ${recordId} v${record.version} tidak dapat dirender: ${(err as Error)?.message ?? String(err)}`);
  }
  const missing = RENDER_FORMATS.filter((f) => typeof renders[f] !== 'string');
  if (missing.length) throw new UnrecoverableError(`render ${recordId} v${record.version} tidak lengkap: ${missing.join(', ')}`);
  if (document && document.xml === null && document.recordVersion <= record.version) {
    await deps.stores.renders.fillEditorDocument(record.id, document.seq, renders.gmd!);
  }
  const written = await deps.stores.renders.upsertRenders(record.id, record.version, renders);
  return { status: 'rendered', version: record.version, recordStatus: record.status, written };
}

/** True when every stored form is already at `version` or newer (a duplicate job has nothing to do). */
export async function rendersAreCurrent(deps: Pick<ProcessorDeps, 'stores'>, recordId: string, version: number): Promise<boolean> {
  const stored = await deps.stores.renders.renderVersions(recordId);
  return RENDER_FORMATS.every((f) => (stored[f] ?? 0) >= version);
}

/** `record.render`: queued by the reconciler and by export when a stored render was stale. */
export function renderRecordHandler(deps: ProcessorDeps): JobHandler<'record.render'> {
  return async (payload, ctx) => {
    if (await rendersAreCurrent(deps, payload.recordId, payload.version)) {
      ctx.logger.debug({ recordId: payload.recordId, version: payload.version }, 'render sudah mutakhir');
      return;
    }
    const out = await renderAndStore(deps, payload.recordId);
    if (out.status === 'gone') ctx.logger.info({ recordId: payload.recordId }, 'rekaman sudah dihapus; tidak ada yang dirender');
    else ctx.logger.info({ recordId: payload.recordId, version: out.version, written: out.written }, 'render disimpan');
  };
}
