/**
 * The varied content of the fast-loaded catalogue: for record i, the values that differ from
 * record to record (identifier, title, abstract, keywords, organisation, footprint, dates).
 * Everything is a pure function of i, so a database of n records always holds the same rows
 * and the benchmark's filters have a selectivity known in advance:
 *
 * - place keyword: every record has exactly one, one of PLACE_COUNT names, spread exactly evenly
 *   (n / 4,096 records each: 244 at 1,000,000, 0.024 %); it is also in the title and abstract;
 * - common words: "peta" is in the title of ~40 % of the records, "data" ~30 %, "air" ~20 %;
 * - theme keywords: 2–5 of 96 theme words (each word ~2–4 % of the records);
 * - creation date: uniform over 2010-01-01 … 2024-12-31 (a 7-day window ≈ 0.13 %);
 * - footprint: 60 % inside Indonesia (95…141 E, 11 S…6 N), 40 % anywhere on Earth; most boxes
 *   are small (0.02–2°), a few are large (up to ~25°);
 * - identifiers `idn-NNNNNNN` in load order (a 5-digit prefix selects 100 records).
 */

import { rng } from '../csw/generate-records';

export { rng };

export const recordId = (i: number): string => `idn-${String(i).padStart(7, '0')}`;

// syllables without a vowel at a syllable start: no generated name contains "air", "peta", …
const SYLLABLES = ['ka', 'ri', 'mu', 'to', 'lo', 'be', 'si', 'nu', 'gu', 're', 'po', 'di', 'ja', 'we', 'ho', 'ce'];
export const PLACE_COUNT = SYLLABLES.length ** 3;

