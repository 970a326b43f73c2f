import type { MetadataRecord } from '../../libs/catalogue/record.types';
import { completeDoc, seedWorld, type World } from '../helpers/fixtures';
import { startTestApp, type TestApp } from '../helpers/test-app';

/*
 * The same SQL on the embedded store (PGlite + PostGIS): one record's way from creation to a
 * public list, plus the queries that use arrays, locks, PostGIS, trigram LIKE and the lintas-org
 * count. Kept to one file because PGlite takes seconds to start.
 */

let t: TestApp;
let w: World;

beforeAll(async () => {
  t = await startTestApp('embedded');
  w = await seedWorld(t, { allowLintasOrgA: true });
}, 600_000);

afterAll(async () => {
  await t?.close();
});

it('create → submit → review → publish → list, on PGlite', async () => {
  expect(t.db.kind).toBe('pglite');
  const { produsen, admin } = w.a;
  const reviewer = w.b.qcqe;
  const created = await produsen.agent.post('/api/metadata').send(completeDoc({ title: 'Garis Pantai Tertanam', extent: { bbox: { west: 170, east: -170, south: -20, north: -10 } } }));
  expect(created.status).toBe(201);
  const id = (created.body as MetadataRecord).id;
  const path = `/api/metadata/${id}`;

  const submit = await produsen.agent.patch(path).set('If-Match', '"1"').send({ status: 'QCQE_PROCESS', reviewerId: reviewer.user.id });
  expect(submit.status).toBe(200);
  expect((await admin.agent.get('/api/admin/organisasi/lintas-org-check')).body).toEqual({ draft: 0, pending: 1, total: 1 });
  expect((await reviewer.agent.patch(path).send({ status: 'REVIEW' })).status).toBe(200);
  const published = await admin.agent.patch(path).send({ status: 'PUBLISHED' });
  expect(published.status).toBe(200);
  expect(published.body).toMatchObject({ status: 'PUBLISHED', version: 4, reviewerId: reviewer.user.id });
  expect(published.body.publishedAt).not.toBeNull();

  // another organisation now finds it by free text
  const list = await w.b.produsen.agent.get('/api/metadata?q=pantai%20tertanam&status=PUBLISHED');
  expect(list.status).toBe(200);
  expect(list.body).toMatchObject({ total: 1, page: 1, pageSize: 20 });
  expect(list.body.items[0]).toMatchObject({ id, title: 'Garis Pantai Tertanam' });

  const history = await w.b.produsen.agent.get(`${path}/history`);
  expect((history.body as { to: string }[]).map((h) => h.to)).toEqual(['DRAFT', 'QCQE_PROCESS', 'REVIEW', 'PUBLISHED']);

  // the antimeridian box is stored as two polygons
  const geom = await t.db.query<{ n: number }>('SELECT ST_NumGeometries(extent) AS n FROM records WHERE id = $1', [id]);
  expect(Number(geom.rows[0]!.n)).toBe(2);
  const events = await t.db.query<{ type: string }>("SELECT type FROM outbox WHERE payload->>'recordId' = $1 ORDER BY id", [id]);
  expect(events.rows.map((e) => e.type)).toEqual(['record.created', 'record.status-changed', 'record.status-changed', 'record.status-changed']);
});

// PGlite loads PostGIS from a slimmed bundle (libs/db/pglite-postgis-bundle.ts): what the
// catalogue may need of PostGIS is there, what was left out is really gone.
it('PostGIS from the slim bundle: PROJ transforms and the EPSG table work, raster and topology are not offered', async () => {
  const db = t.db;
  const p = await db.query<{ x: number; y: number }>(
    'SELECT ST_X(g) AS x, ST_Y(g) AS y FROM (SELECT ST_Transform(ST_SetSRID(ST_MakePoint(106.8456, -6.2088), 4326), 3857) AS g) s');
  expect(Number(p.rows[0]!.x)).toBeCloseTo(11_894_100, -3);
  expect(Number(p.rows[0]!.y)).toBeCloseTo(-692_500, -3);
  const utm = await db.query<{ x: number }>('SELECT ST_X(ST_Transform(ST_SetSRID(ST_MakePoint(106.8456, -6.2088), 4326), 32748)) AS x');
  expect(Number(utm.rows[0]!.x)).toBeCloseTo(704_000, -3);
  const srs = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM spatial_ref_sys');
  expect(srs.rows[0]!.n).toBeGreaterThan(8000);
  const offered = await db.query<{ name: string }>("SELECT name FROM pg_available_extensions WHERE name LIKE 'postgis%' ORDER BY name");
  expect(offered.rows.map((r) => r.name)).toEqual(['postgis']);
});
