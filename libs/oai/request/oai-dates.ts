/**
 * OAI-PMH datestamps: UTC, `YYYY-MM-DD` (day) or `YYYY-MM-DDThh:mm:ssZ` (seconds, this
 * repository's granularity). A `from`/`until` bound becomes a half-open interval on the stored
 * (microsecond) datestamp: from = the first instant of the second or day, until = the first
 * instant AFTER it, so a record shown as 10:00:05Z matches until=10:00:05Z.
 *
 * The syntax allows years 0000–9999, but what reaches PostgreSQL must be a timestamp it reads:
 * it has no year 0 ("date/time field value out of range") and JavaScript writes the instant after
 * 9999-12-31 as `+010000-01-01…`, which it reads as a time zone ("time zone displacement out of
 * range", a 503 in the review). So the instants handed on are clamped to years 0001–9999: no
 * datestamp lies outside them (they are clock_timestamp()s), so a clamped bound selects exactly
 * what the value asked for — until=9999-12-31 has no upper limit at all, from=0000-… means
 * everything, until=0000-… means nothing.
 */

export type Granularity = 'day' | 'seconds';

export interface UtcBound {
  granularity: Granularity;
  /** the first instant the value denotes, ISO 8601 UTC (not before 0001-01-01T00:00:00Z) */
  start: string;
  /** the first instant after the value, ISO 8601 UTC; absent when that is after year 9999 (no upper limit) */
  end?: string;
  /** the value's own first instant, ms since the epoch, unclamped: orders `from` against `until` */
  instant: number;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const SECONDS = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})Z$/;

/** A UTC instant of years 0000–9999; Date.UTC alone reads years 0–99 as 1900–1999. */
function utcDate(year: number, month: number, day: number, hour: number, minute: number, second: number): Date {
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day);
  d.setUTCHours(hour, minute, second, 0);
  return d;
}

/** the first instant of year 0001 and the first instant after year 9999 */
const FIRST_MS = utcDate(1, 1, 1, 0, 0, 0).getTime();
const AFTER_LAST_MS = utcDate(10000, 1, 1, 0, 0, 0).getTime();

/** undefined when `s` is not a valid UTC date or datetime of either granularity. */
export function parseUtcBound(s: string): UtcBound | undefined {
  const d = DAY.exec(s);
  const t = d ? undefined : SECONDS.exec(s);
  const m = d ?? t;
  if (!m) return undefined;
  const [year, month, day, hour = 0, minute = 0, second = 0] = m.slice(1).map(Number) as number[];
  if (month! < 1 || month! > 12 || day! < 1 || hour > 23 || minute > 59 || second > 59) return undefined;
  const date = utcDate(year!, month!, day!, hour, minute, second);
  // the Date rolls 2023-02-30 over into March: a rolled value was not a real date
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month! - 1 || date.getUTCDate() !== day) return undefined;
  const ms = date.getTime();
  const end = ms + (d ? 86_400_000 : 1_000);
  return {
    granularity: d ? 'day' : 'seconds',
    start: new Date(Math.max(ms, FIRST_MS)).toISOString(),
    ...(end < AFTER_LAST_MS ? { end: new Date(Math.max(end, FIRST_MS)).toISOString() } : {}),
    instant: ms,
  };
}

/** A Date or ISO string as an OAI-PMH datestamp with seconds granularity (truncated). */
export function toDatestamp(t: Date | string): string {
  const iso = typeof t === 'string' ? new Date(t).toISOString() : t.toISOString();
  return `${iso.slice(0, 19)}Z`;
}
