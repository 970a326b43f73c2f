import type { MetadataRecord } from '../../libs/catalogue/record.types';
import { completeDoc, minimalDoc, seedRecord } from '../helpers/fixtures';
import { useSeededApp } from '../helpers/seeded-app';

/* Create, read, content edits, delete, ETags and the HTTP edges (400, 413, 415) of /api/metadata. */

const ctx = useSeededApp();

const path = (id: string): string => `/api/metadata/${encodeURIComponent(id)}`;

async function outboxOf(recordId: string): Promise<{ type: string; payload: Record<string, unknown> }[]> {
  const r = await ctx.t.db.query<{ type: string; payload: Record<string, unknown> }>(
    "SELECT type, payload FROM outbox WHERE payload->>'recordId' = $1 ORDER BY id", [recordId],
  );
  return r.rows;
}

async function create(doc: object = completeDoc()): Promise<MetadataRecord> {
  const res = await ctx.w.a.produsen.agent.post('/api/metadata').send(doc);
  expect(res.status).toBe(201);
  return res.body as MetadataRecord;
}

describe('POST /api/metadata (JSON)', () => {
  it('creates a DRAFT owned by the caller: 201, Location, ETag, server fields', async () => {
    const res = await ctx.w.a.produsen.agent.post('/api/metadata').send(completeDoc());
    expect(res.status).toBe(201);
    const rec = res.body as MetadataRecord;
    expect(rec.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers.location).toBe(`/api/metadata/${rec.id}`);
    expect(res.headers.etag).toBe('"1"');
    expect(rec).toMatchObject({
      fileIdentifier: rec.id, status: 'DRAFT', version: 1, ownerId: ctx.w.a.produsen.user.id,
      organisationId: ctx.w.a.org.id, reviewerId: null, publishedAt: null, title: completeDoc().title,
    });
    expect(Date.parse(rec.createdAt)).not.toBeNaN();
    const again = await ctx.w.a.produsen.agent.get(res.headers.location!);
    expect(again.status).toBe(200);
    // the read also names the record's current document (issue 19): the editor's, rendered by the render job
    expect(again.body).toEqual({ ...rec, isoDocument: expect.objectContaining({ seq: 1, origin: 'editor', recordVersion: 1 }) });
  });

  it('writes the search projection and the PostGIS extent with the record', async () => {
    const rec = await create(completeDoc({ title: 'Jaringan Jalan Provinsi' }));
    const r = await ctx.t.db.query<{ title: string; anytext: string; keywords: string[]; wkt: string }>(
      'SELECT title, anytext, keywords, ST_AsText(extent) AS wkt FROM records WHERE id = $1', [rec.id],
    );
    expect(r.rows[0]).toMatchObject({ title: 'Jaringan Jalan Provinsi', keywords: ['batas wilayah', 'desa'] });
    expect(r.rows[0]!.anytext).toContain('jaringan jalan provinsi');
    expect(r.rows[0]!.wkt).toBe('MULTIPOLYGON(((106.7 -6.3,106.9 -6.3,106.9 -6.1,106.7 -6.1,106.7 -6.3)))');
  });

  it('writes history (null → DRAFT) and a record.created event in the same transaction', async () => {
    const rec = await create();
    const h = await ctx.w.a.produsen.agent.get(`${path(rec.id)}/history`);
    expect(h.status).toBe(200);
    expect(h.body).toEqual([{ at: expect.any(String), actorId: ctx.w.a.produsen.user.id, actorUsername: 'a-produsen', from: null, to: 'DRAFT', note: null, action: null }]);
    expect(await outboxOf(rec.id)).toEqual([{ type: 'record.created', payload: { recordId: rec.id, version: 1 } }]);
  });

  it('keeps a client-supplied fileIdentifier under a server-chosen id; one the organisation already uses is 409', async () => {
    const rec = await create(completeDoc({ fileIdentifier: 'idn-big-batas-desa-2024' }));
    expect(rec.fileIdentifier).toBe('idn-big-batas-desa-2024');
    expect(rec.id).toMatch(/^[0-9a-f-]{36}$/);
    const dup = await ctx.w.a.produsen2.agent.post('/api/metadata').send(completeDoc({ fileIdentifier: 'idn-big-batas-desa-2024' }));
    expect(dup.status).toBe(409);
    expect(dup.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(dup.body.detail).toContain('organisasi Anda');
    // another organisation's never-public record reserves nothing
    const other = await ctx.w.b.produsen.agent.post('/api/metadata').send(completeDoc({ fileIdentifier: 'idn-big-batas-desa-2024' }));
    expect(other.status).toBe(201);
  });

  it('lets an ADMIN create, refuses a QCQE (403) and anonymous callers (401)', async () => {
    expect((await ctx.w.a.admin.agent.post('/api/metadata').send(minimalDoc())).status).toBe(201);
    expect((await ctx.w.a.qcqe.agent.post('/api/metadata').send(minimalDoc())).status).toBe(403);
    expect((await ctx.w.anonymous.post('/api/metadata').send(minimalDoc())).status).toBe(401);
  });

  it('answers 422 with errors[].path for schema and code-list problems, and for server fields', async () => {
    const res = await ctx.w.a.produsen.agent.post('/api/metadata').send({ abstract: 'tanpa judul', language: 'klingon', status: 'PUBLISHED', version: 9 });
    expect(res.status).toBe(422);
    const paths = (res.body.errors as { path: string }[]).map((e) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['/title', '/language', '/status', '/version']));
  });

  it('answers 400 for malformed JSON, 415 for other types, 413 above 1 MB', async () => {
    const bad = await ctx.w.a.produsen.agent.post('/api/metadata').set('Content-Type', 'application/json').send('{"title": ');
    expect(bad.status).toBe(400);
    expect(bad.headers['content-type']).toMatch(/^application\/problem\+json/);
    const text = await ctx.w.a.produsen.agent.post('/api/metadata').set('Content-Type', 'text/plain').send('title=x');
    expect(text.status).toBe(415);
    const form = await ctx.w.a.produsen.agent.post('/api/metadata').type('form').send({ title: 'x' });
    expect(form.status).toBe(415);
    const big = await ctx.w.a.produsen.agent.post('/api/metadata').send({ title: 'besar', abstract: 'x'.repeat(1024 * 1024 + 10) });
    expect(big.status).toBe(413);
  });
});

