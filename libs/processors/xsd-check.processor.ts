import type { JobHandler } from '../jobs/job-handlers';
import { createXsdValidator, type XsdValidator } from '../import/xsd/xsd-validator';
import type { ProcessorDeps } from './processor-deps';
import type { DocumentXsdReport } from '../catalogue/record-document';

/**
 * `document.xsd-check` (issue 19 point 2): XSD reports for the stored documents that have none,
 * BATCH documents at a time — compiling an ISO schema set costs about a second, so one
 * compilation serves a whole batch (a 10,000-record import is some hundred runs, not 10,000).
 * The validator runs in its own worker thread. It is queued after a record's render (new or
 * changed documents, and the editor rows the render fills); being one job id, it never piles up,
 * and it loops until nothing waits, which also covers rows written while it ran.
 */
const BATCH = 100;
/** a job stops after this many batches and queues itself again, so other render-queue jobs get turns */
const BATCHES_PER_JOB = 20;

let shared: XsdValidator | undefined;
const defaultValidator = (): XsdValidator => (shared ??= createXsdValidator());

/**
 * A batch the validator itself fails on (not "invalid": a crash, memory) is retried one by one, and a
 * document it still fails on gets a report saying so — else the same batch would fail the job forever.
 */
async function validateOrIsolate(validator: XsdValidator, docs: Parameters<XsdValidator['validate']>[0]): Promise<DocumentXsdReport[]> {
  try {
    return await validator.validate(docs);
  } catch (batchErr) {
    if (docs.length === 1) {
      return [{ source: 'xsd', xsd: '', valid: false, findings: [{ line: null, message: `Validator XSD gagal: ${(batchErr as Error)?.message?.slice(0, 500) ?? String(batchErr)}` }] }];
    }
    const out: DocumentXsdReport[] = [];
    for (const d of docs) out.push(...(await validateOrIsolate(validator, [d])));
    return out;
  }
}

export async function checkPendingDocuments(deps: Pick<ProcessorDeps, 'stores' | 'xsd'>, maxBatches = BATCHES_PER_JOB): Promise<{ checked: number; more: boolean }> {
  const validator = deps.xsd ?? defaultValidator();
  let checked = 0;
  for (let i = 0; i < maxBatches; i += 1) {
    const docs = await deps.stores.xsd.pending(BATCH);
    if (docs.length === 0) return { checked, more: false };
    const reports = await validateOrIsolate(validator, docs);
    await deps.stores.xsd.store(docs.map((d, k) => ({ recordId: d.recordId, seq: d.seq, report: reports[k]! })));
    checked += docs.length;
    if (docs.length < BATCH) return { checked, more: false };
  }
  return { checked, more: true };
}

export function xsdCheckHandler(deps: ProcessorDeps): JobHandler<'document.xsd-check'> {
  return async (_payload, ctx) => {
    const { checked, more } = await checkPendingDocuments(deps);
    ctx.logger.info({ checked, more }, 'dokumen diperiksa terhadap XSD');
    // the same id is still ours while we run: the follow-up gets its own
    if (more) await deps.enqueue('document.xsd-check', {}, { jobId: `xsd-check-${Date.now()}` });
  };
}

/** Queues the check after a record's document was written or filled; ids dedup a burst into one job. */
export async function enqueueXsdCheck(deps: Pick<ProcessorDeps, 'enqueue'>): Promise<void> {
  await deps.enqueue('document.xsd-check', {});
}
