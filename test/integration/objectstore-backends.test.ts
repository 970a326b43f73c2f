import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { createDirectoryObjectStore, keyToRelativePath } from '../../libs/objectstore/directory-object-store';
import { createS3ObjectStore } from '../../libs/objectstore/s3-object-store';
import { InvalidObjectKeyError, type ObjectStore } from '../../libs/objectstore/object-store';
import { openObjectStore } from '../../libs/objectstore/open-object-store';

// s3rver ships no type declarations; this is the part of it the tests use
interface S3rverInstance { run(): Promise<{ port: number }>; close(): Promise<void> }
const S3rver = require('s3rver') as new (opts: Record<string, unknown>) => S3rverInstance;

/** Every file under `dir`, relative. */
function listFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = path.join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else out.push(path.relative(dir, p));
    }
  };
  walk(dir);
  return out;
}

const png = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), randomBytes(64)]);

/** The same behaviour from both backends. */
function contract(name: string, open: () => ObjectStore) {
  describe(`${name}: object store contract`, () => {
    let store: ObjectStore;
    beforeAll(() => { store = open(); });
    afterAll(async () => { await store.close(); });

    it('reports itself reachable', async () => {
      await expect(store.check()).resolves.toBeUndefined();
    });

    it('round-trips bytes and content type, and replaces on a second put', async () => {
      await store.put('thumbnails/rec-1', png, 'image/png');
      const got = await store.get('thumbnails/rec-1');
      expect(got?.contentType).toBe('image/png');
      expect(got?.body.equals(png)).toBe(true);
      const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
      await store.put('thumbnails/rec-1', jpeg, 'image/jpeg');
      const again = await store.get('thumbnails/rec-1');
      expect(again?.contentType).toBe('image/jpeg');
      expect(again?.body.equals(jpeg)).toBe(true);
    });

    it('answers undefined for a missing key and deletes idempotently', async () => {
      expect(await store.get('thumbnails/nothing-here')).toBeUndefined();
      await store.put('a/b/c', Buffer.from('x'), 'text/plain');
      await store.delete('a/b/c');
      expect(await store.get('a/b/c')).toBeUndefined();
      await expect(store.delete('a/b/c')).resolves.toBeUndefined();
    });

    it('keeps keys that are prefixes of each other apart (a and a/b)', async () => {
      await store.put('p', Buffer.from('one'), 'text/plain');
      await store.put('p/q', Buffer.from('two'), 'text/plain');
      expect((await store.get('p'))?.body.toString()).toBe('one');
      expect((await store.get('p/q'))?.body.toString()).toBe('two');
    });

    it('stores keys with unusual characters', async () => {
      const key = 'thumbnails/urn:x-geo:id%2F1 spasi ü…';
      await store.put(key, Buffer.from('u'), 'text/plain');
      expect((await store.get(key))?.body.toString()).toBe('u');
    });

    it.each(['', '/abs', 'a//b', '../etc/passwd', 'a/../../b', 'a/./b', 'a\\..\\b', 'nul\u0000byte', 'trailing/'])(
      'refuses the key %j', async (key) => {
        await expect(store.put(key, Buffer.from('x'), 'text/plain')).rejects.toBeInstanceOf(InvalidObjectKeyError);
        await expect(store.get(key)).rejects.toBeInstanceOf(InvalidObjectKeyError);
      },
    );
  });
}

describe('directory backend', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'gk-objects-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  contract('directory', () => createDirectoryObjectStore(path.join(root, 'objects')));

  it('maps every key inside its root, with no dot segments', () => {
    for (const key of ['x', 'a/b', '..x', 'x..', '.hidden/y', 'a b/ü', 'thumbnails/%2E%2E']) {
      const rel = keyToRelativePath(key);
      expect(rel.split(path.sep).every((s) => s !== '.' && s !== '..' && !s.startsWith('.'))).toBe(true);
      expect(path.resolve(root, rel).startsWith(root + path.sep)).toBe(true);
    }
  });

  it('writes atomically: no temporary file is left and a long segment still fits a file name', async () => {
    const store = createDirectoryObjectStore(path.join(root, 'atomic'));
    const longKey = `thumbnails/${'ü'.repeat(300)}`;
    await store.put(longKey, Buffer.from('long'), 'text/plain');
    expect((await store.get(longKey))?.body.toString()).toBe('long');
    const files = listFiles(path.join(root, 'atomic'));
    expect(files).toHaveLength(1);
    expect(files[0]).not.toMatch(/tmp-/);
    expect(path.basename(files[0]!).length).toBeLessThan(255);
  });

  it('is what openObjectStore gives when OBJECTSTORE_URL is unset (DATA_DIR/objects)', async () => {
    const store = openObjectStore({ objectStoreUrl: undefined, dataDir: root });
    expect(store.kind).toBe('directory');
    expect(store.location).toBe(path.join(root, 'objects'));
    await store.close();
  });
});

describe('S3 backend against s3rver', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'gk-s3rver-'));
  let server: S3rverInstance;
  let endpoint: string;
  beforeAll(async () => {
    server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir, configureBuckets: [{ name: 'geokatalog' }] });
    const { port } = await server.run();
    endpoint = `http://S3RVER:S3RVER@127.0.0.1:${port}`;
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  contract('s3', () => createS3ObjectStore(`${endpoint}/geokatalog?region=us-east-1`));

  it('puts objects under the URL prefix and shows no credentials in its location', async () => {
    const store = openObjectStore({ objectStoreUrl: `${endpoint}/geokatalog/deploy-a`, dataDir: '/nonexistent' });
    expect(store.kind).toBe('s3');
    expect(store.location).toBe(`${endpoint.replace('S3RVER:S3RVER@', '')}/geokatalog/deploy-a/`);
    await store.put('k', Buffer.from('prefixed'), 'text/plain');
    const plain = createS3ObjectStore(`${endpoint}/geokatalog`);
    expect((await plain.get('deploy-a/k'))?.body.toString()).toBe('prefixed');
    await Promise.all([store.close(), plain.close()]);
  });

  it('fails check() for a missing bucket and for wrong credentials', async () => {
    const missing = createS3ObjectStore(`${endpoint}/tidak-ada`);
    await expect(missing.check()).rejects.toThrow();
    // (s3rver knows one access key; it does not verify signatures, so an unknown key stands in for a wrong secret)
    const wrong = createS3ObjectStore(`${endpoint.replace('S3RVER:S3RVER', 'ASING:salah')}/geokatalog`);
    await expect(wrong.check()).rejects.toThrow();
    await Promise.all([missing.close(), wrong.close()]);
  });

  it('fails check() quickly when the server is gone', async () => {
    const closed = createS3ObjectStore('http://a:b@127.0.0.1:9/geokatalog');
    await expect(closed.check({ signal: AbortSignal.timeout(2_000) })).rejects.toThrow();
    await closed.close();
  });
});
