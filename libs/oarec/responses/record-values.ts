import { BAHASA } from '../../catalogue/reference-lists/bahasa.list';
import type { BoundingBox, Contact, TemporalExtent } from '../../catalogue/record.types';

/**
 * Value conversions of the GeoJSON record encoding (record-geojson.ts): geometry, time,
 * language, license, contacts. Pure functions of the record model.
 */

export type GeoJsonGeometry =
  | { type: 'Polygon'; coordinates: number[][][] }
  | { type: 'MultiPolygon'; coordinates: number[][][][] };

/** counter-clockwise (RFC 7946) and starting at (minx, miny), so vertex 2 is (maxx, maxy) (QGIS reads 0 and 2) */
const ring = (w: number, s: number, e: number, n: number): number[][] => [[w, s], [e, s], [e, n], [w, n], [w, s]];

/** The extent as GeoJSON: a Polygon, or a MultiPolygon of two boxes when it crosses the antimeridian. */
export function bboxGeometry(b: BoundingBox | undefined): GeoJsonGeometry | null {
  if (!b || ![b.west, b.east, b.south, b.north].every(Number.isFinite)) return null;
  if (b.west <= b.east) return { type: 'Polygon', coordinates: [ring(b.west, b.south, b.east, b.north)] };
  return { type: 'MultiPolygon', coordinates: [[ring(b.west, b.south, 180, b.north)], [ring(-180, b.south, b.east, b.north)]] };
}

const DAY = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/;
const lastDay = (y: number, m: number): number => new Date(Date.UTC(y, m, 0)).getUTCDate();
const pad = (n: number): string => String(n).padStart(2, '0');

/**
 * An ISO 8601 value of the model as the record schema wants it: `YYYY-MM-DD` or a UTC
 * timestamp `…Z`. A year or a month becomes its first day (`side` start) or its last (end).
 * Anything unreadable is an open end.
 */
export function timeValue(v: string | undefined, side: 'start' | 'end'): string {
  if (!v) return '..';
  const t = v.trim();
  const d = DAY.exec(t);
  if (d) {
    const y = Number(d[1]);
    const m = d[2] ? Number(d[2]) : side === 'start' ? 1 : 12;
    const day = d[3] ? Number(d[3]) : side === 'start' ? 1 : lastDay(y, m);
    return `${d[1]}-${pad(m)}-${pad(day)}`;
  }
  const ms = Date.parse(/[zZ]|[+-]\d{2}:?\d{2}$/.test(t) ? t : `${t}Z`);
  if (Number.isNaN(ms)) return '..';
  return new Date(ms).toISOString().replace(/\.000Z$/, 'Z');
}

export type RecordTime = { date: string } | { timestamp: string } | { interval: [string, string] } | null;

export function recordTime(t: TemporalExtent | undefined): RecordTime {
  if (!t || (!t.start && !t.end)) return null;
  const start = timeValue(t.start, 'start');
  const end = timeValue(t.end, 'end');
  if (start === '..' && end === '..') return null;
  if (start === end) return start.includes('T') ? { timestamp: start } : { date: start };
  return { interval: [start, end] };
}

/** ISO 639-2/T (the model's BAHASA codes) → RFC 5646: the two-letter code where ISO 639-1 has one. */
const TWO_LETTER: Record<string, string> = {
  ind: 'id', jav: 'jv', sun: 'su', msa: 'ms', may: 'ms', eng: 'en', zho: 'zh', chi: 'zh', ara: 'ar', fra: 'fr', fre: 'fr',
  deu: 'de', ger: 'de', nld: 'nl', dut: 'nl', jpn: 'ja', kor: 'ko', spa: 'es', por: 'pt', rus: 'ru', hin: 'hi',
  tha: 'th', vie: 'vi', tgl: 'tl', ita: 'it', tet: 'tet', mlg: 'mg', nor: 'no', nob: 'nb', nno: 'nn', swe: 'sv', fin: 'fi',
  dan: 'da', pol: 'pl', ces: 'cs', cze: 'cs', ell: 'el', gre: 'el', cat: 'ca', ron: 'ro', hun: 'hu',
};

