/**
 * OAI-PMH datestamps: UTC, `YYYY-MM-DD` (day) or `YYYY-MM-DDThh:mm:ssZ` (seconds, this
 * repository's granularity). A `from`/`until` bound becomes a half-open interval on the stored
 * (microsecond) datestamp: from = the first instant of the second or day, until = the first
 * instant AFTER it, so a record shown as 10:00:05Z matches until=10:00:05Z.
 */

export type Granularity = 'day' | 'seconds';

export interface UtcBound {
  granularity: Granularity;
  /** the first instant the value denotes, ISO 8601 UTC */
  start: string;
  /** the first instant after the value, ISO 8601 UTC */
  end: string;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const SECONDS = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})Z$/;

/** undefined when `s` is not a valid UTC date or datetime of either granularity. */
export function parseUtcBound(s: string): UtcBound | undefined {
  const d = DAY.exec(s);
  const t = d ? undefined : SECONDS.exec(s);
  const m = d ?? t;
  if (!m) return undefined;
  const [year, month, day, hour = 0, minute = 0, second = 0] = m.slice(1).map(Number) as number[];
  if (year! < 1 || month! < 1 || month! > 12 || day! < 1 || hour > 23 || minute > 59 || second > 59) return undefined;
  const ms = Date.UTC(year!, month! - 1, day!, hour, minute, second);
  const date = new Date(ms);
  // Date.UTC rolls 2023-02-30 over into March: a rolled value was not a real date
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month! - 1 || date.getUTCDate() !== day) return undefined;
  // years 1–99 are read by Date.UTC as 1901–1999
  if (year! < 100) return undefined;
  const step = d ? 86_400_000 : 1_000;
  return { granularity: d ? 'day' : 'seconds', start: date.toISOString(), end: new Date(ms + step).toISOString() };
}

/** A Date or ISO string as an OAI-PMH datestamp with seconds granularity (truncated). */
export function toDatestamp(t: Date | string): string {
  const iso = typeof t === 'string' ? new Date(t).toISOString() : t.toISOString();
  return `${iso.slice(0, 19)}Z`;
}
