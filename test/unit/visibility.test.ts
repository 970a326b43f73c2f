import { RECORD_STATUSES, type RecordStatus } from '../../libs/catalogue/record.types';
import { canEditContent, canReadRecord, checkDelete, readScopeFor } from '../../libs/catalogue/visibility';
import { ACTORS, type ActorName } from '../helpers/actors';

/* Expectations written out from the "Visibility and workflow" section. */

type Variant = 'none' | 'assigned';

const ALL: RecordStatus[] = ['DRAFT', 'QCQE_PROCESS', 'REVIEW', 'PUBLISHED', 'REJECTED', 'PRIVATE'];

const READABLE: Record<ActorName, Record<Variant, RecordStatus[]>> = {
  owner: { none: ALL, assigned: ALL },
  produsenA2: { none: ALL, assigned: ALL },
  qcqeA: { none: ['QCQE_PROCESS', 'REVIEW', 'PUBLISHED', 'REJECTED', 'PRIVATE'], assigned: ['QCQE_PROCESS', 'REVIEW', 'PUBLISHED', 'REJECTED', 'PRIVATE'] },
  reviewerB: { none: ['PUBLISHED'], assigned: ALL },
  qcqeB: { none: ['PUBLISHED'], assigned: ['PUBLISHED'] },
  adminA: { none: ALL, assigned: ALL },
  adminB: { none: ['PUBLISHED'], assigned: ['PUBLISHED'] },
};

const EDITABLE: Record<ActorName, RecordStatus[]> = {
  owner: ['DRAFT', 'REJECTED'],
  produsenA2: [],
  qcqeA: [],
  reviewerB: [],
  qcqeB: [],
  // a published record is revised or corrected directly, never edited in place (issue 20)
  adminA: ALL.filter((s) => s !== 'PUBLISHED'),
  adminB: [],
};

/** delete outcome per status (same for both variants unless listed in DELETE_ASSIGNED) */
const DELETE: Record<ActorName, Partial<Record<RecordStatus, number>>> = {
  owner: { DRAFT: 204 },
  produsenA2: { DRAFT: 403 },
  qcqeA: { DRAFT: 404 },
  reviewerB: {},
  qcqeB: {},
  adminA: { DRAFT: 204 },
  adminB: {},
};

const rec = (status: RecordStatus, variant: Variant) => ({
  status, organisationId: 'A', ownerId: ACTORS.owner.id, reviewerId: variant === 'assigned' ? ACTORS.reviewerB.id : null,
});

const names = Object.keys(ACTORS) as ActorName[];
const grid: [ActorName, Variant, RecordStatus][] = names.flatMap((n) =>
  (['none', 'assigned'] as const).flatMap((v) => RECORD_STATUSES.map((s): [ActorName, Variant, RecordStatus] => [n, v, s])));

describe('read', () => {
  it.each(grid)('%s, reviewer %s, %s', (name, variant, status) => {
    expect(canReadRecord(ACTORS[name], rec(status, variant))).toBe(READABLE[name][variant].includes(status));
  });
});

describe('content edit', () => {
  it.each(grid)('%s, reviewer %s, %s', (name, variant, status) => {
    expect(canEditContent(ACTORS[name], rec(status, variant))).toBe(EDITABLE[name].includes(status));
  });
});

describe('delete', () => {
  it.each(grid)('%s, reviewer %s, %s', (name, variant, status) => {
    const readable = READABLE[name][variant].includes(status);
    let expected = DELETE[name][status] ?? (readable ? 409 : 404);
    // the assigned reviewer can see the draft, so is told no rather than "not found"
    if (name === 'reviewerB' && variant === 'assigned' && status === 'DRAFT') expected = 403;
    const err = checkDelete(ACTORS[name], rec(status, variant));
    expect(err?.status ?? 204).toBe(expected);
  });

});

describe('read scope for list queries', () => {
  it('states the same rule as data', () => {
    expect(readScopeFor(ACTORS.qcqeA)).toEqual({
      publicStatuses: ['PUBLISHED'],
      organisationId: 'A',
      orgStatuses: ['QCQE_PROCESS', 'REVIEW', 'REJECTED', 'PRIVATE'],
      reviewerId: 'u-qcqe-a',
    });
    expect(readScopeFor(ACTORS.produsenA2).orgStatuses).toEqual(ALL);
    expect(readScopeFor(ACTORS.adminB).orgStatuses).toEqual(ALL);
  });
});
