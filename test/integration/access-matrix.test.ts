import type { MetadataRecord, RecordStatus } from '../../libs/catalogue/record.types';
import type { User } from '../../libs/catalogue/user.types';
import { seedRecord, seedWorld, type Agent, type World } from '../helpers/fixtures';
import { startTestApp, type TestApp } from '../helpers/test-app';

/*
 * The access matrix of issue 2: every caller × every status × every endpoint, with and without
 * a cross-organisation reviewer assigned, against the real app (PostgreSQL + Redis). Issue 20
 * added the revision endpoints (V, K) and the `revision` variant: the record is a revision's
 * working copy (of a published record of A, started by the owner), which follows exactly the
 * rules of a new record — the `none` table — and can itself never be revised (V = 409).
 *
 * The expectations are written out by hand below from the rules — they do not call
 * the production rule functions. Columns:
 *   L  listed by GET /api/metadata (1/0)        G  GET /{id}          H  GET /{id}/history
 *   C  PATCH content (409 on PUBLISHED: revise)   D  DELETE
 *   V  POST /{id}/revisions                       K  POST /{id}/corrections (direct correction)
 *   then PATCH {status} to DRAFT, QCQE_PROCESS, REVIEW, PUBLISHED, REJECTED, PRIVATE.
 * Organisation A allows cross-organisation reviewers; "reviewerB" is the QCQE of B who is
 * assigned in the `assigned` variant (and a stranger in the `none` variant).
 */

const COLUMNS = ['L', 'G', 'H', 'C', 'D', 'V', 'K', 'DRAFT', 'QCQE_PROCESS', 'REVIEW', 'PUBLISHED', 'REJECTED', 'PRIVATE'] as const;
type Column = (typeof COLUMNS)[number];
const STATUSES: RecordStatus[] = ['DRAFT', 'QCQE_PROCESS', 'REVIEW', 'PUBLISHED', 'REJECTED', 'PRIVATE'];

//                         L  G   H   C   D   V   K  | DRAFT QCQE REVIEW PUBL REJ PRIV
const OWNER = `
  DRAFT                    1 200 200 200 204 409 409 | 409 200 409 409 409 409
  QCQE_PROCESS             1 200 200 403 409 409 409 | 409 409 403 409 403 409
  REVIEW                   1 200 200 403 409 409 409 | 409 409 409 403 403 409
  PUBLISHED                1 200 200 409 409 201 403 | 409 409 409 409 409 403
  REJECTED                 1 200 200 200 409 409 409 | 200 409 409 409 409 409
  PRIVATE                  1 200 200 403 409 409 409 | 409 409 409 403 409 409`;

const PRODUSEN_A2 = `
  DRAFT                    1 200 200 403 403 409 409 | 409 403 409 409 409 409
  QCQE_PROCESS             1 200 200 403 409 409 409 | 409 409 403 409 403 409
  REVIEW                   1 200 200 403 409 409 409 | 409 409 409 403 403 409
  PUBLISHED                1 200 200 409 409 201 403 | 409 409 409 409 409 403
  REJECTED                 1 200 200 403 409 409 409 | 403 409 409 409 409 409
  PRIVATE                  1 200 200 403 409 409 409 | 409 409 409 403 409 409`;

// a QCQE of the record's organisation acts as reviewer only while none is assigned
const QCQE_A_NONE = `
  DRAFT                    0 404 404 404 404 404 404 | 404 404 404 404 404 404
  QCQE_PROCESS             1 200 200 403 409 409 409 | 409 409 200 409 200 409
  REVIEW                   1 200 200 403 409 409 409 | 409 409 409 403 200 409
  PUBLISHED                1 200 200 409 409 403 403 | 409 409 409 409 409 403
  REJECTED                 1 200 200 403 409 409 409 | 403 409 409 409 409 409
  PRIVATE                  1 200 200 403 409 409 409 | 409 409 409 403 409 409`;

const QCQE_A_ASSIGNED = `
  DRAFT                    0 404 404 404 404 404 404 | 404 404 404 404 404 404
  QCQE_PROCESS             1 200 200 403 409 409 409 | 409 409 403 409 403 409
  REVIEW                   1 200 200 403 409 409 409 | 409 409 409 403 403 409
  PUBLISHED                1 200 200 409 409 403 403 | 409 409 409 409 409 403
  REJECTED                 1 200 200 403 409 409 409 | 403 409 409 409 409 409
  PRIVATE                  1 200 200 403 409 409 409 | 409 409 409 403 409 409`;