/** the place name with index k (0 … PLACE_COUNT-1), e.g. "Rimuto" */
export function placeName(k: number): string {
  const s = SYLLABLES[Math.floor(k / 256) % 16]! + SYLLABLES[Math.floor(k / 16) % 16]! + SYLLABLES[k % 16]!;
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** the place of record i: a bijection on every block of PLACE_COUNT ids, so each name has n / PLACE_COUNT records */
export const placeIndex = (i: number): number => Number((BigInt(i) * 2654435761n) % BigInt(PLACE_COUNT));

export const THEME_WORDS = [
  'sungai', 'hutan', 'pesisir', 'laut', 'jalan', 'batas', 'elevasi', 'tanah', 'curah', 'hujan', 'geologi', 'vegetasi',
  'penduduk', 'kota', 'desa', 'kabupaten', 'provinsi', 'satelit', 'citra', 'landsat', 'sentinel', 'mangrove', 'terumbu',
  'karang', 'banjir', 'longsor', 'gempa', 'gunungapi', 'drainase', 'irigasi', 'sawah', 'padi', 'perkebunan', 'sawit',
  'karet', 'tambang', 'nikel', 'batubara', 'energi', 'listrik', 'pelabuhan', 'bandara', 'kereta', 'batimetri', 'pasang',
  'surut', 'arus', 'salinitas', 'suhu', 'angin', 'kekeringan', 'kebakaran', 'titik', 'emisi', 'karbon', 'gambut', 'rawa',
  'danau', 'waduk', 'akuifer', 'sensus', 'kemiskinan', 'sekolah', 'rumah', 'sakit', 'jembatan', 'toponimi', 'kadaster',
  'persil', 'zonasi', 'tata', 'ruang', 'ortofoto', 'lidar', 'kontur', 'geodesi', 'gnss', 'gravitasi', 'magnet', 'seismik',
  'sesar', 'tsunami', 'abrasi', 'erosi', 'sedimen', 'muara', 'delta', 'coastline', 'landcover', 'rainfall', 'flood',
  'population', 'elevation', 'bathymetry', 'boundary', 'settlement',
];

/** words with a fixed share of titles: what a broad AnyText search hits */
export const COMMON_TITLE_WORDS: readonly (readonly [string, number])[] = [['peta', 0.4], ['data', 0.3], ['air', 0.2]];

export const ORGANISATIONS = [
  'Badan Informasi Geospasial', 'Kementerian Lingkungan Hidup dan Kehutanan', 'Badan Pusat Statistik', 'Kementerian PUPR',
  'BMKG', 'Badan Geologi', 'BRIN', 'Kementerian ATR/BPN', 'Kementerian Kelautan dan Perikanan', 'BNPB',
  'Kementerian Pertanian', 'Kementerian ESDM', 'Kementerian Perhubungan', 'Pushidrosal', 'LAPAN',
  ...['Jawa Barat', 'Jawa Tengah', 'Jawa Timur', 'Sumatera Utara', 'Sumatera Barat', 'Riau', 'Kalimantan Timur',
    'Kalimantan Barat', 'Sulawesi Selatan', 'Sulawesi Utara', 'Papua', 'Maluku', 'Bali', 'Nusa Tenggara Barat',
    'Nusa Tenggara Timur', 'Aceh', 'Lampung', 'Banten', 'DI Yogyakarta', 'Gorontalo'].map((p) => `Pemerintah Provinsi ${p}`),
];
/** organisation ids of the catalogue (records.organisation_id), one per name */
export const orgId = (k: number): string => `org-${String(k).padStart(2, '0')}`;

const DAY = 86_400_000;
const CREATION_FROM = Date.UTC(2010, 0, 1);
export const CREATION_DAYS = 5479; // 2010-01-01 … 2024-12-31
const UPDATED_FROM = Date.UTC(2016, 0, 1);
const UPDATED_SPAN_S = 10 * 365 * 86_400;

export interface Bbox { west: number; east: number; south: number; north: number }

export interface RecordValues {
  id: string;
  title: string;
  abstract: string;
  /** theme keywords (as many as the record's template has slots) then the place keyword */
  themeKeywords: string[];
  place: string;
  organisationIndex: number;
  bbox: Bbox;
  creation: string;
  revision: string;
  publication: string;
  temporalStart: string;
  temporalEnd: string;
  /** catalogue modification time, whole seconds (gmd:dateStamp shows it to the second) */
  updatedAt: string;
}

const day = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
const round3 = (x: number): number => Math.round(x * 1000) / 1000;

function footprint(r: () => number): Bbox {
  // mostly small boxes, a few large (a province, an island group, an ocean area)
  const w = 0.02 + r() ** 3 * 25;
  const h = 0.02 + r() ** 3 * 15;
  if (r() < 0.6) {
    const west = round3(95 + r() * Math.max(0.01, 46 - w));
    const south = round3(-11 + r() * Math.max(0.01, 17 - h));
    return { west, east: round3(west + w), south, north: round3(south + h) };
  }
  const west = round3(-180 + r() * (360 - w));
  const south = round3(-80 + r() * (160 - h));
  return { west, east: round3(west + w), south, north: round3(south + h) };
}

/** The values of record i for a template with `themeSlots` theme keywords. */
export function recordValues(i: number, themeSlots: number): RecordValues {
  const r = rng(i * 7919 + 104729);
  const word = (): string => THEME_WORDS[Math.floor(r() * THEME_WORDS.length)]!;
  const cap = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
  const place = placeName(placeIndex(i));
  const titleWords = [word(), word()];
  for (const [w, share] of COMMON_TITLE_WORDS) if (r() < share) titleWords.unshift(w);
  const year = 1995 + Math.floor(r() * 30);
  const abstractWords = Array.from({ length: 18 + Math.floor(r() * 30) }, word);
  abstractWords.splice(Math.floor(r() * abstractWords.length), 0, place.toLowerCase());
  const themes = new Set<string>();
  while (themes.size < themeSlots) themes.add(word());
  const creationMs = CREATION_FROM + Math.floor(r() * CREATION_DAYS) * DAY;
  const later = (from: number): string => day(from + Math.floor(r() * 1500) * DAY);
  const start = CREATION_FROM + Math.floor(r() * CREATION_DAYS) * DAY;
  const updated = UPDATED_FROM + Math.floor(r() * UPDATED_SPAN_S) * 1000;
  return {
    id: recordId(i),
    title: `${titleWords.map(cap).join(' ')} ${place} ${year}`,
    abstract: `${cap(abstractWords.join(' '))}.`,
    themeKeywords: [...themes],
    place,
    organisationIndex: Math.floor(r() * ORGANISATIONS.length),
    bbox: footprint(r),
    creation: day(creationMs),
    revision: later(creationMs),
    publication: later(creationMs),
    temporalStart: day(start),
    temporalEnd: later(start),
    updatedAt: new Date(updated).toISOString().replace('.000Z', 'Z'),
  };
}
