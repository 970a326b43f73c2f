import type { BoundingBox, MetadataDoc, MetadataRecord } from '../../libs/catalogue/record.types';

/**
 * Deterministic, varied records for the CSW benchmark: record i is always the same document,
 * so a database loaded by one run serves the next and the query mix stays comparable.
 *
 * The words follow a Zipf-like distribution (a few words such as "water" and "air" are in a
 * large share of the records, most words are rare), the way real catalogues look to AnyText.
 * Boxes are spread over the world, about 2 % cross the antimeridian.
 */

/** mulberry32: small, fast, deterministic — good enough for benchmark data (fast-load uses it too) */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Words with a fixed share of records (what a "common word" AnyText search hits); every
 * other word is drawn uniformly from a few thousand, so most searches are selective.
 */
export const COMMON_WORDS: Readonly<Record<string, number>> = { peta: 0.4, data: 0.3, air: 0.2, water: 0.12, tanah: 0.1, land: 0.08 };

const PLACE_WORDS = [
  'jawa', 'sumatra', 'kalimantan', 'sulawesi', 'papua', 'maluku', 'bali', 'aceh', 'riau', 'jambi', 'bengkulu', 'lampung',
  'banten', 'yogyakarta', 'gorontalo', 'nusa', 'tenggara', 'pulau', 'nusantara',
];
const THEME_WORDS = [
  'sungai', 'hutan', 'coast', 'laut', 'jalan', 'batas', 'elevation', 'soil', 'rainfall', 'curah', 'hujan', 'geologi',
  'vegetation', 'population', 'penduduk', 'kota', 'desa', 'kabupaten', 'provinsi', 'satellite', 'citra', 'landsat',
  'sentinel', 'mangrove', 'terumbu', 'karang', 'coral', 'reef', 'flood', 'banjir', 'longsor', 'landslide', 'gempa',
  'earthquake', 'volcano', 'gunung', 'drainage', 'irigasi', 'sawah', 'padi', 'perkebunan', 'sawit', 'karet', 'mining',
  'tambang', 'nikel', 'batubara', 'energy', 'listrik', 'pelabuhan', 'bandara', 'railway', 'kereta', 'bathymetry',
  'batimetri', 'pasang', 'surut', 'tide', 'current', 'arus', 'salinity', 'temperature', 'suhu', 'wind', 'angin', 'drought',
  'kekeringan', 'fire', 'kebakaran', 'hotspot', 'emission', 'carbon', 'peatland', 'gambut', 'wetland', 'rawa', 'lake',
  'danau', 'reservoir', 'waduk', 'groundwater', 'akuifer', 'census', 'sensus', 'poverty', 'school', 'sekolah', 'hospital',
  'road', 'bridge', 'jembatan', 'toponimi', 'cadastre', 'parcel', 'zonasi', 'spatial', 'planning', 'orthophoto', 'lidar',
  'contour', 'kontur', 'geodesi', 'gnss', 'gravity', 'magnetic', 'seismic', 'fault', 'sesar', 'tsunami', 'abrasi',
  'erosion', 'sedimen', 'estuary', 'muara', 'delta', ...PLACE_WORDS,
];
// syllable words: no vowel starts a syllable, so none contains "air" or another common word
const SYLLABLES = ['ka', 'ri', 'mu', 'to', 'lo', 'be', 'si', 'nu', 'gu', 're', 'po', 'di', 'ja', 'we', 'ho', 'ce'];
const VOCABULARY = [
  ...THEME_WORDS,
  ...SYLLABLES.flatMap((a) => SYLLABLES.flatMap((b) => SYLLABLES.map((c) => a + b + c))),
];

const ORGS = Array.from({ length: 60 }, (_, i) => [
  'Badan Informasi Geospasial', 'Kementerian Lingkungan Hidup dan Kehutanan', 'Badan Pusat Statistik',
  'Kementerian PUPR', 'BMKG', 'Badan Geologi', 'LAPAN', 'Pemerintah Provinsi', 'Dinas Kelautan', 'BNPB',
][i % 10]! + (i >= 10 ? ` Wilayah ${i}` : ''));

const TOPICS = ['farming', 'biota', 'boundaries', 'climatologyMeteorologyAtmosphere', 'economy', 'elevation', 'environment',
  'geoscientificInformation', 'health', 'imageryBaseMapsEarthCover', 'inlandWaters', 'location', 'oceans',
  'planningCadastre', 'society', 'structure', 'transportation', 'utilitiesCommunication', 'disaster'];
