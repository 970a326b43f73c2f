import { AppError } from '../errors';
import type { AfterCommit, LintasOrgCounts, LintasOrgStore } from './records.ports';
import type { Actor, Organisation } from './user.types';

/**
 * Cross-organisation ("lintas organisasi") review. An organisation that allows it may have its
 * records reviewed by QCQE users of other organisations. Switching the permission off while
 * such assignments are still open would leave reviewers the organisation no longer accepts,
 * so it is refused with the counts (409) unless forced; forcing releases those assignments
 * (reviewer → none, status kept, so any QCQE of the organisation can take the record over) in
 * the same transaction as the switch. A release is no status change: no history row, but a
 * version bump and a `record.updated` event, because the record's representation changed.
 * Records already PUBLISHED or PRIVATE keep their reviewer: that review is finished.
 */

export interface LintasOrgService {
  organisation(actor: Actor): Promise<Organisation>;
  check(actor: Actor): Promise<LintasOrgCounts>;
  setAllow(actor: Actor, allow: boolean, opts: { force: boolean }): Promise<{ organisation: Organisation; released: number }>;
}

const requireAdmin = (actor: Actor): void => {
  if (actor.role !== 'ADMIN') throw new AppError('FORBIDDEN', 'Hanya untuk peran ADMIN.');
};

const orgNotFound = (): AppError => new AppError('NOT_FOUND', 'Organisasi tidak ditemukan.');

export function createLintasOrgService(deps: { store: LintasOrgStore; afterCommit: AfterCommit }): LintasOrgService {
  const { store, afterCommit } = deps;
  return {
    async organisation(actor) {
      requireAdmin(actor);
      const org = await store.findOrganisation(actor.organisationId);
      if (!org) throw orgNotFound();
      return org;
    },

    async check(actor) {
      requireAdmin(actor);
      return store.countAssignments(actor.organisationId);
    },

    async setAllow(actor, allow, { force }) {
      requireAdmin(actor);
      const result = await store.transaction(async (tx) => {
        // the row lock orders this switch after any submission that read the old value
        const org = await tx.lockOrganisation(actor.organisationId);
        if (!org) throw orgNotFound();
        let released = 0;
        if (!allow && org.allowLintasOrgReviewer) {
          const counts = await tx.countAssignments(org.id);
          if (counts.total > 0 && !force) {
            throw new AppError(
              'CONFLICT',
              `Masih ada ${counts.total} rekaman dengan reviewer dari organisasi lain (${counts.draft} draf, ${counts.pending} dalam proses). `
                + 'Gunakan ?force=true untuk melepas penugasan tersebut.',
              { extras: { counts } },
            );
          }
          const rows = await tx.releaseAssignments(org.id);
          for (const r of rows) await tx.emit('record.updated', { recordId: r.id, version: r.version, status: r.status });
          released = rows.length;
        }
        const organisation = org.allowLintasOrgReviewer === allow ? org : await tx.setAllowLintasOrgReviewer(org.id, allow);
        return { organisation, released };
      });
      // released records are never PUBLISHED, so the public catalogue is unaffected
      if (result.released > 0) await afterCommit({ publicChanged: false });
      return result;
    },
  };
}
