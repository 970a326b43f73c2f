import type { MetadataRecord } from '../../catalogue/record.types';
import type { RichView } from '../../catalogue/rich-view.types';
import { CONF, COLLECTION_PATH, ITEMS_PATH, link, MEDIA, PROFILE_CATALOG, type Link } from '../oarec-links';
import { richLinks, richProperties } from './record-rich';
import { bboxGeometry, contactOf, languageObject, licenseOf, recordTime, type GeoJsonGeometry, type RecordContact, type RecordTime } from './record-values';

/**
 * A PUBLISHED record as an OGC API – Records GeoJSON Feature (recordGeoJSON), from our record
 * model: geometry from the bounding box, `time` from the temporal extent, the catalogue
 * record's own created/updated dates, themes from topic categories and thesaurus keyword
 * groups, links to the HTML page and the stored ISO renders, distributions as links.
 * `publicationDate` is the resource's publication date, the value the `publicationDate`
 * queryable filters on (issue 21). With `rich` (the single record: the rich view of its stored
 * ISO document, record-rich.ts) the document's fuller values are added.
 */
export interface RecordFeature {
  id: string;
  type: 'Feature';
  conformsTo: string[];
  time: RecordTime;
  geometry: GeoJsonGeometry | null;
  properties: Record<string, unknown> & { title: string; type: string };
  links: Link[];
}

export const TOPIC_SCHEME = 'https://standards.iso.org/iso/19139/resources/gmxCodelists.xml#MD_TopicCategoryCode';

const uniq = (xs: (string | undefined)[]): string[] => [...new Set(xs.filter((x): x is string => !!x && x.trim() !== '').map((x) => x.trim()))];

function distributionRel(protocol: string): string {
  const p = protocol.toUpperCase();
  if (p.includes('DOWNLOAD') || p.includes('FILE')) return 'enclosure';
  if (p.startsWith('OGC:') || p.startsWith('ESRI:') || p.includes('SERVICE')) return 'service';
  return 'related';
}

/** The name the public knows a record by (items/{id}): its file identifier, not the internal key. */
export const publicIdOf = (r: Pick<MetadataRecord, 'id' | 'fileIdentifier'>): string => r.fileIdentifier ?? r.id;

export function recordFeature(r: MetadataRecord, baseUrl: string, rich?: RichView): RecordFeature {
  const id = publicIdOf(r);
  const self = `${baseUrl}${ITEMS_PATH}/${encodeURIComponent(id)}`;
  const themes = [
    ...(r.topicCategories?.length ? [{ concepts: r.topicCategories.map((id) => ({ id })), scheme: TOPIC_SCHEME }] : []),
    ...(r.keywords ?? [])
      .filter((k) => k.thesaurus && k.values.some((v) => v.trim() !== ''))
      .map((k) => ({ concepts: uniq(k.values).map((id) => ({ id })), scheme: k.thesaurus! })),
  ];
  const language = languageObject(r.language);
  const license = licenseOf(r.constraints?.license);
  const contacts: RecordContact[] = (r.contacts ?? []).map(contactOf);
  const formats = uniq(r.formats ?? []).map((name) => ({ name }));
  const properties: RecordFeature['properties'] = {
    created: r.createdAt,
    updated: r.updatedAt,
    type: r.hierarchyLevel || 'dataset',
    title: r.title ?? '',
    ...(r.abstract ? { description: r.abstract } : {}),
    keywords: uniq((r.keywords ?? []).flatMap((k) => k.values)),
    ...(themes.length ? { themes } : {}),
    ...(language ? { language, resourceLanguages: [language] } : {}),
    ...(contacts.length ? { contacts } : {}),
    ...(formats.length ? { formats } : {}),
    ...(license ? { license: license.license } : {}),
    ...(r.constraints?.useLimitation ? { rights: r.constraints.useLimitation } : {}),
    ...(r.dates?.publication ? { publicationDate: r.dates.publication } : {}),
    ...(rich ? richProperties(rich) : {}),
  };
  const links: Link[] = [
    link(self, 'self', MEDIA.geojson, 'Rekaman ini sebagai GeoJSON'),
    link(`${self}?f=html`, 'alternate', MEDIA.html, 'Rekaman ini sebagai HTML'),
    link(`${self}?f=iso19139`, 'alternate', MEDIA.xml, 'ISO 19139 (gmd)'),
    link(`${self}?f=iso19115-3`, 'alternate', MEDIA.xml, 'ISO 19115-3 (mdb)'),
    link(`${baseUrl}${COLLECTION_PATH}`, 'collection', MEDIA.json, 'Katalog metadata'),
    link(PROFILE_CATALOG, 'profile', undefined, 'OGC catalog record profile'),
  ];
  if (license?.license === 'other') {
    links.push(link(license.url ?? `${self}?f=html#lisensi`, 'license', license.url ? undefined : MEDIA.html, 'Lisensi'));
  }
  for (const d of r.distributions ?? []) {
    if (!d.url) continue;
    links.push({ ...link(d.url, distributionRel(d.protocol ?? ''), undefined, d.name || d.description || d.protocol), protocol: d.protocol });
  }
  if (r.thumbnailUrl) links.push(link(r.thumbnailUrl, 'preview', undefined, 'Gambar pratinjau'));
  if (rich) links.push(...richLinks(rich, baseUrl, links));
  return {
    id,
    type: 'Feature',
    conformsTo: [`http://www.opengis.net/spec/ogcapi-records-1/1.0/req/record-core`],
    time: recordTime(r.extent?.temporal),
    geometry: bboxGeometry(r.extent?.bbox),
    properties,
    links,
  };
}

export { CONF };
