import type { Response } from 'express';
import type { MetadataRecord } from '../../../libs/catalogue/record.types';
import { etagOf } from '../../../libs/catalogue/records-input';
import { allowedTransitionsFor } from '../../../libs/catalogue/workflow';
import { canEditContent, mayDeleteAsParty } from '../../../libs/catalogue/visibility';
import { mayCorrectDirectly, mayStartRevision } from '../../../libs/catalogue/record-revisions';
import type { Actor } from '../../../libs/catalogue/user.types';
import { CREATOR_ROLES } from '../../../libs/catalogue/records.service';
import { mayMarkTemplate } from '../../../libs/catalogue/record-copies';

/**
 * A record as one caller sees it: the document plus what this caller may do with it, decided
 * here from the workflow table and the edit/delete rules, so a client never re-implements them.
 * These two fields are read-only: a client must not send them back. The one place the REST API
 * turns a record into its response.
 */
export function presentRecord(rec: MetadataRecord, actor: Actor) {
  const harvested = 'harvest' in rec && !!rec.harvest;
  return {
    ...rec,
    allowedTransitions: allowedTransitionsFor(rec, actor),
    // a harvested record's content belongs to its source until an ADMIN detaches it (harvested-record.ts)
    permissions: {
      edit: canEditContent(actor, rec) && !harvested,
      delete: rec.status === 'DRAFT' && mayDeleteAsParty(actor, rec),
      // a published record changes through a revision, or an ADMIN's direct correction (record-revisions.ts)
      startRevision: mayStartRevision(actor, rec) && !harvested,
      correct: mayCorrectDirectly(actor, rec) && !harvested,
      // whoever creates records may start one from any record they can read (record-copies.ts)
      copy: CREATOR_ROLES.includes(actor.role),
      markTemplate: mayMarkTemplate(actor, rec),
    },
  };
}

/** The record with its version as ETag, never shared by caches (it is per caller). */
export function sendRecord(res: Response, rec: MetadataRecord, actor: Actor, status = 200, extra: Record<string, unknown> = {}): void {
  res.status(status).set('ETag', etagOf(rec.version)).set('Cache-Control', 'private, no-cache').json({ ...presentRecord(rec, actor), ...extra });
}
