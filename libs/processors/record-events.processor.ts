import type { JobHandler } from '../jobs/job-handlers';
import { thumbnailKey } from '../objectstore/thumbnail-key';
import { warmCswCache } from './csw-warm.hook';
import { enqueueLintasOrgRecounts } from './lintas-org.processor';
import { fanOutNotifications } from './notify.processor';
import type { ProcessorDeps } from './processor-deps';
import { renderAndStore, type RenderOutcome } from './render-record.processor';
import { enqueueXsdCheck } from './xsd-check.processor';

/**
 * Handlers of the outbox events (one job per event). Order matters where CSW is concerned:
 * the renders are stored first, then the CSW cache generation is bumped, then the cache is
 * warmed — bumping first would let a request between the bump and the render cache the old
 * XML under the new generation. The generation is also bumped when rendering fails for good,
 * because a status change alters what CSW lists even when the XML cannot be rebuilt.
 *
 * Follow-up jobs (notifications, lintas-org recounts) are added BEFORE rendering: a record the
 * stylesheets cannot render still has its people told and its counts kept. Their job ids are
 * derived from the event, so when a failed render makes this job run again they are not
 * added twice.
 */

/**
 * The public generation moves past this change: through the process's coalescer (a burst of
 * changes is one bump, after the last; libs/response-cache/coalesced-bumps.ts). True when a
 * bump made after the change completed. A failed bump rejects, so the job retries.
 */
async function bumpAfter(deps: ProcessorDeps): Promise<boolean> {
  if (!deps.publicBumps) throw new Error('publicBumps belum dirakit (createProcessors)');
  return deps.publicBumps.changed();
}

/** Renders, then (when CSW is affected) bumps the generation and warms; a render error is rethrown last. */
async function renderThenRefreshCsw(
  deps: ProcessorDeps,
  recordId: string,
  /** given the outcome, or undefined when rendering failed */
  cswAffected: (out: RenderOutcome | undefined) => boolean,
  reason: 'status-changed' | 'updated',
): Promise<RenderOutcome | undefined> {
  let outcome: RenderOutcome | undefined;
  let renderError: unknown;
  try {
    outcome = await renderAndStore(deps, recordId);
  } catch (err) {
    renderError = err;
  }
  if (cswAffected(outcome)) {
    const bumped = await bumpAfter(deps);
    // the last change of a burst warms, after the one bump (a deferred one would be warmed stale)
    if (bumped && outcome?.status === 'rendered') await warmCswCache(deps, { recordId, reason });
  }
  if (renderError !== undefined) throw renderError;
  return outcome;
}

export function recordCreatedHandler(deps: ProcessorDeps): JobHandler<'record.created'> {
  return async (p, ctx) => {
    await enqueueLintasOrgRecounts(deps, ctx, { recordId: p.recordId });
    const out = await renderAndStore(deps, p.recordId);
    // after the render: an editor row has its XML by then
    await enqueueXsdCheck(deps);
    ctx.logger.info({ recordId: p.recordId, outcome: out.status }, 'rekaman baru dirender');
  };
}

export function recordUpdatedHandler(deps: ProcessorDeps): JobHandler<'record.updated'> {
  return async (p, ctx) => {
    // content edits of a published record change CSW responses too — when they changed the
    // stored renders: renders already current (written 0) hold no bytes a cached answer lacks
    const published = (o: RenderOutcome | undefined) =>
      (p.status === 'PUBLISHED' || (o?.status === 'rendered' && o.recordStatus === 'PUBLISHED')) && !(o?.status === 'rendered' && o.written === 0);
    // a reviewer released by the lintas-org switch arrives as an update
    await enqueueLintasOrgRecounts(deps, ctx, { recordId: p.recordId });
    const out = await renderThenRefreshCsw(deps, p.recordId, published, 'updated');
    await enqueueXsdCheck(deps);
    ctx.logger.info({ recordId: p.recordId, outcome: out?.status }, 'perubahan isi rekaman dirender');
  };
}

export function recordStatusChangedHandler(deps: ProcessorDeps): JobHandler<'record.status-changed'> {
  return async (p, ctx) => {
    const touchesPublished = p.from === 'PUBLISHED' || p.to === 'PUBLISHED';
    await fanOutNotifications(deps, p, ctx);
    await enqueueLintasOrgRecounts(deps, ctx, { organisationId: p.organisationId, recordId: p.recordId });
    const out = await renderThenRefreshCsw(deps, p.recordId, () => touchesPublished, 'status-changed');
    ctx.logger.info({ recordId: p.recordId, from: p.from, to: p.to, outcome: out?.status, cswRefreshed: touchesPublished }, 'perubahan status diproses');
  };
}

const isNotFound = (err: unknown): boolean => {
  const e = err as { name?: string; code?: string; $metadata?: { httpStatusCode?: number } } | null;
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.code === 'ENOENT' || e?.$metadata?.httpStatusCode === 404;
};

export function recordDeletedHandler(deps: ProcessorDeps): JobHandler<'record.deleted'> {
  return async (p, ctx) => {
    // renders go with the record (ON DELETE CASCADE); only DRAFTs can be deleted, so CSW is unaffected.
    // The event carries no organisation: the recount covers every organisation the deletion outdated.
    await enqueueLintasOrgRecounts(deps, ctx, {});
    // The browse graphic lives outside the database and would be orphaned. An id used again
    // by a new record since then owns the object now: leave it alone.
    if (await deps.stores.lintasOrg.organisationOfRecord(p.recordId)) {
      ctx.logger.info({ recordId: p.recordId }, 'pengenal rekaman dipakai lagi; gambar pratinjau dibiarkan');
      return;
    }
    try {
      await deps.objectStore.delete(thumbnailKey(p.recordId));
    } catch (err) {
      if (!isNotFound(err)) throw err; // store away: the job retries
    }
    ctx.logger.info({ recordId: p.recordId }, 'rekaman dihapus; render dan gambar pratinjaunya ikut terhapus');
  };
}