describe('POST /api/metadata (XML import)', () => {
  const gmd = (id: string, title = 'Tutupan Lahan Impor'): string => `<?xml version="1.0" encoding="UTF-8"?>
<gmd:MD_Metadata xmlns:gmd="http://www.isotc211.org/2005/gmd" xmlns:gco="http://www.isotc211.org/2005/gco">
  <gmd:fileIdentifier><gco:CharacterString>${id}</gco:CharacterString></gmd:fileIdentifier>
  <gmd:identificationInfo><gmd:MD_DataIdentification>
    <gmd:citation><gmd:CI_Citation><gmd:title><gco:CharacterString>${title}</gco:CharacterString></gmd:title></gmd:CI_Citation></gmd:citation>
    <gmd:abstract><gco:CharacterString>Abstrak dokumen impor</gco:CharacterString></gmd:abstract>
  </gmd:MD_DataIdentification></gmd:identificationInfo>
</gmd:MD_Metadata>`;

  it('imports an ISO 19139 document as a DRAFT that keeps its identifier', async () => {
    const res = await ctx.w.a.produsen.agent.post('/api/metadata').set('Content-Type', 'application/xml').send(gmd('impor-uji-1'));
    expect(res.status).toBe(201);
    expect(res.headers.location).toBe(`/api/metadata/${res.body.id}`);
    expect(res.body).toMatchObject({ fileIdentifier: 'impor-uji-1', title: 'Tutupan Lahan Impor', status: 'DRAFT', version: 1 });
    const h = await ctx.w.a.produsen.agent.get(`/api/metadata/${res.body.id}/history`);
    expect(h.body[0]).toMatchObject({ from: null, to: 'DRAFT', note: 'Impor XML (gmd)' });
  });

  it('answers 409 when the document\'s identifier is taken', async () => {
    const res = await ctx.w.a.produsen.agent.post('/api/metadata').set('Content-Type', 'text/xml').send(gmd('impor-uji-1', 'Lagi'));
    expect(res.status).toBe(409);
  });

  it('answers 400 for malformed XML and for any DOCTYPE', async () => {
    const malformed = await ctx.w.a.produsen.agent.post('/api/metadata').set('Content-Type', 'application/xml').send('<gmd:MD_Metadata');
    expect(malformed.status).toBe(400);
    const xxe = '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><r>&x;</r>';
    const doctype = await ctx.w.a.produsen.agent.post('/api/metadata').set('Content-Type', 'application/xml').send(xxe);
    expect(doctype.status).toBe(400);
    expect(JSON.stringify(doctype.body)).not.toContain('root:');
  });

  it('answers 422 naming the element for a document it cannot map', async () => {
    const res = await ctx.w.a.produsen.agent.post('/api/metadata').set('Content-Type', 'application/xml').send('<katalog xmlns="urn:lain"/>');
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([{ path: 'katalog', message: expect.any(String) }]);
  });

  it('refuses a QCQE before reading the document (403), and XML on PATCH (415)', async () => {
    expect((await ctx.w.a.qcqe.agent.post('/api/metadata').set('Content-Type', 'application/xml').send(gmd('impor-qcqe'))).status).toBe(403);
    expect((await ctx.w.a.produsen.agent.patch('/api/metadata/impor-uji-1').set('Content-Type', 'application/xml').send(gmd('impor-uji-1'))).status).toBe(415);
  });
});

