import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Stateless resumption tokens: the query and the keyset position are in the token itself,
 * signed with an HMAC key derived from the session secret. Nothing is kept on the server, so a
 * token issued by one API instance works on any other, and after a restart; the signature stops
 * a harvester from editing the position or the query, and the expiry ends a token clearly
 * (badResumptionToken), not by a sudden lack of server state.
 *
 * Format: base64url(JSON payload) "." base64url(HMAC-SHA256(payload)).
 */

export type ListVerb = 'ListRecords' | 'ListIdentifiers';

export interface TokenState {
  verb: ListVerb;
  metadataPrefix: string;
  /** the request's `from` / `until` / `set` exactly as given (so the echo and granularity stay) */
  from?: string;
  until?: string;
  set?: string;
  /** keyset position: the last item sent (datestamp with microseconds, ISO UTC; record id) */
  afterDatestamp: string;
  afterId: string;
  /** items sent before the next page (OAI `cursor`) */
  cursor: number;
  /** expiry, seconds since the epoch */
  expires: number;
}

interface Wire {
  v: 1;
  vb: 'R' | 'I';
  p: string;
  f?: string;
  u?: string;
  s?: string;
  d: string;
  i: string;
  c: number;
  e: number;
}

export type TokenCheck = { ok: true; state: TokenState } | { ok: false; reason: 'malformed' | 'signature' | 'expired' | 'verb' };

/** The signing key: derived, so the session secret itself never signs anything but sessions. */
export function deriveTokenKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('geokatalog oai-pmh resumption token v1').digest();
}

const sign = (key: Buffer, body: string): string => createHmac('sha256', key).update(body).digest('base64url');

export function encodeToken(key: Buffer, s: TokenState): string {
  const wire: Wire = {
    v: 1,
    vb: s.verb === 'ListRecords' ? 'R' : 'I',
    p: s.metadataPrefix,
    ...(s.from !== undefined ? { f: s.from } : {}),
    ...(s.until !== undefined ? { u: s.until } : {}),
    ...(s.set !== undefined ? { s: s.set } : {}),
    d: s.afterDatestamp,
    i: s.afterId,
    c: s.cursor,
    e: s.expires,
  };
  const body = Buffer.from(JSON.stringify(wire), 'utf8').toString('base64url');
  return `${body}.${sign(key, body)}`;
}

const isStr = (v: unknown): v is string => typeof v === 'string';
const optStr = (v: unknown): boolean => v === undefined || isStr(v);

/** Checks signature, shape, verb and expiry (`nowSeconds`). */
export function decodeToken(key: Buffer, token: string, verb: ListVerb, nowSeconds: number): TokenCheck {
  const m = /^([A-Za-z0-9_-]{1,4000})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return { ok: false, reason: 'malformed' };
  const [, body, mac] = m as unknown as [string, string, string];
  const expected = Buffer.from(sign(key, body), 'utf8');
  const given = Buffer.from(mac, 'utf8');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: 'signature' };
  let w: Partial<Wire>;
  try {
    w = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Partial<Wire>;
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (w === null || typeof w !== 'object' || w.v !== 1 || (w.vb !== 'R' && w.vb !== 'I') || !isStr(w.p) || !isStr(w.d) || !isStr(w.i)
    || !optStr(w.f) || !optStr(w.u) || !optStr(w.s) || !Number.isInteger(w.c) || !Number.isInteger(w.e)) {
    return { ok: false, reason: 'malformed' };
  }
  const tokenVerb: ListVerb = w.vb === 'R' ? 'ListRecords' : 'ListIdentifiers';
  if (tokenVerb !== verb) return { ok: false, reason: 'verb' };
  if (w.e! <= nowSeconds) return { ok: false, reason: 'expired' };
  return {
    ok: true,
    state: {
      verb: tokenVerb,
      metadataPrefix: w.p,
      ...(w.f !== undefined ? { from: w.f } : {}),
      ...(w.u !== undefined ? { until: w.u } : {}),
      ...(w.s !== undefined ? { set: w.s } : {}),
      afterDatestamp: w.d,
      afterId: w.i,
      cursor: w.c!,
      expires: w.e!,
    },
  };
}
