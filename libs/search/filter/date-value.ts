import { invalid } from '../search-error';

/**
 * Date literals of a filter. Stored dates are ISO 8601 strings (`YYYY-MM-DD` or a full
 * date-time) or, for dct:modified, a timestamptz. A literal keeps its precision: `2004`,
 * `2004-06` and `2004-06-01` compare at year, month or day precision (so `= 2004-06-01`
 * matches any time that day); a date-time at midnight UTC (`2004-01-01T00:00:00Z`, what
 * many clients send for a plain date) counts as that date. Other date-times compare as UTC
 * instants `YYYY-MM-DDTHH:MM:SSZ`.
 */
export type DateLiteral =
  | { precision: 'year' | 'month' | 'day'; text: string; start: string; next: string }
  | { precision: 'instant'; text: string };

const DATE = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/i;

const pad = (n: number, w = 2): string => String(n).padStart(w, '0');
const isoDay = (d: Date): string => `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

function bad(value: string): Error {
  return invalid('constraint', `Nilai tanggal "${value.slice(0, 60)}" tidak valid: gunakan format ISO 8601 (YYYY-MM-DD atau YYYY-MM-DDThh:mm:ssZ).`);
}

function validDay(y: number, m: number, d: number): boolean {
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

export function parseDateLiteral(raw: string): DateLiteral {
  const value = raw.trim();
  const dm = DATE.exec(value);
  if (dm) {
    const y = Number(dm[1]);
    const m = dm[2] ? Number(dm[2]) : undefined;
    const d = dm[3] ? Number(dm[3]) : undefined;
    if (m !== undefined && (m < 1 || m > 12)) throw bad(raw);
    if (m !== undefined && d !== undefined && !validDay(y, m, d)) throw bad(raw);
    const start = new Date(Date.UTC(y, (m ?? 1) - 1, d ?? 1));
    const next = new Date(start);
    if (d !== undefined) next.setUTCDate(next.getUTCDate() + 1);
    else if (m !== undefined) next.setUTCMonth(next.getUTCMonth() + 1);
    else next.setUTCFullYear(next.getUTCFullYear() + 1);
    const precision = d !== undefined ? 'day' : m !== undefined ? 'month' : 'year';
    return { precision, text: value, start: `${isoDay(start)}T00:00:00Z`, next: `${isoDay(next)}T00:00:00Z` };
  }
  const tm = DATE_TIME.exec(value);
  if (!tm) throw bad(raw);
  const [y, mo, d, h, mi, s] = [1, 2, 3, 4, 5, 6].map((i) => Number(tm[i] ?? 0)) as [number, number, number, number, number, number];
  if (!validDay(y, mo, d) || h > 24 || mi > 59 || s > 60) throw bad(raw);
  let zone = tm[8] ?? 'Z';
  if (/^[+-]\d{4}$/.test(zone)) zone = `${zone.slice(0, 3)}:${zone.slice(3)}`;
  const iso = `${tm[1]}-${tm[2]}-${tm[3]}T${tm[4]}:${tm[5]}:${tm[6] ?? '00'}${tm[7] ?? ''}${zone.toUpperCase()}`;
  const t = new Date(iso);
  if (Number.isNaN(t.getTime())) throw bad(raw);
  const utc = t.toISOString().replace(/\.000Z$/, 'Z');
  if (/T00:00:00(\.0+)?Z$/.test(utc)) {
    const day = utc.slice(0, 10);
    const next = new Date(t);
    next.setUTCDate(next.getUTCDate() + 1);
    return { precision: 'day', text: day, start: `${day}T00:00:00Z`, next: `${isoDay(next)}T00:00:00Z` };
  }
  return { precision: 'instant', text: utc };
}
