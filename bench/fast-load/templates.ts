import type { MetadataDoc, MetadataRecord } from '../../libs/catalogue/record.types';
import { RENDER_FORMATS, type RenderFormat, type Renderer } from '../../libs/render';
import { ORGANISATIONS, rng, type RecordValues } from './content';

/**
 * Synthesized renders. Rendering a million records through SaxonJS would take hours, so a
 * small set of template records is rendered through the real renderer (libs/render) once, with
 * sentinel values (ZQTITLEQZ, 101.111117, 2001-01-11, …) in every field that differs between
 * records. Each bulk record is built from one template's shape (hierarchy level, number of
 * keywords, topic categories, contacts, dates present, format, protocol, licence, lineage) with
 * its own values, and its renders are the template's renders with its values put in place of
 * the sentinels (XML-escaped). verifyTemplates() renders sample bulk records for real and
 * requires the synthesized text to be identical, so a render is exactly what the render job
 * would have stored for that row.
 */

export const TEMPLATE_COUNT = 24;

/** the part of a record fixed by its template */
interface Shape {
  hierarchyLevel: 'dataset' | 'series' | 'service';
  serviceType?: string;
  themeSlots: number;
  topics: string[];
  language: string;
  crs: string;
  format: string;
  protocol: string;
  secondContact: boolean;
  revision: boolean;
  publication: boolean;
  temporal: boolean;
  licence: boolean;
  lineage: string;
}

const TOPICS = ['farming', 'biota', 'boundaries', 'climatologyMeteorologyAtmosphere', 'economy', 'elevation', 'environment',
  'geoscientificInformation', 'health', 'imageryBaseMapsEarthCover', 'inlandWaters', 'location', 'oceans',
  'planningCadastre', 'society', 'structure', 'transportation', 'utilitiesCommunication'];
const FORMATS = ['GeoTIFF', 'ESRI Shapefile', 'GeoPackage', 'GeoJSON', 'NetCDF', 'CSV', 'KML'];
const PROTOCOLS = ['OGC:WMS', 'OGC:WFS', 'OGC:WCS', 'ESRI:REST', 'WWW:LINK', 'WWW:DOWNLOAD-1.0-http--download'];
const SERVICE_TYPES = ['view', 'download', 'discovery'];
const LINEAGES = [
  'Diturunkan dari citra satelit resolusi tinggi dan diverifikasi dengan survei lapangan.',
  'Hasil digitasi peta rupa bumi skala 1:25.000 dengan pemutakhiran data lapangan.',
  'Kompilasi data statistik tahunan yang dipadukan dengan batas wilayah administrasi.',
  'Model turunan dari pengukuran GNSS dan data elevasi nasional.',
];

function shapeOf(t: number): Shape {
  const r = rng(t * 104723 + 7);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  const level = t % 12 === 11 ? 'service' : t % 6 === 5 ? 'series' : 'dataset';
  return {
    hierarchyLevel: level,
    ...(level === 'service' ? { serviceType: pick(SERVICE_TYPES) } : {}),
    themeSlots: 2 + (t % 4),
    topics: [...new Set([pick(TOPICS), pick(TOPICS)])],
    language: r() < 0.7 ? 'ind' : 'eng',
    crs: r() < 0.8 ? 'EPSG:4326' : 'EPSG:23830',
    format: pick(FORMATS),
    protocol: pick(PROTOCOLS),
    secondContact: r() < 0.4,
    revision: r() < 0.6,
    publication: r() < 0.5,
    temporal: r() < 0.5,
    licence: r() < 0.3,
    lineage: pick(LINEAGES),
  };
}

