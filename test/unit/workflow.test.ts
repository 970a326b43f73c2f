import { RECORD_STATUSES, type MetadataRecord, type RecordStatus } from '../../libs/catalogue/record.types';
import type { Actor } from '../../libs/catalogue/user.types';
import { checkTransition, TRANSITIONS, type ProposedReviewer, type TransitionContext } from '../../libs/catalogue/workflow';
import { ACTORS, type ActorName } from '../helpers/actors';
import { completeDoc, minimalDoc } from '../helpers/fixtures';

/*
 * The expectations below are written out from the table, not derived from TRANSITIONS:
 * if the production table drifts, these fail.
 */

/** from>to → who may, with no reviewer assigned / with reviewerB assigned. Absent pairs: 409 for everyone. */
const ALLOWED: Record<string, { none: ActorName[]; assigned: ActorName[] }> = {
  'DRAFT>QCQE_PROCESS': { none: ['owner', 'adminA'], assigned: ['owner', 'adminA'] },
  'QCQE_PROCESS>REVIEW': { none: ['qcqeA', 'adminA'], assigned: ['reviewerB', 'adminA'] },
  'QCQE_PROCESS>REJECTED': { none: ['qcqeA', 'adminA'], assigned: ['reviewerB', 'adminA'] },
  'REVIEW>REJECTED': { none: ['qcqeA', 'adminA'], assigned: ['reviewerB', 'adminA'] },
  'REJECTED>DRAFT': { none: ['owner', 'adminA'], assigned: ['owner', 'adminA'] },
  'REVIEW>PUBLISHED': { none: ['adminA'], assigned: ['adminA'] },
  'PUBLISHED>PRIVATE': { none: ['adminA'], assigned: ['adminA'] },
  'PRIVATE>PUBLISHED': { none: ['adminA'], assigned: ['adminA'] },
};

function record(status: RecordStatus, reviewerId: string | null, doc = completeDoc()): MetadataRecord {
  return {
    ...doc, fileIdentifier: 'rec-1', id: 'rec-1', status, organisationId: 'A', ownerId: ACTORS.owner.id, reviewerId,
    version: 3, createdAt: '2024-01-01T00:00:00.000Z', updatedAt: '2024-01-02T00:00:00.000Z', publishedAt: null,
  };
}

const candidate = (over: Partial<ProposedReviewer> = {}): ProposedReviewer => ({ id: 'u-qcqe-a', role: 'QCQE', organisationId: 'A', active: true, ...over });
const baseCtx = (over: Partial<TransitionContext> = {}): TransitionContext => ({ statusNote: 'catatan reviewer', allowLintasOrgReviewer: true, ...over });

function outcome(status: RecordStatus, reviewerId: string | null, actor: Actor, to: RecordStatus): number {
  const d = checkTransition(record(status, reviewerId), actor, to, baseCtx());
  return d.ok ? 200 : d.error.status;
}

describe('workflow table: every from × to × caller', () => {
  const cases: [RecordStatus, RecordStatus, ActorName, 'none' | 'assigned', number][] = [];
  for (const from of RECORD_STATUSES) {
    for (const to of RECORD_STATUSES) {
      for (const name of Object.keys(ACTORS) as ActorName[]) {
        for (const variant of ['none', 'assigned'] as const) {
          const row = ALLOWED[`${from}>${to}`];
          cases.push([from, to, name, variant, !row ? 409 : row[variant].includes(name) ? 200 : 403]);
        }
      }
    }
  }

  it('covers 6 × 6 statuses × 7 callers × 2 assignment states', () => {
    expect(cases).toHaveLength(6 * 6 * 7 * 2);
  });

  it.each(cases)('%s → %s by %s (reviewer %s): %i', (from, to, name, variant, expected) => {
    expect(outcome(from, variant === 'assigned' ? ACTORS.reviewerB.id : null, ACTORS[name], to)).toBe(expected);
  });

  it('the production table has exactly the issue\'s eight rows', () => {
    expect(TRANSITIONS.map((t) => `${t.from}>${t.to}`).sort()).toEqual(Object.keys(ALLOWED).sort());
  });
});

