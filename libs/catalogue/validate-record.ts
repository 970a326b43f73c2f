import Ajv2020, { type ErrorObject } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { FieldError } from '../errors';
import { METADATA_SCHEMA, SCHEMA_PATTERNS } from './metadata.schema';
import type { MetadataDoc, RecordServerFields } from './record.types';
import { SERVER_FIELDS } from './record.types';
import { hasCode, type ReferenceListName } from './reference-lists';

/**
 * Validates a metadata document in three passes: the JSON Schema (shape, types, limits), the
 * reference lists (every code-list field), and the rules a schema cannot say (south ≤ north,
 * start ≤ end, real calendar days). All problems are reported at once, as JSON Pointers with
 * Indonesian messages, so a form can mark every field in one round trip.
 */

export type ValidationResult = { ok: true; doc: MetadataDoc } | { ok: false; errors: FieldError[] };

/** Which reference list each code-list field uses; `*` stands for every index of an array. Importers map foreign codes with it too. */
export interface CodeListField {
  readonly pointer: string;
  readonly list: ReferenceListName;
}

export const CODE_LIST_FIELDS: readonly CodeListField[] = Object.freeze([
  { pointer: '/language', list: 'BAHASA' },
  { pointer: '/hierarchyLevel', list: 'LEVEL_HIERARKI' },
  { pointer: '/topicCategories/*', list: 'TOPIK_KATEGORI' },
  { pointer: '/keywords/*/type', list: 'JENIS_KATAKUNCI' },
  { pointer: '/contacts/*/role', list: 'PERAN_KONTAK' },
  { pointer: '/progressStatus', list: 'STATUS_PROGRES' },
  { pointer: '/spatialRepresentationType', list: 'REPRESENTASI_SPASIAL' },
  { pointer: '/maintenanceFrequency', list: 'FREKUENSI_PEMBARUAN' },
  { pointer: '/distributions/*/protocol', list: 'PROTOKOL_DISTRIBUSI' },
  { pointer: '/constraints/classification', list: 'KLASIFIKASI_KEAMANAN' },
  { pointer: '/dataQuality/*/element', list: 'DQ_ELEMEN' },
  { pointer: '/dataQuality/*/evaluationMethod', list: 'METOD_EVALUASI' },
] as const satisfies readonly CodeListField[]);

/** A hostile body with thousands of unknown keys must not produce a thousands-long response. */
export const MAX_REPORTED_ERRORS = 100;

// Compiled once at module load: a broken schema fails start-up, not a user's request.
// strictNumbers rejects NaN/Infinity, which can reach us from JS callers (importers), not from JSON.
const ajv = new Ajv2020({ allErrors: true, strict: true, strictNumbers: true });
addFormats(ajv, ['email', 'uri']);
const schemaValidator = ajv.compile<MetadataDoc>(METADATA_SCHEMA);

const SERVER_FIELD_SET: ReadonlySet<string> = new Set<keyof RecordServerFields>(SERVER_FIELDS);

const TYPE_NAMES: Readonly<Record<string, string>> = {
  string: 'teks', number: 'angka', integer: 'bilangan bulat', boolean: 'boolean (true/false)',
  object: 'objek', array: 'larik (array)', null: 'null',
};

// one message for both checks of a URL (format and scheme), so a bad link is reported once
const URL_MESSAGE = 'URL tidak valid: harus alamat lengkap yang diawali http://, https:// atau ftp://';

const PATTERN_MESSAGES: Readonly<Record<string, string>> = {
  [SCHEMA_PATTERNS.fileIdentifier]:
    'Pengenal tidak boleh kosong dan tidak boleh diawali atau diakhiri spasi',
  [SCHEMA_PATTERNS.isoDate]:
    'Tanggal harus berformat YYYY, YYYY-MM, YYYY-MM-DD atau tanggal-waktu RFC 3339 (mis. 2024-05-01T08:00:00+07:00)',
  [SCHEMA_PATTERNS.epsg]: 'Sistem referensi harus berformat EPSG:kode, mis. EPSG:4326',
  [SCHEMA_PATTERNS.url]: URL_MESSAGE,
  [SCHEMA_PATTERNS.nonBlank]: 'Tidak boleh kosong',
};