const REVIEWER_B_ASSIGNED = `
  DRAFT                    1 200 200 403 403 409 409 | 409 403 409 409 409 409
  QCQE_PROCESS             1 200 200 403 409 409 409 | 409 409 200 409 200 409
  REVIEW                   1 200 200 403 409 409 409 | 409 409 409 403 200 409
  PUBLISHED                1 200 200 409 409 403 403 | 409 409 409 409 409 403
  REJECTED                 1 200 200 403 409 409 409 | 403 409 409 409 409 409
  PRIVATE                  1 200 200 403 409 409 409 | 409 409 409 403 409 409`;

// any logged-in user of another organisation: published records only, and no say over them
const OTHER_ORG = `
  DRAFT                    0 404 404 404 404 404 404 | 404 404 404 404 404 404
  QCQE_PROCESS             0 404 404 404 404 404 404 | 404 404 404 404 404 404
  REVIEW                   0 404 404 404 404 404 404 | 404 404 404 404 404 404
  PUBLISHED                1 200 200 409 409 403 403 | 409 409 409 409 409 403
  REJECTED                 0 404 404 404 404 404 404 | 404 404 404 404 404 404
  PRIVATE                  0 404 404 404 404 404 404 | 404 404 404 404 404 404`;

const ADMIN_A = `
  DRAFT                    1 200 200 200 204 409 409 | 409 200 409 409 409 409
  QCQE_PROCESS             1 200 200 200 409 409 409 | 409 409 200 409 200 409
  REVIEW                   1 200 200 200 409 409 409 | 409 409 409 200 200 409
  PUBLISHED                1 200 200 409 409 201 200 | 409 409 409 409 409 200
  REJECTED                 1 200 200 200 409 409 409 | 200 409 409 409 409 409
  PRIVATE                  1 200 200 200 409 409 409 | 409 409 409 200 409 409`;

const ANONYMOUS = STATUSES.map((s) => `${s} 401 401 401 401 401 401 401 | 401 401 401 401 401 401`).join('\n');

type Variant = 'none' | 'assigned' | 'revision';
/** a working copy is never PUBLISHED or PRIVATE (migration 075's check) */
const REVISION_STATUSES: RecordStatus[] = ['DRAFT', 'QCQE_PROCESS', 'REVIEW', 'REJECTED'];
const CALLERS = ['owner', 'produsenA2', 'qcqeA', 'reviewerB', 'qcqeB', 'adminA', 'adminB', 'anonymous'] as const;
type Caller = (typeof CALLERS)[number];

const EXPECTED: Record<Caller, Record<Variant, string>> = {
  owner: { none: OWNER, assigned: OWNER, revision: OWNER },
  produsenA2: { none: PRODUSEN_A2, assigned: PRODUSEN_A2, revision: PRODUSEN_A2 },
  qcqeA: { none: QCQE_A_NONE, assigned: QCQE_A_ASSIGNED, revision: QCQE_A_NONE },
  reviewerB: { none: OTHER_ORG, assigned: REVIEWER_B_ASSIGNED, revision: OTHER_ORG },
  qcqeB: { none: OTHER_ORG, assigned: OTHER_ORG, revision: OTHER_ORG },
  adminA: { none: ADMIN_A, assigned: ADMIN_A, revision: ADMIN_A },
  adminB: { none: OTHER_ORG, assigned: OTHER_ORG, revision: OTHER_ORG },
  anonymous: { none: ANONYMOUS, assigned: ANONYMOUS, revision: ANONYMOUS },
};

function parseTable(table: string): Record<RecordStatus, Record<Column, number>> {
  const out = {} as Record<RecordStatus, Record<Column, number>>;
  for (const line of table.trim().split('\n')) {
    const [status, ...cells] = line.replace('|', ' ').trim().split(/\s+/) as [RecordStatus, ...string[]];
    if (cells.length !== COLUMNS.length) throw new Error(`bad row: ${line}`);
    out[status] = Object.fromEntries(COLUMNS.map((c, i) => [c, Number(cells[i])])) as Record<Column, number>;
  }
  return out;
}

