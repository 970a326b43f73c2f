import type { JobHandler } from '../jobs/job-handlers';
import { createXsdValidator, type XsdValidator } from '../import/xsd/xsd-validator';
import type { ProcessorDeps } from './processor-deps';
import type { DocumentXsdReport } from '../catalogue/record-document';

/**
 * `document.xsd-check` (issue 19 point 2): XSD reports for the stored documents that have none,
 * BATCH documents at a time — compiling an ISO schema set costs about a second, so one
 * compilation serves a whole batch (a 10,000-record import is some hundred runs, not 10,000).
 * The validator runs in its own worker thread. It is queued after a record's render (new or
 * changed documents, and the editor rows the render fills) and loops until nothing waits.
 *
 * Job ids (issue 19 finding 3): both runners ignore an add whose id is queued *or running*. With one
 * fixed id, a document written after a run's last look for work but before the run ended was queued
 * into that finishing run and waited for the next, unrelated write. Now a run first moves the
 * check's generation on (job_generations, migration 105), then looks for documents, and a producer
 * queues `xsd-check-<generation it reads>`: while no run has started since, every producer gets the
 * same id (a burst is still one job); an add after a run started is a new job, which runs after the
 * write was committed and so finds it.
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

export function xsdCheckHandler(deps: Pick<ProcessorDeps, 'stores' | 'xsd' | 'enqueue'>): JobHandler<'document.xsd-check'> {
  return async (_payload, ctx) => {
    // before the first look for documents: from here on, a producer's add is a job of its own
    await deps.stores.xsd.startRun();
    const { checked, more } = await checkPendingDocuments(deps);
    ctx.logger.info({ checked, more }, 'dokumen diperiksa terhadap XSD');
    // this run moved the generation on, so the follow-up's id is not ours
    if (more) await enqueueXsdCheck(deps);
  };
}

/** Queues the check after a record's document was written or filled; one id per generation dedups a burst into one job. */
export async function enqueueXsdCheck(deps: Pick<ProcessorDeps, 'stores' | 'enqueue'>): Promise<void> {
  const generation = await deps.stores.xsd.generation();
  await deps.enqueue('document.xsd-check', {}, { jobId: `xsd-check-${generation}` });
}
