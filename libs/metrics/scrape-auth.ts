import { createHash, timingSafeEqual } from 'node:crypto';

/** Text of the 401 answer to a scrape without the right token (plain text: Prometheus shows it as is). */
export const SCRAPE_UNAUTHORIZED_TEXT = 'Token metrik tidak ada atau salah: kirim "Authorization: Bearer <METRICS_TOKEN>".\n';

const digest = (s: string): Buffer => createHash('sha256').update(s).digest();

/**
 * True when a scrape may read the metrics: always when no METRICS_TOKEN is configured,
 * otherwise only with `Authorization: Bearer <token>`. Compared as hashes in constant time,
 * so neither the token's content nor its length leaks through timing.
 */
export function scrapeAllowed(token: string | undefined, authorization: string | undefined): boolean {
  if (!token) return true;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  if (!m) return false;
  return timingSafeEqual(digest(m[1] as string), digest(token));
}