let t: TestApp;
let w: World;
let agents: Record<Caller, Agent>;
let reviewerB: User;
let owner: User;
/** one record per (variant, status) for the read-only columns */
const shared = new Map<string, MetadataRecord>();

beforeAll(async () => {
  t = await startTestApp('server');
  w = await seedWorld(t, { allowLintasOrgA: true });
  owner = w.a.produsen.user;
  reviewerB = w.b.qcqe.user;
  agents = {
    owner: w.a.produsen.agent, produsenA2: w.a.produsen2.agent, qcqeA: w.a.qcqe.agent, reviewerB: w.b.qcqe.agent,
    qcqeB: w.b.qcqe2.agent, adminA: w.a.admin.agent, adminB: w.b.admin.agent, anonymous: w.anonymous,
  };
  for (const variant of ['none', 'assigned', 'revision'] as const) {
    for (const status of variant === 'revision' ? REVISION_STATUSES : STATUSES) {
      shared.set(`${variant}:${status}`, await seed(status, variant, `mx-${variant}-${status.toLowerCase()}`));
    }
  }
});

afterAll(async () => {
  await t?.close();
});

let seq = 0;
async function seed(status: RecordStatus, variant: Variant, id = `mx-fresh-${(seq += 1)}`): Promise<MetadataRecord> {
  const revisionOf = variant === 'revision' ? await seedRecord(t.db, { owner, status: 'PUBLISHED', id: `${id}-published` }) : undefined;
  return seedRecord(t.db, { owner, status, reviewerId: variant === 'assigned' ? reviewerB.id : null, id, revisionOf });
}

const path = (id: string): string => `/api/metadata/${encodeURIComponent(id)}`;

async function observe(caller: Caller, variant: Variant, status: RecordStatus): Promise<Record<Column, number>> {
  const agent = agents[caller];
  const rec = shared.get(`${variant}:${status}`)!;
  const got = {} as Record<Column, number>;

  // the free text holds the public identifier (a working copy's is its record's)
  const list = await agent.get(`/api/metadata?q=${encodeURIComponent(rec.fileIdentifier ?? rec.id)}&pageSize=100`);
  got.L = list.status === 200 ? Number((list.body.items as MetadataRecord[]).some((i) => i.id === rec.id)) : list.status;
  got.G = (await agent.get(path(rec.id))).status;
  got.H = (await agent.get(`${path(rec.id)}/history`)).status;

  // every write gets its own fresh record, so one case can never prepare or spoil another
  got.C = (await agent.patch(path((await seed(status, variant)).id)).send({ abstract: 'Abstrak diperbarui oleh uji matriks' })).status;
  got.D = (await agent.delete(path((await seed(status, variant)).id))).status;
  got.V = (await agent.post(`${path((await seed(status, variant)).id)}/revisions`).send({})).status;
  got.K = (await agent.post(`${path((await seed(status, variant)).id)}/corrections`)
    .send({ reason: 'Koreksi uji matriks', patch: { abstract: 'Abstrak dikoreksi oleh uji matriks' } })).status;
  for (const to of STATUSES) {
    const fresh = await seed(status, variant);
    const res = await agent.patch(path(fresh.id)).send({ status: to, statusNote: 'Catatan uji matriks' });
    got[to] = res.status;
    if (res.status === 200 && fresh.revisionOf && to === 'PUBLISHED') {
      // a published revision answers with its record, whose document it now is
      expect(res.body).toMatchObject({ id: fresh.revisionOf, status: 'PUBLISHED', version: 2 });
    } else if (res.status === 200) {
      expect(res.body).toMatchObject({ id: fresh.id, status: to, version: fresh.version + 1 });
    }
  }
  return got;
}

const cases: [Caller, Variant, RecordStatus][] = CALLERS.flatMap((c) =>
  (['none', 'assigned', 'revision'] as const).flatMap((v) =>
    (v === 'revision' ? REVISION_STATUSES : STATUSES).map((s): [Caller, Variant, RecordStatus] => [c, v, s])));

describe('access matrix (caller × status × endpoint)', () => {
  it('has every caller, both assignment states and every status', () => {
    expect(cases).toHaveLength(8 * (2 * 6 + 4));
  });

  it.each(cases)('%s, reviewer %s, record %s', async (caller, variant, status) => {
    const expected = parseTable(EXPECTED[caller][variant])[status];
    expect(await observe(caller, variant, status)).toEqual(expected);
  });
});