const FORMATS = ['GeoTIFF', 'ESRI Shapefile', 'GeoPackage', 'GeoJSON', 'NetCDF', 'CSV', 'KML', 'image/png'];
const PROTOCOLS = ['OGC:WMS', 'OGC:WFS', 'OGC:WCS', 'ESRI:REST', 'WWW:LINK', 'WWW:DOWNLOAD-1.0-http--download'];
const SERVICE_TYPES = ['view', 'download', 'discovery', 'transformation', 'invoke', 'other'];
const ROLES = ['pointOfContact', 'custodian', 'originator', 'publisher', 'owner', 'distributor'];

export const benchId = (i: number): string => `bench-${String(i).padStart(7, '0')}`;

const EPOCH = Date.UTC(2015, 0, 1);
const SPAN_MS = 9 * 365 * 24 * 3600 * 1000;

export function benchDoc(i: number): MetadataDoc {
  const r = rng(i * 7919 + 17);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  const word = (): string => VOCABULARY[Math.floor(r() * VOCABULARY.length)]!;
  const words = (n: number): string[] => Array.from({ length: n }, word);
  // each common word lands in the title or the abstract of its share of the records
  const titleWords = words(2 + Math.floor(r() * 3));
  const abstractWords = words(15 + Math.floor(r() * 30));
  for (const [w, share] of Object.entries(COMMON_WORDS)) {
    if (r() >= share) continue;
    const into = r() < 0.3 ? titleWords : abstractWords;
    into.splice(Math.floor(r() * (into.length + 1)), 0, w);
  }
  const cap = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
  const isService = r() < 0.05;
  const day = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
  const date = (): string => day(EPOCH + Math.floor(r() * SPAN_MS));
  const start = EPOCH + Math.floor(r() * SPAN_MS);

  const doc: MetadataDoc = {
    fileIdentifier: benchId(i),
    title: `${titleWords.map(cap).join(' ')} ${1990 + Math.floor(r() * 35)} #${i}`,
    abstract: `${cap(abstractWords.join(' '))}.`,
    language: r() < 0.7 ? 'ind' : 'eng',
    hierarchyLevel: isService ? 'service' : r() < 0.9 ? 'dataset' : 'series',
    topicCategories: [...new Set([pick(TOPICS), pick(TOPICS)])],
    keywords: [
      { type: 'theme', values: [...new Set(words(2 + Math.floor(r() * 4)))] },
      ...(r() < 0.5 ? [{ type: 'place', values: [cap(pick(PLACE_WORDS))] }] : []),
    ],
    contacts: [{ role: pick(ROLES), organisationName: pick(ORGS), email: `info${i % 97}@example.go.id` }],
    dates: { creation: date(), ...(r() < 0.6 ? { revision: date() } : {}), ...(r() < 0.4 ? { publication: date() } : {}) },
    referenceSystem: r() < 0.8 ? 'EPSG:4326' : 'EPSG:23830',
    extent: { bbox: bbox(r), ...(r() < 0.5 ? { temporal: { start: day(start), end: day(start + Math.floor(r() * 1000) * 86_400_000) } } : {}) },
    formats: [pick(FORMATS)],
    distributions: [{ protocol: pick(PROTOCOLS), url: `https://geoservices.example.go.id/layanan/${i}`, name: `lapisan_${i}` }],
    constraints: r() < 0.3 ? { classification: 'unclassified', license: 'CC BY 4.0' } : undefined,
    lineage: `Diturunkan dari ${pick(THEME_WORDS)} ${pick(PLACE_WORDS)}.`,
  };
  if (!doc.constraints) delete doc.constraints;
  if (isService) doc.serviceType = pick(SERVICE_TYPES);
  return doc;
}

function bbox(r: () => number): BoundingBox {
  const round = (x: number): number => Math.round(x * 1000) / 1000;
  const w = 0.05 + r() * r() * 25; // mostly small, a few large
  const h = 0.05 + r() * r() * 15;
  const south = round(-85 + r() * (170 - h));
  const north = round(south + h);
  if (r() < 0.02) {
    // crosses the antimeridian: west > east
    const west = round(180 - r() * w);
    const east = round(-180 + (w - (180 - west)) + 0.01);
    return { west, east: Math.min(east, 179.9), south, north };
  }
  const west = round(-180 + r() * (360 - w));
  return { west, east: round(west + w), south, north };
}

/** the record as the renderer wants it (server fields as a published record has them) */
export function benchRecord(i: number): MetadataRecord {
  const doc = benchDoc(i);
  const updated = new Date(EPOCH + ((i * 2654435761) % SPAN_MS)).toISOString();
  return {
    ...doc,
    id: benchId(i),
    status: 'PUBLISHED',
    organisationId: 'bench-org',
    ownerId: 'bench-user',
    reviewerId: null,
    version: 1,
    createdAt: updated,
    updatedAt: updated,
    publishedAt: updated,
  };
}
