import type { Me, RecordView } from '../api/records.api';

/**
 * Which comment actions to offer. The server decides (libs/catalogue/record-comments.ts); these
 * mirror its rules only to leave out buttons that would be refused.
 */
const orgAdmin = (me: Me, rec: RecordView): boolean => me.role === 'ADMIN' && me.organisationId === rec.organisationId;

export const mayComment = (me: Me, rec: RecordView): boolean =>
  orgAdmin(me, rec) || (me.role === 'QCQE' && (rec.reviewerId ? rec.reviewerId === me.id : me.organisationId === rec.organisationId));

export const mayResolve = (me: Me, rec: RecordView): boolean => me.id === rec.ownerId || orgAdmin(me, rec);