/** an ISO 639-2 code as the RFC 5646 tag a client expects (`eng` → `en`; codes without a two-letter form stay) */
export const languageTag = (code: string): string => {
  const c = code.trim().toLowerCase();
  return TWO_LETTER[c] ?? c;
};

export function languageObject(code: string | undefined): { code: string; name?: string } | undefined {
  if (!code || code.trim() === '') return undefined;
  const c = code.trim().toLowerCase();
  const label = BAHASA.find((b) => b.kode === c)?.label;
  return { code: languageTag(c), ...(label ? { name: label } : {}) };
}

/** Licences recognisable by their text → SPDX identifiers (checked in order; the first match wins). */
const SPDX: [RegExp, string][] = [
  [/\bcc0\b|public domain dedication/i, 'CC0-1.0'],
  [/cc[\s-]?by[\s-]?nc[\s-]?sa[\s-]?4/i, 'CC-BY-NC-SA-4.0'],
  [/cc[\s-]?by[\s-]?nc[\s-]?4/i, 'CC-BY-NC-4.0'],
  [/cc[\s-]?by[\s-]?sa[\s-]?4|attribution[\s-]sharealike 4/i, 'CC-BY-SA-4.0'],
  [/cc[\s-]?by[\s-]?4|creative commons attribution 4/i, 'CC-BY-4.0'],
  [/cc[\s-]?by[\s-]?sa[\s-]?3/i, 'CC-BY-SA-3.0'],
  [/cc[\s-]?by[\s-]?3/i, 'CC-BY-3.0'],
  [/\bodbl\b|open database licen[cs]e/i, 'ODbL-1.0'],
  [/open government licen[cs]e.*3|\bogl-uk-3/i, 'OGL-UK-3.0'],
  [/\bpddl\b/i, 'PDDL-1.0'],
];

/** `license` of the record: an SPDX id where the text is recognisable, else "other" (with a rel=license link). */
export function licenseOf(text: string | undefined): { license: string; url?: string } | undefined {
  if (!text || text.trim() === '') return undefined;
  const hit = SPDX.find(([re]) => re.test(text));
  if (hit) return { license: hit[1] };
  const url = /https?:\/\/[^\s<>"]+/.exec(text)?.[0];
  return { license: 'other', ...(url ? { url } : {}) };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+[1-9]{1}[0-9]{3,14}$/;

/** a phone number as E.164 (`+62…`), or undefined when it cannot be written so (national 0… → +62) */
export function e164(phone: string | undefined): string | undefined {
  if (!phone) return undefined;
  let p = phone.replace(/[\s().-]/g, '');
  if (p.startsWith('00')) p = `+${p.slice(2)}`;
  else if (p.startsWith('0')) p = `+62${p.slice(1)}`;
  else if (/^62\d/.test(p)) p = `+${p}`;
  return PHONE.test(p) ? p : undefined;
}

export interface RecordContact {
  name?: string;
  organization?: string;
  position?: string;
  emails?: { value: string }[];
  phones?: { value: string }[];
  addresses?: { deliveryPoint: string[] }[];
  roles?: string[];
}

export function contactOf(c: Contact): RecordContact {
  const phone = e164(c.phone);
  const out: RecordContact = {};
  if (c.individualName) out.name = c.individualName;
  if (c.organisationName) out.organization = c.organisationName;
  if (!out.name && !out.organization) out.organization = '-';
  if (c.positionName) out.position = c.positionName;
  if (c.email && EMAIL.test(c.email.trim())) out.emails = [{ value: c.email.trim() }];
  if (phone) out.phones = [{ value: phone }];
  if (c.address) out.addresses = [{ deliveryPoint: [c.address] }];
  if (c.role) out.roles = [c.role];
  return out;
}
