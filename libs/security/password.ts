import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Password hashing with scrypt (Node's built-in, no native addon). The stored form carries
 * its parameters — `scrypt$N$r$p$salt$hash` (base64) — so they can be raised later without
 * invalidating existing hashes.
 */
const N = 16384;
const R = 8;
const P = 1;
const KEYLEN = 64;

function scrypt(password: string, salt: Buffer, keylen: number, opts: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCb(password, salt, keylen, opts, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

/** Largest cost factor accepted from a stored hash: a corrupt or hostile value must not make one login burn seconds of CPU. */
const MAX_N = 1 << 20;

/**
 * `cost` is scrypt's N; every caller in the product uses the default. Test fixtures pass a
 * small one for the shared password of their seeded users, whose hundreds of logins per test
 * run would otherwise each cost a production-strength scrypt (verifyPassword reads N from the
 * stored hash, so such a login is cheap and still goes through the real check).
 */
export async function hashPassword(password: string, cost = N): Promise<string> {
  if (!Number.isInteger(cost) || cost < 2 || cost > MAX_N || (cost & (cost - 1)) !== 0) {
    throw new RangeError(`scrypt cost must be a power of two between 2 and ${MAX_N}, got ${cost}`);
  }
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEYLEN, { N: cost, r: R, p: P, maxmem: 64 * 1024 * 1024 });
  return `scrypt$${cost}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
}

/**
 * True when `password` matches `stored`. A malformed stored value (wrong scheme, bad numbers,
 * empty salt or hash) is simply "no match": login then fails like any wrong password.
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, saltB64, hashB64] = parts as [string, string, string, string, string, string];
  const cost = Number(n);
  const blockSize = Number(r);
  const parallel = Number(p);
  const validParams = Number.isInteger(cost) && cost > 1 && cost <= MAX_N && (cost & (cost - 1)) === 0
    && Number.isInteger(blockSize) && blockSize >= 1 && blockSize <= 32
    && Number.isInteger(parallel) && parallel >= 1 && parallel <= 16;
  const salt = Buffer.from(saltB64, 'base64');
  const expected = Buffer.from(hashB64, 'base64');
  if (!validParams || salt.length === 0 || expected.length < 16) return false;
  let key: Buffer;
  try {
    key = await scrypt(password, salt, expected.length, { N: cost, r: blockSize, p: parallel, maxmem: 256 * 1024 * 1024 });
  } catch {
    return false; // parameters beyond the memory limit: treat like any unusable hash
  }
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash of a random password, compared against when the username is unknown so that
 * "no such user" and "wrong password" take the same time. */
let dummyHash: Promise<string> | undefined;
export const dummyPasswordHash = (): Promise<string> => (dummyHash ??= hashPassword(randomBytes(16).toString('hex')));

/** Alphabet of generated passwords: no 0/O, 1/l/I, so they survive being read aloud or copied by hand. */
export const GENERATED_PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/**
 * A readable random password for generated accounts (bootstrap admin, resets). Bytes that
 * would bias the modulo are skipped, so every character is equally likely
 * (20 characters ≈ 116 bits).
 */
export function generatePassword(length = 20): string {
  const alphabet = GENERATED_PASSWORD_ALPHABET;
  const limit = 256 - (256 % alphabet.length);
  let out = '';
  while (out.length < length) {
    for (const b of randomBytes(length * 2)) {
      if (b >= limit) continue;
      out += alphabet[b % alphabet.length];
      if (out.length === length) break;
    }
  }
  return out;
}
