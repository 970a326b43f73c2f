import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { MetadataRecord } from '../../libs/catalogue/record.types';
import { findRecordById } from '../../libs/db/record.repository';
import { buildGmd } from '../../libs/render/gmd-builder';
import { createS3ObjectStore } from '../../libs/objectstore/s3-object-store';
import { thumbnailKey } from '../../libs/objectstore/thumbnail-key';
import { seedRecord, seedWorld, type World } from '../helpers/fixtures';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { jpegHeader, pngHeader, webpHeader } from '../helpers/image-headers';

// s3rver ships no type declarations; this is the part of it the tests use
interface S3rverInstance { run(): Promise<{ port: number }>; close(): Promise<void> }
const S3rver = require('s3rver') as new (opts: Record<string, unknown>) => S3rverInstance;

const BASE_URL = 'http://katalog.test';
const PNG = pngHeader(640, 480);
const JPEG = jpegHeader(800, 600);
const WEBP = webpHeader(320, 240);

const thumbPath = (id: string): string => `/api/metadata/${encodeURIComponent(id)}/thumbnail`;

describe('record thumbnails in an S3 bucket (s3rver)', () => {
  const s3dir = mkdtempSync(path.join(tmpdir(), 'gk-thumb-s3-'));
  let s3: S3rverInstance;
  let bucketUrl: string;
  let t: TestApp;
  let w: World;

  beforeAll(async () => {
    s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: s3dir, configureBuckets: [{ name: 'gk-thumbs' }] });
    const { port } = await s3.run();
    bucketUrl = `http://S3RVER:S3RVER@127.0.0.1:${port}/gk-thumbs`;
    t = await startTestApp('server', { OBJECTSTORE_URL: bucketUrl, BASE_URL });
    w = await seedWorld(t);
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
    rmSync(s3dir, { recursive: true, force: true });
  });

  it("stores the owner's PNG, sets thumbnailUrl through the use case (version + 1, event) and renders it as graphicOverview", async () => {
    const rec = await seedRecord(t.db, { owner: w.a.produsen.user, status: 'DRAFT', id: 'urn:gk:thumb.1' });
    const res = await w.a.produsen.agent.put(thumbPath(rec.id)).set('Content-Type', 'image/png').send(PNG);
    expect(res.status).toBe(200);
    const updated = res.body as MetadataRecord;
    expect(updated.thumbnailUrl).toBe(`${BASE_URL}/api/metadata/${encodeURIComponent(rec.id)}/thumbnail`);
    expect(updated.version).toBe(rec.version + 1);
    expect(res.headers.etag).toBe(`"${rec.version + 1}"`);
    // the workbench swaps its record for this answer: it must be the full record view (issue 20: a white page without permissions)
    expect(res.body).toMatchObject({ permissions: { edit: true, delete: true }, allowedTransitions: [expect.objectContaining({ to: 'QCQE_PROCESS' })] });

    const events = await t.db.query<{ type: string; payload: { version: number } }>(
      "SELECT type, payload FROM outbox WHERE payload->>'recordId' = $1 ORDER BY id", [rec.id],
    );
    expect(events.rows).toEqual([{ type: 'record.updated', payload: expect.objectContaining({ version: rec.version + 1 }) }]);

    const stored = await findRecordById(t.db, rec.id);
    const xml = buildGmd(stored!);
    expect(xml).toMatch(/<gmd:graphicOverview>\s*<gmd:MD_BrowseGraphic>\s*<gmd:fileName>\s*<gco:CharacterString>http:\/\/katalog\.test\/api\/metadata\/urn%3Agk%3Athumb.1\/thumbnail<\/gco:CharacterString>/);

    const bucket = createS3ObjectStore(bucketUrl);
    const obj = await bucket.get(thumbnailKey(rec.id));
    await bucket.close();
    expect(obj?.contentType).toBe('image/png');
    expect(obj?.body.equals(PNG)).toBe(true);
  });

  it('serves a draft thumbnail only to callers who may read the record, privately, with ETag / 304', async () => {
    const rec = await seedRecord(t.db, { owner: w.a.produsen.user, status: 'DRAFT' });
    expect((await w.a.produsen.agent.put(thumbPath(rec.id)).set('Content-Type', 'image/webp').send(WEBP)).status).toBe(200);

    const res = await w.a.produsen2.agent.get(thumbPath(rec.id)).buffer(true);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.from(res.body as Buffer).equals(WEBP)).toBe(true);
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect((await w.a.produsen2.agent.get(thumbPath(rec.id)).set('If-None-Match', etag)).status).toBe(304);

    expect((await w.anonymous.get(thumbPath(rec.id))).status).toBe(404);
    expect((await w.b.produsen.agent.get(thumbPath(rec.id))).status).toBe(404);
    expect((await w.a.qcqe.agent.get(thumbPath(rec.id))).status).toBe(404); // QCQE do not read drafts
  });

  it('serves a PUBLISHED record\'s thumbnail without a session, cacheable, typed by its content', async () => {
    // uploaded while PRIVATE (a published record's graphic changes through a revision), then published
    const rec = await seedRecord(t.db, { owner: w.a.produsen.user, status: 'PRIVATE' });
    // declared PNG, really JPEG: the content decides
    const put = await w.a.admin.agent.put(thumbPath(rec.id)).set('Content-Type', 'image/png').send(JPEG);
    expect(put.status).toBe(200);
    await t.db.query("UPDATE records SET status = 'PUBLISHED' WHERE id = $1", [rec.id]);
    const res = await w.anonymous.get(thumbPath(rec.id)).buffer(true);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(Buffer.from(res.body as Buffer).equals(JPEG)).toBe(true);
    expect((await w.anonymous.get(thumbPath(rec.id)).set('If-None-Match', res.headers.etag as string)).status).toBe(304);
    expect((await w.anonymous.head(thumbPath(rec.id))).status).toBe(200);
  });

  it('refuses callers who may not edit the content: 401 anonymous, 409 published (revise it), 403 readable but not editable, 404 unreadable', async () => {
    const draft = await seedRecord(t.db, { owner: w.a.produsen.user, status: 'DRAFT' });
    const published = await seedRecord(t.db, { owner: w.a.produsen.user, status: 'PUBLISHED' });
    const inQc = await seedRecord(t.db, { owner: w.a.produsen.user, status: 'QCQE_PROCESS' });
    const put = (agent: World['anonymous'], id: string) => agent.put(thumbPath(id)).set('Content-Type', 'image/png').send(PNG);

    expect((await put(w.anonymous, draft.id)).status).toBe(401);
    expect((await put(w.a.produsen.agent, published.id)).status).toBe(409);
    expect((await put(w.a.admin.agent, published.id)).status).toBe(409);
    expect((await put(w.a.qcqe.agent, inQc.id)).status).toBe(403);
    expect((await put(w.a.produsen2.agent, draft.id)).status).toBe(403);
    expect((await put(w.b.admin.agent, draft.id)).status).toBe(404);
    expect((await put(w.b.produsen.agent, 'tidak-ada')).status).toBe(404);
    for (const id of [draft.id, published.id, inQc.id]) {
      expect((await findRecordById(t.db, id))!.version).toBe(1);
    }
  });

  it('refuses non-image types (415) and content that is not PNG/JPEG/WebP whatever its header (422), storing nothing', async () => {
    const rec = await seedRecord(t.db, { owner: w.a.produsen.user, status: 'DRAFT' });
    const html = Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>');
    const asText = await w.a.produsen.agent.put(thumbPath(rec.id)).set('Content-Type', 'text/html').send(html);
    expect(asText.status).toBe(415);
    const asGif = await w.a.produsen.agent.put(thumbPath(rec.id)).set('Content-Type', 'image/gif').send(Buffer.from('GIF89a'));
    expect(asGif.status).toBe(415);
    expect(asGif.body.accepted).toEqual(['image/png', 'image/jpeg', 'image/webp']);
    const asJson = await w.a.produsen.agent.put(thumbPath(rec.id)).send({ image: 'x' });
    expect(asJson.status).toBe(415);
    const disguised = await w.a.produsen.agent.put(thumbPath(rec.id)).set('Content-Type', 'image/png').send(html);
    expect(disguised.status).toBe(422);
    expect(disguised.headers['content-type']).toMatch(/^application\/problem\+json/);
    const empty = await w.a.produsen.agent.put(thumbPath(rec.id)).set('Content-Type', 'image/png').send(Buffer.alloc(0));
    expect(empty.status).toBe(422);
    expect((await w.a.produsen.agent.get(thumbPath(rec.id))).status).toBe(404);
    expect((await findRecordById(t.db, rec.id))!.thumbnailUrl).toBeUndefined();
  });

  it('refuses more than 2 MB with 413 and accepts exactly 2 MB', async () => {
    const rec = await seedRecord(t.db, { owner: w.a.produsen.user, status: 'DRAFT' });
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024 + 1 - PNG.length)]);
    const res = await w.a.produsen.agent.put(thumbPath(rec.id)).set('Content-Type', 'image/png').send(big);
    expect(res.status).toBe(413);
    expect(res.body.detail).toContain('2 MB');
    const max = big.subarray(0, 2 * 1024 * 1024);
    expect((await w.a.produsen.agent.put(thumbPath(rec.id)).set('Content-Type', 'image/png').send(max)).status).toBe(200);
  });

  it('refuses an image declaring more than 40 megapixels (413) and one whose size cannot be read (422), storing nothing', async () => {
    const rec = await seedRecord(t.db, { owner: w.a.produsen.user, status: 'DRAFT' });
    // issue 22: 60,000 × 60,000 pixels in a few hundred bytes
    for (const [type, body] of [['image/png', pngHeader(60_000, 60_000)], ['image/jpeg', jpegHeader(65_535, 65_535)], ['image/webp', webpHeader(16_384, 16_384)]] as const) {
      const res = await w.a.produsen.agent.put(thumbPath(rec.id)).set('Content-Type', type).send(body);
      expect(res.status).toBe(413);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.body.detail).toContain('40 megapiksel');
      expect(res.body.maxPixels).toBe(40_000_000);
    }
    const truncated = await w.a.produsen.agent.put(thumbPath(rec.id)).set('Content-Type', 'image/png').send(pngHeader(10, 10).subarray(0, 20));
    expect(truncated.status).toBe(422);
    const noFrame = await w.a.produsen.agent.put(thumbPath(rec.id)).set('Content-Type', 'image/jpeg').send(Buffer.from('ffd8ffda000c0000', 'hex'));
    expect(noFrame.status).toBe(422);
    expect((await w.a.produsen.agent.get(thumbPath(rec.id))).status).toBe(404);
    expect((await findRecordById(t.db, rec.id))!.version).toBe(1);
    // exactly 40 megapixels is allowed
    expect((await w.a.produsen.agent.put(thumbPath(rec.id)).set('Content-Type', 'image/png').send(pngHeader(8000, 5000))).status).toBe(200);
  });

  it('honours If-Match (412 on a stale version) and keeps the version when the same URL is set again', async () => {
    const rec = await seedRecord(t.db, { owner: w.a.produsen.user, status: 'DRAFT' });
    const stale = await w.a.produsen.agent.put(thumbPath(rec.id)).set('Content-Type', 'image/png').set('If-Match', '"7"').send(PNG);
    expect(stale.status).toBe(412);
    const first = await w.a.produsen.agent.put(thumbPath(rec.id)).set('Content-Type', 'image/png').set('If-Match', '"1"').send(PNG);
    expect(first.status).toBe(200);
    expect(first.body.version).toBe(2);
    // a new picture under the same URL: the record does not change, the served bytes do
    const second = await w.a.produsen.agent.put(thumbPath(rec.id)).set('Content-Type', 'image/jpeg').send(JPEG);
    expect(second.body.version).toBe(2);
    const got = await w.a.produsen.agent.get(thumbPath(rec.id)).buffer(true);
    expect(got.headers['content-type']).toBe('image/jpeg');
  });

  it('does not serve a stored upload once thumbnailUrl points elsewhere', async () => {
    const rec = await seedRecord(t.db, { owner: w.a.produsen.user, status: 'DRAFT' });
    expect((await w.a.produsen.agent.put(thumbPath(rec.id)).set('Content-Type', 'image/png').send(PNG)).status).toBe(200);
    const patched = await w.a.produsen.agent.patch(`/api/metadata/${encodeURIComponent(rec.id)}`)
      .set('Content-Type', 'application/merge-patch+json').send(JSON.stringify({ thumbnailUrl: 'https://cdn.contoh.go.id/pratinjau.png' }));
    expect(patched.status).toBe(200);
    expect((await w.a.produsen.agent.get(thumbPath(rec.id))).status).toBe(404);
  });
});

