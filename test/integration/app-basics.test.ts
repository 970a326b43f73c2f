import { startTestApp, type TestApp } from '../helpers/test-app';
import { REFERENCE_LIST_NAMES } from '../../libs/catalogue/reference-lists';

describe('public endpoints, health and error shape (server mode)', () => {
  let t: TestApp;
  beforeAll(async () => { t = await startTestApp('server'); });
  afterAll(async () => { await t.close(); });

  it('answers /healthz and /readyz with the database and Redis checked', async () => {
    const live = await t.agent().get('/healthz');
    expect(live.status).toBe(200);
    const ready = await t.agent().get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body.checks).toEqual({ database: 'ok', redis: 'ok' });
  });

  it.each(REFERENCE_LIST_NAMES)('serves the %s reference list publicly with caching headers', async (jenis) => {
    const res = await t.agent().get(`/api/referensi/${jenis}`);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toMatch(/public/);
    expect(res.headers.etag).toMatch(/^".+"$/);
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body.length).toBeGreaterThan(1);
    for (const item of res.body) {
      expect(Object.keys(item).sort()).toEqual(['kode', 'label']);
    }
    const again = await t.agent().get(`/api/referensi/${jenis}`).set('If-None-Match', res.headers.etag as string);
    expect(again.status).toBe(304);
  });

  it('lists originator and custodian in PERAN_KONTAK and ISO 639-2 codes in BAHASA', async () => {
    const roles = (await t.agent().get('/api/referensi/PERAN_KONTAK')).body.map((i: { kode: string }) => i.kode);
    expect(roles).toEqual(expect.arrayContaining(['originator', 'custodian']));
    const langs = (await t.agent().get('/api/referensi/BAHASA')).body.map((i: { kode: string }) => i.kode);
    expect(langs).toEqual(expect.arrayContaining(['ind', 'eng']));
  });

  it('answers an unknown list with a 404 problem naming the valid lists', async () => {
    const res = await t.agent().get('/api/referensi/TIDAK_ADA');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body).toMatchObject({ status: 404, title: expect.any(String) });
    expect(res.body.valid).toEqual([...REFERENCE_LIST_NAMES]);
  });

  it('publishes the metadata JSON Schema and an OpenAPI 3.1 document with a docs page', async () => {
    const schema = await t.agent().get('/api/schema/metadata');
    expect(schema.status).toBe(200);
    expect(schema.body.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    const api = await t.agent().get('/api/openapi.json');
    expect(api.status).toBe(200);
    expect(api.body.openapi).toBe('3.1.0');
    expect(Object.keys(api.body.paths)).toEqual(expect.arrayContaining(['/api/metadata', '/api/metadata/{id}', '/api/auth/login', '/api/referensi/{jenis}']));
    const docs = await t.agent().get('/api/docs');
    expect(docs.status).toBe(200);
    expect(docs.text).toContain('/api/docs/init.js');
    const init = await t.agent().get('/api/docs/init.js');
    expect(init.text).toContain('/api/openapi.json');
    const asset = await t.agent().get('/api/docs/assets/swagger-ui-bundle.js');
    expect(asset.status).toBe(200);
  });

  it('answers unknown routes with a problem document, not HTML', async () => {
    const res = await t.agent().get('/api/tidak-ada');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  });

  it('refuses a form-encoded mutating request with 415 (CSRF guard)', async () => {
    const res = await t.agent().post('/api/metadata').type('form').send('title=x');
    expect(res.status).toBe(415);
    expect(res.body.status).toBe(415);
  });

  it('echoes a sane X-Request-Id and replaces an unsafe one', async () => {
    const ok = await t.agent().get('/healthz').set('X-Request-Id', 'abc-123');
    expect(ok.headers['x-request-id']).toBe('abc-123');
    const bad = await t.agent().get('/healthz').set('X-Request-Id', 'x'.repeat(200));
    expect(bad.headers['x-request-id']).not.toBe('x'.repeat(200));
  });
});
