import { createHash } from 'node:crypto';
import type { PageKey } from '../../search/search.ports';
import { badParameter } from '../oarec-error';

/**
 * The `cursor` of the items' `next` links: keyset continuation (the search core's PageKey of
 * the last record shown) with the position it stands for, so a deep page costs what the first
 * one does. Opaque to clients (base64url of a small JSON value). It carries a digest of the
 * query it belongs to (every parameter but f, limit, offset and cursor): a cursor pasted onto
 * another query is refused with a 400 naming `cursor` — its position would otherwise settle a
 * wrong count. Not a secret and not signed: a forged key only selects records the client could
 * see anyway, and a key that does not fit the sort is refused by the store.
 */
export interface PageCursor {
  /** the 0-based position of the first record after the key */
  offset: number;
  after: PageKey;
}

/** digest of the query a cursor belongs to */
function queryDigest(echo: Record<string, string>): string {
  const canon = Object.keys(echo).sort().map((k) => [k, echo[k]]);
  return createHash('sha256').update(JSON.stringify(canon)).digest('base64url').slice(0, 12);
}

export function encodeCursor(echo: Record<string, string>, offset: number, after: PageKey): string {
  return Buffer.from(JSON.stringify({ o: offset, k: after, q: queryDigest(echo) }), 'utf8').toString('base64url');
}

/** cursors are small: a key of a few sort values */
const MAX_CURSOR_LENGTH = 4096;

export function decodeCursor(raw: string, echo: Record<string, string>): PageCursor {
  const bad = () => badParameter('cursor', 'penanda halaman tidak sah; ikuti tautan next dari halaman sebelumnya atau mulai dari halaman pertama.');
  if (raw.length > MAX_CURSOR_LENGTH || !/^[A-Za-z0-9_-]+$/.test(raw)) throw bad();
  let v: unknown;
  try {
    v = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw bad();
  }
  const c = v as { o?: unknown; k?: unknown; q?: unknown } | null;
  if (!c || typeof c !== 'object' || !Number.isSafeInteger(c.o) || (c.o as number) < 0 || !Array.isArray(c.k) || c.k.length === 0) throw bad();
  if (!(c.k as unknown[]).every((x) => x === null || typeof x === 'string')) throw bad();
  if (c.q !== queryDigest(echo)) throw badParameter('cursor', 'penanda halaman milik pencarian lain; mulai dari halaman pertama pencarian ini.');
  return { offset: c.o as number, after: c.k as PageKey };
}