const escapePointer = (segment: string): string => segment.replace(/~/g, '~0').replace(/\//g, '~1');

const quote = (v: string): string => JSON.stringify(v.length > 60 ? `${v.slice(0, 60)}…` : v);

function ajvErrorToField(e: ErrorObject): FieldError {
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'required':
      return { path: `${e.instancePath}/${escapePointer(String(p.missingProperty))}`, message: 'Wajib diisi' };
    case 'additionalProperties': {
      const name = String(p.additionalProperty);
      const path = `${e.instancePath}/${escapePointer(name)}`;
      if (e.instancePath === '' && SERVER_FIELD_SET.has(name)) {
        return { path, message: `Properti ${quote(name)} dikelola oleh server dan tidak boleh dikirim` };
      }
      return { path, message: `Properti ${quote(name)} tidak dikenal dalam skema metadata` };
    }
    case 'type': {
      const types = (Array.isArray(p.type) ? p.type : [p.type]).map((t) => TYPE_NAMES[String(t)] ?? String(t));
      return { path: e.instancePath, message: `Harus berupa ${types.join(' atau ')}` };
    }
    case 'minLength':
      return { path: e.instancePath, message: p.limit === 1 ? 'Tidak boleh kosong' : `Minimal ${String(p.limit)} karakter` };
    case 'maxLength':
      return { path: e.instancePath, message: `Maksimal ${String(p.limit)} karakter` };
    case 'pattern':
      return { path: e.instancePath, message: PATTERN_MESSAGES[String(p.pattern)] ?? 'Format tidak sesuai' };
    case 'format':
      return {
        path: e.instancePath,
        message: p.format === 'email' ? 'Alamat email tidak valid' : p.format === 'uri' ? URL_MESSAGE : `Format ${String(p.format)} tidak valid`,
      };
    case 'minimum':
      return { path: e.instancePath, message: `Nilai minimal ${String(p.limit)}` };
    case 'maximum':
      return { path: e.instancePath, message: `Nilai maksimal ${String(p.limit)}` };
    case 'exclusiveMinimum':
      return { path: e.instancePath, message: `Harus lebih besar dari ${String(p.limit)}` };
    case 'minItems':
      return { path: e.instancePath, message: `Minimal ${String(p.limit)} butir` };
    case 'maxItems':
      return { path: e.instancePath, message: `Maksimal ${String(p.limit)} butir` };
    case 'uniqueItems':
      return { path: e.instancePath, message: `Butir tidak boleh berulang (butir ke-${Number(p.j)} dan ke-${Number(p.i)} sama)` };
    default:
      return { path: e.instancePath, message: `Nilai tidak valid (${e.keyword})` };
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const own = (o: Record<string, unknown>, k: string): unknown => (Object.prototype.hasOwnProperty.call(o, k) ? o[k] : undefined);

/** Every string found at a `CODE_LIST_FIELDS` pointer, with its concrete path. Tolerates any shape. */
function stringsAt(value: unknown, segments: readonly string[], path: string, out: [string, string][]): void {
  if (segments.length === 0) {
    if (typeof value === 'string') out.push([path, value]);
    return;
  }
  const [head, ...rest] = segments as [string, ...string[]];
  if (head === '*') {
    if (Array.isArray(value)) value.forEach((item, i) => stringsAt(item, rest, `${path}/${i}`, out));
  } else if (isRecord(value)) {
    stringsAt(own(value, head), rest, `${path}/${head}`, out);
  }
}

/** Codes that are not in their reference list. Exported for importers, which check codes before mapping. */
export function findCodeListErrors(input: unknown): FieldError[] {
  const errors: FieldError[] = [];
  for (const field of CODE_LIST_FIELDS) {
    const found: [string, string][] = [];
    stringsAt(input, field.pointer.split('/').slice(1), '', found);
    for (const [path, value] of found) {
      // an empty code already fails minLength in the schema; one message per problem is enough
      if (value !== '' && !hasCode(field.list, value)) {
        errors.push({ path, message: `Kode ${quote(value)} tidak ada dalam daftar ${field.list}` });
      }
    }
  }
  return errors;
}

const DATE_RE = new RegExp(SCHEMA_PATTERNS.isoDate, 'u');
const DATE_POINTERS = [
  ['dates', 'creation'], ['dates', 'publication'], ['dates', 'revision'], ['extent', 'temporal', 'start'], ['extent', 'temporal', 'end'],
] as const;

const daysInMonth = (y: number, m: number): number => new Date(Date.UTC(y, m, 0)).getUTCDate();

/** true when the day exists (the pattern already allows only 01–31). */
function isCalendarDay(s: string): boolean {
  if (s.length < 10) return true;
  const y = Number(s.slice(0, 4));
  const m = Number(s.slice(5, 7));
  const d = Number(s.slice(8, 10));
  return d <= daysInMonth(y, m);
}

function readPath(input: unknown, keys: readonly string[]): unknown {
  let v: unknown = input;
  for (const k of keys) v = isRecord(v) ? own(v, k) : undefined;
  return v;
}

/** start ≤ end, comparing instants when both carry a time and calendar days otherwise. */
function startAfterEnd(start: string, end: string): boolean {
  if (start.length > 10 && end.length > 10) {
    const a = Date.parse(start);
    const b = Date.parse(end);
    if (Number.isFinite(a) && Number.isFinite(b)) return a > b;
  }
  return start.slice(0, 10) > end.slice(0, 10);
}

function findRuleErrors(input: unknown): FieldError[] {
  const errors: FieldError[] = [];
  const south = readPath(input, ['extent', 'bbox', 'south']);
  const north = readPath(input, ['extent', 'bbox', 'north']);
  if (typeof south === 'number' && typeof north === 'number' && south > north) {
    errors.push({ path: '/extent/bbox/south', message: 'Batas selatan (south) tidak boleh lebih besar dari batas utara (north)' });
  }
  const validDates = new Map<string, string>();
  for (const keys of DATE_POINTERS) {
    const v = readPath(input, keys);
    if (typeof v !== 'string' || !DATE_RE.test(v)) continue; // the schema reports malformed dates
    const path = `/${keys.join('/')}`;
    if (isCalendarDay(v)) validDates.set(path, v);
    else errors.push({ path, message: `Tanggal ${quote(v)} tidak ada di kalender` });
  }
  const start = validDates.get('/extent/temporal/start');
  const end = validDates.get('/extent/temporal/end');
  // only full dates are comparable: "2020" vs "2020-06-01" is an overlap, not an order
  if (start && end && start.length >= 10 && end.length >= 10 && startAfterEnd(start, end)) {
    errors.push({ path: '/extent/temporal/end', message: 'Akhir rentang waktu tidak boleh sebelum awalnya' });
  }
  return errors;
}

/** NUL, or a UTF-16 surrogate that is not half of a pair: PostgreSQL cannot store either (text, jsonb). */
const UNSTORABLE_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Strings the database would refuse. They reach us from XML imports (`&#0;`, `&#xD800;` parse
 * fine) and JSON (`"\u0000"`); without this check the insert fails with a 500. Iterative and
 * bounded, since the input may be hostile.
 */
function findUnstorableText(input: unknown): FieldError[] {
  const errors: FieldError[] = [];
  const stack: [unknown, string, number][] = [[input, '', 0]];
  while (stack.length && errors.length < MAX_REPORTED_ERRORS) {
    const [v, path, depth] = stack.pop()!;
    if (typeof v === 'string') {
      if (UNSTORABLE_TEXT.test(v)) errors.push({ path, message: 'Teks memuat karakter yang tidak diizinkan (NUL atau surrogate UTF-16 tunggal)' });
    } else if (depth < 16 && typeof v === 'object' && v !== null) {
      for (const [k, child] of Object.entries(v)) stack.push([child, `${path}/${escapePointer(k)}`, depth + 1]);
    }
  }
  return errors;
}

function dedupe(errors: FieldError[]): FieldError[] {
  const seen = new Set<string>();
  const out: FieldError[] = [];
  for (const e of errors) {
    const key = `${e.path}\u0000${e.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(e);
    if (out.length >= MAX_REPORTED_ERRORS) break;
  }
  return out;
}

/**
 * Validates a whole document (on create, and after the REST layer applies a merge patch).
 * Never throws for any input; the returned `doc` has its title trimmed and is a shallow copy.
 */
export function validateMetadataDoc(input: unknown): ValidationResult {
  const candidate = isRecord(input) && typeof input.title === 'string' ? { ...input, title: input.title.trim() } : input;
  const schemaOk = schemaValidator(candidate);
  const errors = [
    ...(schemaOk ? [] : (schemaValidator.errors ?? []).map(ajvErrorToField)),
    ...findCodeListErrors(candidate),
    ...findRuleErrors(candidate),
    ...findUnstorableText(candidate),
  ];
  if (errors.length === 0) return { ok: true, doc: candidate as MetadataDoc };
  return { ok: false, errors: dedupe(errors) };
}