describe('statusNote', () => {
  it.each([['QCQE_PROCESS'], ['REVIEW']] as const)('%s → REJECTED needs a non-blank note (422 /statusNote)', (from) => {
    for (const note of [undefined, null, '', '   ']) {
      const d = checkTransition(record(from, null), ACTORS.qcqeA, 'REJECTED', baseCtx({ statusNote: note }));
      expect(d.ok).toBe(false);
      if (!d.ok) {
        expect(d.error.status).toBe(422);
        expect(d.error.extras.errors).toEqual([expect.objectContaining({ path: '/statusNote' })]);
      }
    }
  });

  it('is optional on other transitions', () => {
    expect(checkTransition(record('QCQE_PROCESS', null), ACTORS.qcqeA, 'REVIEW', baseCtx({ statusNote: undefined })).ok).toBe(true);
  });

  it('PUBLISHED → PRIVATE (a withdrawal) needs a non-blank note too (issue 20)', () => {
    for (const note of [undefined, null, '', '   ']) {
      const d = checkTransition(record('PUBLISHED', null), ACTORS.adminA, 'PRIVATE', baseCtx({ statusNote: note }));
      expect(d.ok).toBe(false);
      if (!d.ok) expect(d.error.extras.errors).toEqual([expect.objectContaining({ path: '/statusNote' })]);
    }
    expect(checkTransition(record('PUBLISHED', null), ACTORS.adminA, 'PRIVATE', baseCtx({ statusNote: 'Data ditarik instansi' })).ok).toBe(true);
  });

  it('a forbidden caller gets 403 before the missing note is mentioned', () => {
    const d = checkTransition(record('REVIEW', null), ACTORS.owner, 'REJECTED', baseCtx({ statusNote: undefined }));
    expect(!d.ok && d.error.status).toBe(403);
  });
});

describe('submission (DRAFT → QCQE_PROCESS)', () => {
  const submit = (ctx: Partial<TransitionContext>, rec = record('DRAFT', null)) => checkTransition(rec, ACTORS.owner, 'QCQE_PROCESS', baseCtx(ctx));

  it('checks completeness and reports every missing field at once', () => {
    const d = checkTransition(record('DRAFT', null, minimalDoc()), ACTORS.owner, 'QCQE_PROCESS', baseCtx());
    expect(d.ok).toBe(false);
    if (d.ok) return;
    expect(d.error.status).toBe(422);
    const paths = (d.error.extras.errors as { path: string }[]).map((e) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['/abstract', '/language', '/hierarchyLevel', '/contacts', '/dates']));
  });

  it('keeps the existing assignment when no reviewer is named, and releases it on null', () => {
    const rec = record('DRAFT', 'u-qcqe-a');
    expect(submit({}, rec)).toMatchObject({ ok: true, reviewerId: 'u-qcqe-a' });
    expect(submit({ reviewerId: null }, rec)).toMatchObject({ ok: true, reviewerId: null });
  });

  it('accepts a QCQE of the organisation as reviewer', () => {
    expect(submit({ reviewerId: 'u-qcqe-a', reviewer: candidate(), allowLintasOrgReviewer: false })).toMatchObject({ ok: true, reviewerId: 'u-qcqe-a' });
  });

  it('accepts a QCQE of another organisation only when allowLintasOrgReviewer', () => {
    const rb = candidate({ id: 'u-rev-b', organisationId: 'B' });
    expect(submit({ reviewerId: 'u-rev-b', reviewer: rb, allowLintasOrgReviewer: true })).toMatchObject({ ok: true, reviewerId: 'u-rev-b' });
    const d = submit({ reviewerId: 'u-rev-b', reviewer: rb, allowLintasOrgReviewer: false });
    expect(!d.ok && d.error.status).toBe(422);
    expect(!d.ok && d.error.extras.errors).toEqual([expect.objectContaining({ path: '/reviewerId' })]);
  });

  it.each([
    ['an unknown user', undefined],
    ['a PRODUSEN', candidate({ role: 'PRODUSEN' })],
    ['an ADMIN', candidate({ role: 'ADMIN' })],
    ['an inactive QCQE', candidate({ active: false })],
  ])('refuses %s as reviewer (422 /reviewerId)', (_label, reviewer) => {
    const d = submit({ reviewerId: 'u-qcqe-a', reviewer });
    expect(!d.ok && d.error.status).toBe(422);
    expect(!d.ok && d.error.extras.errors).toEqual([expect.objectContaining({ path: '/reviewerId' })]);
  });

  it('refuses a reviewer named on any other transition (422)', () => {
    const d = checkTransition(record('QCQE_PROCESS', null), ACTORS.qcqeA, 'REVIEW', baseCtx({ reviewerId: 'u-qcqe-a', reviewer: candidate() }));
    expect(!d.ok && d.error.status).toBe(422);
  });

  it('answers 409 for a missing row before asking who the caller is', () => {
    const d = checkTransition(record('DRAFT', null), ACTORS.adminB, 'PUBLISHED', baseCtx());
    expect(!d.ok && d.error.status).toBe(409);
    expect(!d.ok && d.error.extras).toMatchObject({ currentStatus: 'DRAFT', allowedTargets: ['QCQE_PROCESS'] });
  });

  it('keeps the assignment through later transitions', () => {
    const d = checkTransition(record('REVIEW', 'u-rev-b'), ACTORS.adminA, 'PUBLISHED', baseCtx());
    expect(d).toMatchObject({ ok: true, reviewerId: 'u-rev-b' });
  });
});