/** the values in a template: every one a string no real value and no other sentinel contains */
const SENTINEL: RecordValues & { organisation: string } = {
  id: 'ZQIDQZ',
  title: 'ZQTITLEQZ',
  abstract: 'ZQABSTRACTQZ',
  themeKeywords: ['ZQKW0QZ', 'ZQKW1QZ', 'ZQKW2QZ', 'ZQKW3QZ', 'ZQKW4QZ', 'ZQKW5QZ'],
  place: 'ZQPLACEQZ',
  organisationIndex: -1,
  organisation: 'ZQORGQZ',
  bbox: { west: 101.111117, east: 102.222227, south: -3.333337, north: 4.444447 },
  creation: '2001-01-11',
  revision: '2002-02-12',
  publication: '2005-05-15',
  temporalStart: '2003-03-13',
  temporalEnd: '2004-04-14',
  updatedAt: '2006-06-16T06:16:26Z',
};

/** sentinel text → how to read the record's value for it */
const SLOTS: readonly [string, (v: RecordValues) => string][] = [
  [SENTINEL.id, (v) => v.id],
  [SENTINEL.title, (v) => v.title],
  [SENTINEL.abstract, (v) => v.abstract],
  ...SENTINEL.themeKeywords.map((s, k): [string, (v: RecordValues) => string] => [s, (v) => v.themeKeywords[k] ?? '']),
  [SENTINEL.place, (v) => v.place],
  [SENTINEL.organisation, (v) => ORGANISATIONS[v.organisationIndex]!],
  [String(SENTINEL.bbox.west), (v) => String(v.bbox.west)],
  [String(SENTINEL.bbox.east), (v) => String(v.bbox.east)],
  [String(SENTINEL.bbox.south), (v) => String(v.bbox.south)],
  [String(SENTINEL.bbox.north), (v) => String(v.bbox.north)],
  [SENTINEL.creation, (v) => v.creation],
  [SENTINEL.revision, (v) => v.revision],
  [SENTINEL.publication, (v) => v.publication],
  [SENTINEL.temporalStart, (v) => v.temporalStart],
  [SENTINEL.temporalEnd, (v) => v.temporalEnd],
  [SENTINEL.updatedAt, (v) => v.updatedAt],
];

/** The producer's document of a record of shape `s` with values `v` (fileIdentifier = id, as stored). */
function docFor(s: Shape, v: RecordValues, organisation: string): MetadataDoc {
  const doc: MetadataDoc = {
    fileIdentifier: v.id,
    title: v.title,
    abstract: v.abstract,
    language: s.language,
    hierarchyLevel: s.hierarchyLevel,
    topicCategories: s.topics,
    keywords: [
      { type: 'theme', thesaurus: 'Tesaurus Tematik Nasional', values: v.themeKeywords.slice(0, s.themeSlots) },
      { type: 'place', values: [v.place] },
    ],
    contacts: [
      { role: 'pointOfContact', organisationName: organisation, email: 'layanan@example.go.id' },
      ...(s.secondContact ? [{ role: 'distributor', organisationName: 'Badan Informasi Geospasial', individualName: 'Petugas Layanan Data' }] : []),
    ],
    dates: { creation: v.creation, ...(s.revision ? { revision: v.revision } : {}), ...(s.publication ? { publication: v.publication } : {}) },
    referenceSystem: s.crs,
    extent: { bbox: { ...v.bbox }, ...(s.temporal ? { temporal: { start: v.temporalStart, end: v.temporalEnd } } : {}) },
    formats: [s.format],
    distributions: [{ protocol: s.protocol, url: `https://geoservices.example.go.id/layanan/${v.id}`, name: 'lapisan_utama' }],
    lineage: s.lineage,
  };
  if (s.licence) doc.constraints = { classification: 'unclassified', license: 'CC BY 4.0' };
  if (s.serviceType) doc.serviceType = s.serviceType;
  return doc;
}

/** the record as the renderer is given it by the render job (a published record, version 1) */
export function renderInput(doc: MetadataDoc, v: RecordValues, organisationId: string, ownerId: string): MetadataRecord {
  return {
    ...doc,
    id: v.id,
    status: 'PUBLISHED',
    organisationId,
    ownerId,
    reviewerId: null,
    version: 1,
    createdAt: v.updatedAt,
    updatedAt: v.updatedAt,
    publishedAt: v.updatedAt,
  };
}

