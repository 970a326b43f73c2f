import type { Element } from '@xmldom/xmldom';
import type { BoundingBox, Contact, Keyword, MetadataDoc } from '../catalogue/record.types';
import { checkBox, parseDegree, unionBoxes } from './bbox';
import { childElements, clean, first, qpath, select } from './dom';
import { ImportMappingError } from './import-error';
import type { MapContext } from './map-context';
import { DC_NS, OWS_NS } from './namespaces';
import { normaliseCode } from './normalise-code';
import { normaliseCrs, owsAxisOrder } from './normalise-crs';
import { normaliseLanguage } from './normalise-language';
import { normaliseProtocol } from './normalise-protocol';
import { FILE_IDENTIFIER, normaliseDate, normaliseUrl } from './values';

/**
 * Dublin Core `csw:Record` (also csw:SummaryRecord / csw:BriefRecord) → MetadataDoc.
 *
 * Title rule: dc:title, else dct:alternative, else — because dc:title is optional in CSW records
 * (three of the twelve CITE records have none) while our records need one — the dc:identifier,
 * with a warning. A record with neither is a mapping error.
 */
const DCMI = 'http://purl.org/dc/dcmitype/';
const DCMI_TYPES = ['Collection', 'Dataset', 'Event', 'Image', 'InteractiveResource', 'MovingImage', 'PhysicalObject',
  'Service', 'Software', 'Sound', 'StillImage', 'Text'];

export function mapDublinCore(root: Element, ctx: MapContext): MetadataDoc {
  const all = (local: string): Element[] => select(root, local, DC_NS);
  const texts = (local: string): string[] => [...new Set(all(local).map((e) => clean(e.textContent)).filter((x): x is string => !!x))];
  const one = (local: string): string | undefined => texts(local)[0];

  const idEl = all('identifier').find((e) => clean(e.textContent));
  const id = idEl ? clean(idEl.textContent) : undefined;
  if (id && idEl && !FILE_IDENTIFIER.test(id)) {
    throw new ImportMappingError(qpath(idEl), `Pengenal "${id.slice(0, 80)}…" lebih dari 2.000 karakter.`);
  }
  // a record without dc:title keeps no title: the identifier is not a title (issue 19; the CITE
  // suite's PropertyIsNotEqualTo on dc:title counts on it)
  const title = one('title') ?? one('alternative');
  if (!title && !id) throw new ImportMappingError(`${qpath(root)}/dc:title`, 'Rekaman Dublin Core tidak memiliki dc:title maupun dc:identifier.');
  if (!title) ctx.warn('Rekaman tidak memiliki dc:title; disimpan tanpa judul.');

  const doc: MetadataDoc = title ? { title } : {};
  if (id) doc.fileIdentifier = id;
  const abstract = one('abstract') ?? one('description');
  if (abstract) doc.abstract = abstract;

  mapType(doc, all('type'), ctx);

  const subjects = all('subject');
  if (subjects.length) doc.keywords = groupSubjects(subjects);
  const formats = texts('format');
  if (formats.length) doc.formats = formats;
  const spatial = texts('spatial');
  if (spatial.length) doc.spatialCoverage = spatial;
  const relations = texts('relation');
  if (relations.length) doc.relations = relations;
  const sources = texts('source');
  if (sources.length) doc.sources = sources;
  const rights = texts('rights');
  if (rights.length) doc.constraints = { license: rights.join('\n') };

  const contacts: Contact[] = [];
  for (const [local, role] of [['creator', 'originator'], ['publisher', 'publisher'], ['contributor', 'contributor']] as const) {
    for (const name of texts(local)) contacts.push({ role: ctx.codeValue('PERAN_KONTAK', role, `dc:${local}`) ?? role, organisationName: name });
  }
  if (contacts.length) doc.contacts = contacts;

  const dates: NonNullable<MetadataDoc['dates']> = {};
  for (const [local, key] of [['date', 'publication'], ['issued', 'publication'], ['modified', 'revision'], ['created', 'creation']] as const) {
    const raw = one(local);
    if (!raw || dates[key]) continue;
    const v = normaliseDate(raw);
    if (v) dates[key] = v;
    else ctx.warn(`Tanggal dc:${local} "${raw}" bukan tanggal ISO dan diabaikan.`);
  }
  if (Object.keys(dates).length) doc.dates = dates;

  const langEl = all('language').find((e) => clean(e.textContent));
  if (langEl) {
    const raw = clean(langEl.textContent)!;
    const language = ctx.codeValue('BAHASA', normaliseLanguage(raw) ?? raw, langEl);
    if (language) doc.language = language;
  }

  const bbox = readBoxes(root, ctx);
  if (bbox) doc.extent = { bbox };

  const distributions = readReferences(all('references'), ctx);
  if (distributions.length) doc.distributions = distributions;
  return doc;
}

/**
 * dc:type → resourceType (the DCMI type URI) and, for Dataset / Service, hierarchyLevel.
 * pycsw and GeoNetwork write the ISO scope code in lower case (`dataset`, `service`, `series`):
 * that becomes hierarchyLevel only.
 */
