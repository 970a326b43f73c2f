import { findOrganisationByIdOrName } from '../../libs/db/organisation.repository';
import { findUserByUsername } from '../../libs/db/user.repository';
import { BOOTSTRAP_ORGANISATION_NAME } from '../../services/api/bootstrap';
import { createFixtureUser, loginAgent, seedWorld, type Agent, type World } from '../helpers/fixtures';
import { startTestApp, type TestApp } from '../helpers/test-app';

/*
 * The two administration levels of issue 12 (access matrix, second part). An organisation ADMIN
 * manages their organisation; what every organisation shares — the CSW identity, the queue
 * dashboard (UI and API), the status of shared components — belongs to the service
 * administrator (the bootstrap admin here; users.is_service_admin). Expectations written out
 * by hand. Columns: anonymous, PRODUSEN of A, ADMIN of A, ADMIN of B (the second organisation
 * of the finding), ADMIN of the host organisation without the flag, the service administrator.
 */

const CALLERS = ['anonymous', 'produsenA', 'adminA', 'adminB', 'hostAdmin', 'serviceAdmin'] as const;
type Caller = (typeof CALLERS)[number];

const IDENTITY = {
  title: 'Judul pilihan organisasi B', providerName: 'Organisasi B', abstract: '', individualName: '', positionName: '',
  voice: '', electronicMailAddress: 'b@contoh.go.id', hoursOfService: '', contactInstructions: '', role: 'pointOfContact',
};

type Probe = (a: Agent) => Promise<{ status: number }>;

//                                                                  anon prod adminA adminB host service
const MATRIX: [string, Probe, string][] = [
  ['GET /api/admin/csw/settings', (a) => a.get('/api/admin/csw/settings'), '401 403 403 403 403 200'],
  ['PUT /api/admin/csw/settings', (a) => a.put('/api/admin/csw/settings').send(IDENTITY), '401 403 403 403 403 200'],
  ['GET /api/admin/organisasi/status', (a) => a.get('/api/admin/organisasi/status'), '401 403 403 403 403 200'],
  ['GET /admin/queues (UI)', (a) => a.get('/admin/queues').set('Accept', 'text/html'), '401 403 403 403 403 200'],
  ['GET /admin/queues/api/queues?activeQueue=events&status=completed',
    (a) => a.get('/admin/queues/api/queues?activeQueue=events&status=completed').set('Accept', 'application/json'), '401 403 403 403 403 200'],
  ['PUT /admin/queues/api/queues/notify/pause', (a) => a.put('/admin/queues/api/queues/notify/pause').set('Accept', 'application/json'), '401 403 403 403 403 200'],
  ['PUT /admin/queues/api/queues/notify/resume', (a) => a.put('/admin/queues/api/queues/notify/resume').set('Accept', 'application/json'), '401 403 403 403 403 200'],
  // the organisation level stays with every organisation's ADMIN
  ['GET /api/admin/users', (a) => a.get('/api/admin/users'), '401 403 200 200 200 200'],
  ['GET /api/admin/organisasi/lintas-org-check', (a) => a.get('/api/admin/organisasi/lintas-org-check'), '401 403 200 200 200 200'],
  ['PATCH /api/admin/organisasi (lintas-org switch)', (a) => a.patch('/api/admin/organisasi').send({ allowLintasOrgReviewer: false }), '401 403 200 200 200 200'],
];

let t: TestApp;
let w: World;
let agents: Record<Caller, Agent>;
let serviceAdminId: string;

beforeAll(async () => {
  t = await startTestApp('server');
  w = await seedWorld(t);
  const host = (await findOrganisationByIdOrName(t.db, BOOTSTRAP_ORGANISATION_NAME))!;
  await createFixtureUser(t.db, 'host-admin', 'ADMIN', host.id);
  serviceAdminId = (await findUserByUsername(t.db, t.config.adminUsername))!.id;
  agents = {
    anonymous: w.anonymous,
    produsenA: w.a.produsen.agent,
    adminA: w.a.admin.agent,
    adminB: w.b.admin.agent,
    hostAdmin: await loginAgent(t, 'host-admin'),
    serviceAdmin: await loginAgent(t, t.config.adminUsername, 'admin-password-123'),
  };
}, 300_000);

afterAll(async () => {
  await t?.close();
});

describe('service administrator level (issue 12, finding 1)', () => {
  it('shows the level as serviceAdmin in the user representation', async () => {
    expect((await agents.serviceAdmin.get('/api/auth/me')).body).toMatchObject({ role: 'ADMIN', serviceAdmin: true });
    expect((await agents.adminB.get('/api/auth/me')).body).toMatchObject({ role: 'ADMIN', serviceAdmin: false });
    const list = await agents.serviceAdmin.get('/api/admin/users');
    expect(list.body.find((u: { id: string }) => u.id === serviceAdminId)).toMatchObject({ serviceAdmin: true });
  });

  it.each(MATRIX)('%s', async (_name, probe, expected) => {
    const want = expected.split(' ').map(Number);
    const got: number[] = [];
    for (const caller of CALLERS) got.push((await probe(agents[caller])).status);
    expect(Object.fromEntries(CALLERS.map((c, i) => [c, got[i]]))).toEqual(Object.fromEntries(CALLERS.map((c, i) => [c, want[i]])));
  });

  it('the second organisation\'s ADMIN cannot change the public GetCapabilities', async () => {
    const before = await t.agent().get('/metadata/csw?service=CSW&request=GetCapabilities');
    const put = await agents.adminB.put('/api/admin/csw/settings').send({ ...IDENTITY, title: 'Diambil alih oleh B' });
    expect(put.status).toBe(403);
    expect(put.headers['content-type']).toMatch(/application\/problem\+json/);
    const after = await t.agent().get('/metadata/csw?service=CSW&request=GetCapabilities');
    expect(after.text).not.toContain('Diambil alih oleh B');
    expect(after.text).toContain(before.text.match(/<ows:Title>([^<]*)<\/ows:Title>/)![1]);
  });

  it('REST cannot grant the level: serviceAdmin is no field of the admin users API', async () => {
    const created = await agents.adminB.post('/api/admin/users')
      .send({ username: 'b-calon', password: 'kata-sandi-uji-123', role: 'ADMIN', serviceAdmin: true });
    expect(created.status).toBe(422);
    const patched = await agents.adminB.patch(`/api/admin/users/${w.b.produsen.user.id}`).send({ serviceAdmin: true });
    expect(patched.status).toBe(422);
    expect((await findUserByUsername(t.db, 'b-produsen'))!.serviceAdmin).toBe(false);
  });

  it('an ADMIN of the host organisation cannot take over the service administrator\'s account', async () => {
    const reset = await agents.hostAdmin.patch(`/api/admin/users/${serviceAdminId}`).send({ password: 'diambil-alih-123' });
    expect(reset.status).toBe(403);
    const demote = await agents.hostAdmin.patch(`/api/admin/users/${serviceAdminId}`).send({ role: 'PRODUSEN' });
    expect(demote.status).toBe(403);
    // the service administrator's session still works: nothing was changed
    expect((await agents.serviceAdmin.get('/api/auth/me')).body).toMatchObject({ role: 'ADMIN', serviceAdmin: true });
  });
});