const xmlEscape = (s: string): string => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/** One rendered form cut at its sentinels: text[0] value(slot[0]) text[1] … */
interface CutRender {
  texts: string[];
  slots: number[];
}

export interface Template {
  index: number;
  shape: Shape;
  renders: Record<RenderFormat, CutRender>;
}

const SENTINEL_RE = new RegExp(SLOTS.map(([s]) => s.replace(/[.\-]/g, '\\$&')).join('|'), 'g');
const SLOT_OF = new Map(SLOTS.map(([s], k) => [s, k]));

function cut(xml: string): CutRender {
  const texts: string[] = [];
  const slots: number[] = [];
  let last = 0;
  for (const m of xml.matchAll(SENTINEL_RE)) {
    texts.push(xml.slice(last, m.index));
    slots.push(SLOT_OF.get(m[0])!);
    last = m.index! + m[0].length;
  }
  texts.push(xml.slice(last));
  return { texts, slots };
}

export function buildTemplates(renderer: Renderer): Template[] {
  return Array.from({ length: TEMPLATE_COUNT }, (_, t) => {
    const shape = shapeOf(t);
    const doc = docFor(shape, SENTINEL, SENTINEL.organisation);
    const set = renderer.renderAll(renderInput(doc, SENTINEL, 'org', 'user'));
    const renders = Object.fromEntries(RENDER_FORMATS.map((f) => [f, cut(set[f])])) as Record<RenderFormat, CutRender>;
    if (!renders.gmd.slots.includes(SLOT_OF.get(SENTINEL.title)!)) throw new Error(`template ${t}: judul tidak ditemukan di gmd`);
    return { index: t, shape, renders };
  });
}

/** the template of record i (a multiplicative hash, so neighbouring ids have different shapes) */
export const templateOf = (templates: readonly Template[], i: number): Template => templates[Number((BigInt(i) * 40503n) % BigInt(templates.length))]!;

export const themeSlotsOf = (t: Template): number => t.shape.themeSlots;

export function documentOf(t: Template, v: RecordValues): MetadataDoc {
  return docFor(t.shape, v, ORGANISATIONS[v.organisationIndex]!);
}

/** The record's value for each slot, XML-escaped, passed through `encode` (e.g. COPY escaping). */
export function slotValues(v: RecordValues, encode: (s: string) => string = (s) => s): string[] {
  return SLOTS.map(([, read]) => encode(xmlEscape(read(v))));
}

/** One synthesized render: the template's text with the record's values in place of the sentinels. */
export function synthesize(c: CutRender, values: readonly string[], texts: readonly string[] = c.texts): string {
  let out = texts[0]!;
  for (let k = 0; k < c.slots.length; k++) out += values[c.slots[k]!]! + texts[k + 1]!;
  return out;
}

/**
 * Renders records `ids` through the real renderer and compares every form with the synthesized
 * one; throws at the first difference (showing where), so a loader never writes renders that
 * differ from what the render job would store.
 */
export function verifyTemplates(renderer: Renderer, templates: readonly Template[], ids: readonly number[], valuesOf: (i: number, t: Template) => RecordValues): void {
  for (const i of ids) {
    const t = templateOf(templates, i);
    const v = valuesOf(i, t);
    const real = renderer.renderAll(renderInput(documentOf(t, v), v, 'org', 'user'));
    const vals = slotValues(v);
    for (const f of RENDER_FORMATS) {
      const synth = synthesize(t.renders[f], vals);
      if (synth !== real[f]) {
        let at = 0;
        while (at < synth.length && synth[at] === real[f][at]) at++;
        throw new Error(`render sintetis ${f} rekaman ${v.id} berbeda dari render asli pada karakter ${at}: ` +
          `sintetis "${synth.slice(Math.max(0, at - 60), at + 60)}" asli "${real[f].slice(Math.max(0, at - 60), at + 60)}"`);
      }
    }
  }
}