function mapType(doc: MetadataDoc, types: Element[], ctx: MapContext): void {
  const el = types.find((e) => clean(e.textContent));
  const raw = el ? clean(el.textContent) : undefined;
  if (!el || !raw) return;
  const isDcmiUri = raw.startsWith(DCMI);
  const name = isDcmiUri ? raw.slice(DCMI.length) : raw;
  // exact DCMI names first (`Dataset`), then ISO scope codes (`dataset`), then DCMI in any case (`image`)
  let dcmi = DCMI_TYPES.find((t) => t === name);
  if (!dcmi && !isDcmiUri && normaliseCode('LEVEL_HIERARKI', raw)) {
    doc.hierarchyLevel = normaliseCode('LEVEL_HIERARKI', raw);
    return;
  }
  dcmi ??= DCMI_TYPES.find((t) => t.toLowerCase() === name.toLowerCase());
  if (dcmi) {
    doc.resourceType = DCMI + dcmi;
    if (dcmi === 'Dataset') doc.hierarchyLevel = 'dataset';
    if (dcmi === 'Service') doc.hierarchyLevel = 'service';
    return;
  }
  if (/^(https?:\/\/|urn:)\S+$/i.test(raw)) {
    doc.resourceType = raw;
    return;
  }
  const level = ctx.codeValue('LEVEL_HIERARKI', raw, el);
  if (level) doc.hierarchyLevel = level;
}

/** dc:subject grouped by its `scheme` attribute (the thesaurus), all of type theme. */
function groupSubjects(subjects: Element[]): Keyword[] {
  const groups = new Map<string, Keyword>();
  for (const s of subjects) {
    const value = clean(s.textContent);
    if (!value) continue;
    const scheme = clean(s.getAttribute('scheme'));
    const g = groups.get(scheme ?? '');
    if (g) {
      if (!g.values.includes(value)) g.values.push(value);
    } else {
      groups.set(scheme ?? '', { type: 'theme', ...(scheme ? { thesaurus: scheme } : {}), values: [value] });
    }
  }
  return [...groups.values()];
}

/**
 * ows:BoundingBox / ows:WGS84BoundingBox (OWS 1.0 or 1.1). Axis order by crs: the URN/URL forms of
 * EPSG:4326 are latitude longitude; WGS84BoundingBox, CRS84, `EPSG:4326` and no crs are longitude
 * latitude. A box in another CRS is skipped with a warning; several boxes are unioned.
 */
function readBoxes(root: Element, ctx: MapContext): BoundingBox | undefined {
  const boxes: BoundingBox[] = [];
  for (const el of childElements(root).filter((e) => OWS_NS(e.namespaceURI))) {
    if (el.localName !== 'BoundingBox' && el.localName !== 'WGS84BoundingBox') continue;
    const at = qpath(el);
    const crs = clean(el.getAttribute('crs'));
    const order = el.localName === 'WGS84BoundingBox' ? 'lonlat' : owsAxisOrder(crs);
    if (!order) {
      ctx.warn(`${at} dengan crs "${crs}" ${normaliseCrs(crs ?? '') ? 'bukan WGS 84 (EPSG:4326)' : 'tidak dikenal'} dan diabaikan.`);
      continue;
    }
    const corner = (local: string): [number, number] => {
      const c = first(el, local, OWS_NS);
      const where = `${at}/${c?.nodeName ?? `ows:${local}`}`;
      const parts = clean(c?.textContent)?.split(/\s+/) ?? [];
      if (parts.length !== 2) throw new ImportMappingError(where, 'Sudut batas wilayah harus berisi tepat dua angka.');
      return [parseDegree(parts[0], where), parseDegree(parts[1], where)];
    };
    const [a1, a2] = corner('LowerCorner');
    const [b1, b2] = corner('UpperCorner');
    const box = order === 'latlon' ? { south: a1, west: a2, north: b1, east: b2 } : { west: a1, south: a2, east: b1, north: b2 };
    boxes.push(checkBox(box, at, (m) => ctx.warn(m)));
  }
  return unionBoxes(boxes);
}

/** dct:references → distributions; the `scheme` attribute is the protocol. */
function readReferences(refs: Element[], ctx: MapContext): NonNullable<MetadataDoc['distributions']> {
  const out: NonNullable<MetadataDoc['distributions']> = [];
  for (const r of refs) {
    const raw = clean(r.textContent);
    if (!raw) continue;
    const url = normaliseUrl(raw);
    if (!url) {
      ctx.warn(`dct:references "${raw}" bukan URL http/https/ftp dan diabaikan.`);
      continue;
    }
    const scheme = clean(r.getAttribute('scheme'));
    let protocol = scheme ? normaliseProtocol(scheme) : 'WWW:LINK';
    if (!protocol) {
      ctx.warn(`Protokol "${scheme}" tidak dikenal; tautan ${url} dicatat sebagai WWW:LINK.`);
      protocol = 'WWW:LINK';
    }
    if (!out.some((d) => d.url === url && d.protocol === protocol)) out.push({ protocol, url });
  }
  return out;
}