describe('GET /api/metadata/{id}', () => {
  it('answers with an ETag and 304 for a matching If-None-Match', async () => {
    const rec = await create();
    const res = await ctx.w.a.produsen.agent.get(path(rec.id));
    expect(res.headers.etag).toBe('"1"');
    const again = await ctx.w.a.produsen.agent.get(path(rec.id)).set('If-None-Match', '"1"');
    expect(again.status).toBe(304);
  });

  it('answers 404 for an unknown id', async () => {
    const res = await ctx.w.a.produsen.agent.get('/api/metadata/tidak-ada');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ status: 404, title: expect.any(String) });
  });
});

describe('PATCH /api/metadata/{id} (content)', () => {
  it('applies a JSON merge patch, bumps the version, recomputes the projection and emits record.updated', async () => {
    const rec = await create();
    const res = await ctx.w.a.produsen.agent.patch(path(rec.id)).set('If-Match', '"1"')
      .send({ title: 'Batas Desa Revisi', extent: null, keywords: [{ type: 'theme', values: ['perbatasan'] }] });
    expect(res.status).toBe(200);
    expect(res.headers.etag).toBe('"2"');
    expect(res.body).toMatchObject({ title: 'Batas Desa Revisi', version: 2, status: 'DRAFT', keywords: [{ type: 'theme', values: ['perbatasan'] }] });
    expect(res.body.extent).toBeUndefined();
    expect(Date.parse(res.body.updatedAt)).toBeGreaterThanOrEqual(Date.parse(rec.updatedAt));
    const row = await ctx.t.db.query<{ title: string; keywords: string[]; extent: unknown; anytext: string }>(
      'SELECT title, keywords, extent, anytext FROM records WHERE id = $1', [rec.id]);
    expect(row.rows[0]).toMatchObject({ title: 'Batas Desa Revisi', keywords: ['perbatasan'], extent: null });
    expect(row.rows[0]!.anytext).toContain('perbatasan');
    expect(row.rows[0]!.anytext).not.toContain('batas wilayah');
    expect((await outboxOf(rec.id)).map((e) => e.type)).toEqual(['record.created', 'record.updated']);
    expect((await outboxOf(rec.id))[1]!.payload).toEqual({ recordId: rec.id, version: 2, status: 'DRAFT' });
  });

  it('accepts application/merge-patch+json and weak or * If-Match tags', async () => {
    const rec = await create();
    const a = await ctx.w.a.produsen.agent.patch(path(rec.id)).set('Content-Type', 'application/merge-patch+json').set('If-Match', 'W/"1"')
      .send(JSON.stringify({ purpose: 'Perencanaan' }));
    expect(a.status).toBe(200);
    const b = await ctx.w.a.produsen.agent.patch(path(rec.id)).set('If-Match', '*').send({ purpose: 'Perencanaan tata ruang' });
    expect(b.status).toBe(200);
    expect(b.body.version).toBe(3);
  });

  it('writes nothing for a patch that changes nothing', async () => {
    const rec = await create();
    const res = await ctx.w.a.produsen.agent.patch(path(rec.id)).send({ title: rec.title });
    expect(res.status).toBe(200);
    expect(res.body.version).toBe(1);
    expect((await outboxOf(rec.id)).map((e) => e.type)).toEqual(['record.created']);
  });

  it('answers 412 for a stale If-Match and leaves the record alone', async () => {
    const rec = await create();
    await ctx.w.a.produsen.agent.patch(path(rec.id)).send({ purpose: 'satu' });
    const stale = await ctx.w.a.produsen.agent.patch(path(rec.id)).set('If-Match', '"1"').send({ purpose: 'dua' });
    expect(stale.status).toBe(412);
    expect(stale.body).toMatchObject({ status: 412, currentVersion: 2 });
    expect((await ctx.w.a.produsen.agent.get(path(rec.id))).body).toMatchObject({ purpose: 'satu', version: 2 });
    expect((await ctx.w.a.produsen.agent.delete(path(rec.id)).set('If-Match', '"1"')).status).toBe(412);
  });

  it('lets only one of two concurrent PATCHes with the same If-Match succeed', async () => {
    const rec = await create();
    const [x, y] = await Promise.all([
      ctx.w.a.produsen.agent.patch(path(rec.id)).set('If-Match', '"1"').send({ purpose: 'dari produsen' }),
      ctx.w.a.admin.agent.patch(path(rec.id)).set('If-Match', '"1"').send({ purpose: 'dari admin' }),
    ]);
    expect([x.status, y.status].sort()).toEqual([200, 412]);
    expect((await ctx.w.a.produsen.agent.get(path(rec.id))).body.version).toBe(2);
  });

  it('answers 422 for server fields and for status mixed with content', async () => {
    const rec = await create();
    const server = await ctx.w.a.produsen.agent.patch(path(rec.id)).send({ ownerId: ctx.w.a.produsen2.user.id, publishedAt: null });
    expect(server.status).toBe(422);
    expect((server.body.errors as { path: string }[]).map((e) => e.path).sort()).toEqual(['/ownerId', '/publishedAt']);
    const mixed = await ctx.w.a.produsen.agent.patch(path(rec.id)).send({ status: 'QCQE_PROCESS', title: 'Judul baru' });
    expect(mixed.status).toBe(422);
    expect(mixed.body.errors).toEqual([expect.objectContaining({ path: '/title' })]);
    const array = await ctx.w.a.produsen.agent.patch(path(rec.id)).send([{ op: 'replace', path: '/title', value: 'x' }]);
    expect(array.status).toBe(422);
  });

  it('validates the merged document (422 with paths) and keeps the stored one', async () => {
    const rec = await create();
    const res = await ctx.w.a.produsen.agent.patch(path(rec.id)).send({ title: null, topicCategories: ['bukan-kategori'], extent: { bbox: { south: 10, north: -10 } } });
    expect(res.status).toBe(422);
    const paths = (res.body.errors as { path: string }[]).map((e) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['/title', '/topicCategories/0']));
    expect((await ctx.w.a.produsen.agent.get(path(rec.id))).body).toMatchObject({ title: rec.title, version: 1 });
  });

  it('answers 400 for malformed JSON and 404 for an unknown record', async () => {
    const rec = await create();
    expect((await ctx.w.a.produsen.agent.patch(path(rec.id)).set('Content-Type', 'application/json').send('{oops')).status).toBe(400);
    expect((await ctx.w.a.produsen.agent.patch('/api/metadata/tidak-ada').send({ title: 'x' })).status).toBe(404);
  });
});

describe('DELETE /api/metadata/{id}', () => {
  it('deletes a DRAFT (204), its history with it, and emits record.deleted', async () => {
    const rec = await create();
    const res = await ctx.w.a.produsen.agent.delete(path(rec.id)).set('If-Match', '"1"');
    expect(res.status).toBe(204);
    expect((await ctx.w.a.produsen.agent.get(path(rec.id))).status).toBe(404);
    const h = await ctx.t.db.query('SELECT 1 FROM record_history WHERE record_id = $1', [rec.id]);
    expect(h.rowCount).toBe(0);
    expect((await outboxOf(rec.id)).map((e) => e.type)).toEqual(['record.created', 'record.deleted']);
    expect((await ctx.w.a.produsen.agent.delete(path(rec.id))).status).toBe(404);
  });

  it('refuses any other status with 409', async () => {
    const rec = await seedRecord(ctx.t.db, { owner: ctx.w.a.produsen.user, status: 'REJECTED' });
    const res = await ctx.w.a.produsen.agent.delete(path(rec.id));
    expect(res.status).toBe(409);
    expect(res.body.currentStatus).toBe('REJECTED');
  });
});
