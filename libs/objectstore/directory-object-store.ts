import { createHash, randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { access, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertValidKey, type ObjectStore, type StoredObject } from './object-store';

/**
 * Objects as files under one root directory (DATA_DIR/objects), for embedded mode and for
 * deployments without a bucket.
 *
 * Key → path: every key segment is percent-encoded down to [A-Za-z0-9_-], so a segment can
 * never be `.`/`..`, contain a separator, or differ between file systems by case-folding
 * tricks of `%`; objects end in `.obj` (a character the encoding never produces), so the key
 * `a` and the key `a/b` do not collide as file and directory. Very long segments are hashed
 * to stay under the 255-byte file-name limit. Finally the resolved path is checked to lie
 * inside the root, as a second fence.
 *
 * Each file is `<content type>\n<bytes>`, written to a temporary name and renamed, so a
 * reader sees the old object or the new one, never half of one.
 */
const MAX_SEGMENT_CHARS = 200;

function encodeSegment(seg: string): string {
  let out = '';
  for (const byte of Buffer.from(seg, 'utf8')) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9_-]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  // '~' is never produced by the encoding, so hashed names cannot collide with plain ones
  return out.length > MAX_SEGMENT_CHARS ? `~${createHash('sha256').update(seg).digest('hex')}` : out;
}

export function keyToRelativePath(key: string): string {
  assertValidKey(key);
  const segs = key.split('/').map(encodeSegment);
  segs[segs.length - 1] += '.obj';
  return segs.join(path.sep);
}

const isMissing = (err: unknown): boolean => ['ENOENT', 'ENOTDIR'].includes((err as NodeJS.ErrnoException)?.code ?? '');

export function createDirectoryObjectStore(root: string): ObjectStore {
  const base = path.resolve(root);
  const fileFor = (key: string): string => {
    const file = path.resolve(base, keyToRelativePath(key));
    if (!file.startsWith(base + path.sep)) throw new Error(`kunci objek keluar dari direktori penyimpanan: ${key}`);
    return file;
  };

  return {
    kind: 'directory',
    location: base,

    async put(key, body, contentType) {
      if (/[\r\n]/.test(contentType)) throw new Error('Content-Type tidak boleh berisi baris baru');
      const file = fileFor(key);
      await mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.tmp-${randomBytes(6).toString('hex')}`;
      try {
        await writeFile(tmp, Buffer.concat([Buffer.from(`${contentType}\n`, 'utf8'), body]));
        await rename(tmp, file);
      } catch (err) {
        await rm(tmp, { force: true });
        throw err;
      }
    },

    async get(key): Promise<StoredObject | undefined> {
      let raw: Buffer;
      try {
        raw = await readFile(fileFor(key));
      } catch (err) {
        if (isMissing(err)) return undefined;
        throw err;
      }
      const nl = raw.indexOf(0x0a);
      if (nl < 0) throw new Error(`berkas objek rusak: ${key}`);
      return { contentType: raw.subarray(0, nl).toString('utf8'), body: raw.subarray(nl + 1) };
    },

    async delete(key) {
      await rm(fileFor(key), { force: true });
    },

    async check() {
      await mkdir(base, { recursive: true });
      await access(base, constants.R_OK | constants.W_OK);
    },

    async close() {},
  };
}
