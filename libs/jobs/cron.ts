/**
 * A small 5-field cron parser (minute hour day-of-month month day-of-week, UTC): `*`, lists,
 * ranges and steps (`*\/15`, `1-5`, `0,30`). Sources are validated with it, the embedded-mode
 * scheduler computes its next run with it, and BullMQ's job schedulers get the same pattern in
 * server mode, so one expression means the same in both modes. Names (JAN, MON) and the
 * non-standard `L`/`W`/`#` and seconds field are refused rather than half-supported.
 */
export interface CronSchedule {
  minutes: Set<number>;
  hours: Set<number>;
  days: Set<number>;
  months: Set<number>;
  weekdays: Set<number>;
  /** both day fields restricted: a day matches when either does (classic cron rule) */
  dayOr: boolean;
}

const FIELDS: [string, number, number][] = [
  ['menit', 0, 59], ['jam', 0, 23], ['tanggal', 1, 31], ['bulan', 1, 12], ['hari', 0, 7],
];

export class CronError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CronError';
  }
}

function parseField(text: string, name: string, min: number, max: number): Set<number> {
  const out = new Set<number>();
  for (const part of text.split(',')) {
    const m = /^(\*|(\d+)(?:-(\d+))?)(?:\/(\d+))?$/.exec(part);
    if (!m) throw new CronError(`bagian ${name} "${part}" tidak dikenali`);
    const step = m[4] === undefined ? 1 : Number(m[4]);
    let lo = min;
    let hi = max;
    if (m[1] !== '*') {
      lo = Number(m[2]);
      hi = m[3] === undefined ? (m[4] === undefined ? lo : max) : Number(m[3]);
    }
    if (lo < min || hi > max || lo > hi || step < 1) throw new CronError(`bagian ${name} "${part}" di luar ${min}–${max}`);
    for (let v = lo; v <= hi; v += step) out.add(v);
  }
  return out;
}

export function parseCron(expr: string): CronSchedule {
  const parts = expr.trim().split(/\s+/);
  if (parts.length !== 5) throw new CronError('jadwal cron harus lima bagian: menit jam tanggal bulan hari');
  const [mi, h, d, mo, wd] = parts.map((p, i) => parseField(p, FIELDS[i]![0], FIELDS[i]![1], FIELDS[i]![2])) as Set<number>[];
  if (wd!.has(7)) wd!.add(0); // 0 and 7 are both Sunday
  return { minutes: mi!, hours: h!, days: d!, months: mo!, weekdays: wd!, dayOr: parts[2] !== '*' && parts[4] !== '*' };
}

function dayMatches(s: CronSchedule, t: Date): boolean {
  const dom = s.days.has(t.getUTCDate());
  const dow = s.weekdays.has(t.getUTCDay());
  return s.dayOr ? dom || dow : dom && dow;
}

/** The first minute strictly after `after` that matches (UTC); undefined when none within 5 years. */
export function nextCronTime(s: CronSchedule, after: Date): Date | undefined {
  const t = new Date(after.getTime());
  t.setUTCSeconds(0, 0);
  t.setUTCMinutes(t.getUTCMinutes() + 1);
  const limit = after.getTime() + 5 * 366 * 24 * 3600 * 1000;
  while (t.getTime() <= limit) {
    if (!s.months.has(t.getUTCMonth() + 1)) {
      t.setUTCMonth(t.getUTCMonth() + 1, 1);
      t.setUTCHours(0, 0);
      continue;
    }
    if (!dayMatches(s, t)) {
      t.setUTCDate(t.getUTCDate() + 1);
      t.setUTCHours(0, 0);
      continue;
    }
    if (!s.hours.has(t.getUTCHours())) {
      t.setUTCHours(t.getUTCHours() + 1, 0);
      continue;
    }
    if (!s.minutes.has(t.getUTCMinutes())) {
      t.setUTCMinutes(t.getUTCMinutes() + 1);
      continue;
    }
    return t;
  }
  return undefined;
}
