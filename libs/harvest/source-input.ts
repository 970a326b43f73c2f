import { validationError, type FieldError } from '../errors';
import { CronError, parseCron } from '../jobs/cron';
import { filterPredicate, isFilterXml } from './csw-client';
import {
  DEFAULT_PAGE_SIZE, HARVEST_MODES, HARVEST_PROTOCOLS, MAX_PAGE_SIZE, RECORD_FORMS,
  type BasicCredentials, type HarvestSource, type SourceSettings,
} from './harvest.types';

/**
 * A source as an ADMIN writes it (REST body or CLI options) → checked fields. Every problem is
 * reported at once as a 422 with JSON Pointers. The credentials are returned apart, to be sealed
 * by the caller and never echoed.
 */
export interface SourceInput extends SourceSettings {
  /** undefined = unchanged (PATCH), null = remove */
  credentials: BasicCredentials | null | undefined;
}

const FIELDS = ['name', 'url', 'protocol', 'constraint', 'recordForm', 'pageSize', 'schedule', 'organisationId', 'mode', 'credentials'] as const;

/**
 * `body` over `base` (PATCH: the stored source; POST: defaults). `defaultOrg` is the caller's
 * organisation. Unknown properties are refused (a typo must not be silently ignored).
 */
export function parseSourceInput(body: unknown, base: HarvestSource | undefined, defaultOrg: string): SourceInput {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw validationError([{ path: '', message: 'Isi permintaan harus objek JSON.' }], 'Sumber panen tidak valid.');
  }
  const b = body as Record<string, unknown>;
  const errors: FieldError[] = [];
  for (const k of Object.keys(b)) if (!(FIELDS as readonly string[]).includes(k)) errors.push({ path: `/${k}`, message: 'Properti tidak dikenal.' });
  const has = (k: string): boolean => Object.prototype.hasOwnProperty.call(b, k);
  const str = (k: string, max: number, fallback: string | undefined): string => {
    if (!has(k)) {
      if (fallback === undefined) errors.push({ path: `/${k}`, message: 'Wajib diisi.' });
      return fallback ?? '';
    }
    const v = b[k];
    if (typeof v !== 'string' || v.trim() === '') errors.push({ path: `/${k}`, message: 'Harus teks yang tidak kosong.' });
    else if (v.length > max) errors.push({ path: `/${k}`, message: `Maksimal ${max} karakter.` });
    return typeof v === 'string' ? v.trim() : '';
  };
  const nullableStr = (k: string, max: number, fallback: string | null): string | null => {
    if (!has(k) || b[k] === null) return has(k) ? null : fallback;
    const v = b[k];
    if (typeof v !== 'string') errors.push({ path: `/${k}`, message: 'Harus teks atau null.' });
    else if (v.length > max) errors.push({ path: `/${k}`, message: `Maksimal ${max} karakter.` });
    return typeof v === 'string' && v.trim() !== '' ? v.trim() : null;
  };
  const oneOf = <T extends string>(k: string, allowed: readonly T[], fallback: T | undefined): T => {
    const v = has(k) ? b[k] : fallback;
    if (!(allowed as readonly unknown[]).includes(v)) errors.push({ path: `/${k}`, message: `Harus salah satu dari: ${allowed.join(', ')}.` });
    return v as T;
  };

  const name = str('name', 200, base?.name);
  const url = str('url', 2000, base?.url);
  if (url) {
    try {
      const u = new URL(url);
      if (u.protocol !== 'http:' && u.protocol !== 'https:') errors.push({ path: '/url', message: 'Harus alamat http atau https.' });
      if (u.username || u.password) errors.push({ path: '/url', message: 'Kredensial tidak boleh di dalam URL; isi "credentials".' });
    } catch {
      errors.push({ path: '/url', message: 'Bukan URL yang valid.' });
    }
  }
  const protocol = oneOf('protocol', HARVEST_PROTOCOLS, base?.protocol);
  const constraint = nullableStr('constraint', 64 * 1024, base?.constraint ?? null);
  if (constraint && protocol === 'csw' && isFilterXml(constraint)) {
    try {
      filterPredicate(constraint);
    } catch (err) {
      errors.push({ path: '/constraint', message: (err as Error).message });
    }
  }
  const recordForm = oneOf('recordForm', RECORD_FORMS, base?.recordForm ?? 'iso19139');
  let pageSize = base?.pageSize ?? DEFAULT_PAGE_SIZE;
  if (has('pageSize')) {
    const v = b.pageSize;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 1 || v > MAX_PAGE_SIZE) errors.push({ path: '/pageSize', message: `Harus bilangan bulat 1–${MAX_PAGE_SIZE}.` });
    else pageSize = v;
  }
  const schedule = nullableStr('schedule', 100, base?.schedule ?? null);
  if (schedule) {
    try {
      parseCron(schedule);
    } catch (err) {
      errors.push({ path: '/schedule', message: err instanceof CronError ? err.message : 'Jadwal cron tidak valid.' });
    }
  }
  const organisationId = has('organisationId') ? str('organisationId', 200, undefined) : base?.organisationId ?? defaultOrg;
  const mode = oneOf('mode', HARVEST_MODES, base?.mode ?? 'review');
  let credentials: BasicCredentials | null | undefined;
  if (has('credentials')) {
    const c = b.credentials;
    if (c === null) credentials = null;
    else if (typeof c === 'object' && !Array.isArray(c)
      && typeof (c as Record<string, unknown>).username === 'string' && typeof (c as Record<string, unknown>).password === 'string'
      && Object.keys(c).every((k) => k === 'username' || k === 'password')) {
      const { username, password } = c as BasicCredentials;
      if (username === '' || username.includes(':') || username.length > 200 || password.length > 500) {
        errors.push({ path: '/credentials', message: 'Nama pengguna wajib (tanpa ":", ≤ 200), kata sandi ≤ 500 karakter.' });
      }
      credentials = { username, password };
    } else {
      errors.push({ path: '/credentials', message: 'Harus {username, password} atau null.' });
    }
  }
  if (errors.length) throw validationError(errors, 'Sumber panen tidak valid.');
  return { name, url, protocol, constraint, recordForm, pageSize, schedule, organisationId, mode, credentials };
}