describe('record thumbnails in the data directory (no OBJECTSTORE_URL)', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gk-thumb-dir-'));
  let t: TestApp;
  let w: World;
  beforeAll(async () => {
    t = await startTestApp('server', { DATA_DIR: dataDir, BASE_URL });
    w = await seedWorld(t, { prefix: 'dir-' });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('stores under DATA_DIR/objects and serves it back', async () => {
    expect(t.deps.objectStore.kind).toBe('directory');
    const rec = await seedRecord(t.db, { owner: w.a.produsen.user, status: 'PRIVATE', id: 'urn:x..y' });
    expect((await w.a.admin.agent.put(thumbPath(rec.id)).set('Content-Type', 'image/png').send(PNG)).status).toBe(200);
    await t.db.query("UPDATE records SET status = 'PUBLISHED' WHERE id = $1", [rec.id]);
    const got = await w.anonymous.get(thumbPath(rec.id)).buffer(true);
    expect(got.status).toBe(200);
    expect(Buffer.from(got.body as Buffer).equals(PNG)).toBe(true);
    expect(readdirSync(path.join(dataDir, 'objects'))).toEqual(['thumbnails']);
    expect(readdirSync(path.join(dataDir, 'objects', 'thumbnails'))).toEqual(['urn%253Ax%252E%252Ey.obj']);
  });
});
