import type { JobHandlers } from '../jobs/job-handlers';
import type { ProcessorDeps } from './processor-deps';
import { createCoalescedBumps } from '../response-cache/coalesced-bumps';
import { bumpPublicGeneration } from '../response-cache/generation';
import { renderRecordHandler } from './render-record.processor';
import { lintasOrgRecountHandler } from './lintas-org.processor';
import { notifyHandler } from './notify.processor';
import { harvestRunHandler } from './harvest-run.processor';
import { xsdCheckHandler } from './xsd-check.processor';
import { recordCreatedHandler, recordDeletedHandler, recordStatusChangedHandler, recordUpdatedHandler } from './record-events.processor';

/**
 * Job name → handler, shared by the worker process and the embedded API. Typed against the
 * registry: a registered job without an entry here does not compile.
 */
export function createProcessors(given: ProcessorDeps): JobHandlers {
  // one coalescer per process: every job's bump joins the same burst
  const deps: ProcessorDeps = given.publicBumps ? given : {
    ...given,
    publicBumps: createCoalescedBumps({
      bump: () => bumpPublicGeneration(given.kv, given.logger),
      ...(given.changesQueued ? { changesQueued: given.changesQueued } : {}),
      logger: given.logger,
    }),
  };
  return {
    'record.render': renderRecordHandler(deps),
    'record.created': recordCreatedHandler(deps),
    'record.updated': recordUpdatedHandler(deps),
    'record.status-changed': recordStatusChangedHandler(deps),
    'record.deleted': recordDeletedHandler(deps),
    notify: notifyHandler(deps),
    'lintas-org.recount': lintasOrgRecountHandler(deps),
    'harvest.run': harvestRunHandler(deps),
    'document.xsd-check': xsdCheckHandler(deps),
  };
}
