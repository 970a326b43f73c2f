import type { ServiceIdentity } from '../../config';
import { OAREC_QUERYABLES, type Queryable } from '../../search/queryables';
import {
  CATALOG_ID, COLLECTION_PATH, CONF, ITEMS_PATH, link, MEDIA, REL_CATALOG, REL_CONFORMANCE, REL_DATA, REL_QUERYABLES, REL_SORTABLES, type Link,
} from '../oarec-links';

/** The fixed documents of the endpoint: landing page, conformance, collections, queryables, sortables. */

export const CONFORMANCE: readonly string[] = [
  'http://www.opengis.net/spec/ogcapi-common-1/1.0/conf/core',
  'http://www.opengis.net/spec/ogcapi-common-1/1.0/conf/landing-page',
  'http://www.opengis.net/spec/ogcapi-common-1/1.0/conf/json',
  'http://www.opengis.net/spec/ogcapi-common-1/1.0/conf/html',
  'http://www.opengis.net/spec/ogcapi-common-1/1.0/conf/oas30',
  'http://www.opengis.net/spec/ogcapi-common-2/1.0/conf/collections',
  'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/core',
  'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/geojson',
  'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/html',
  'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/oas30',
  'http://www.opengis.net/spec/ogcapi-features-3/1.0/conf/queryables',
  'http://www.opengis.net/spec/ogcapi-features-3/1.0/conf/queryables-query-parameters',
  'http://www.opengis.net/spec/ogcapi-features-3/1.0/conf/filter',
  'http://www.opengis.net/spec/ogcapi-features-3/1.0/conf/features-filter',
  ...['record-core', 'record-collection', 'record-core-query-parameters', 'record-api', 'records-api', 'sorting', 'filtering', 'cql-filter',
    'json', 'html', 'oas30', 'autodiscovery', 'searchable-catalog', 'searchable-catalog-filtering', 'searchable-catalog-sorting'].map((c) => `${CONF}/${c}`),
  ...['cql2-text', 'cql2-json', 'basic-cql2', 'advanced-comparison-operators', 'case-insensitive-comparison', 'basic-spatial-functions',
    'basic-spatial-functions-plus', 'spatial-functions', 'temporal-functions'].map((c) => `http://www.opengis.net/spec/cql2/1.0/conf/${c}`),
];

export function landingDocument(baseUrl: string, identity: Pick<ServiceIdentity, 'title' | 'abstract'>) {
  return {
    title: identity.title || 'Katalog metadata geospasial',
    description: identity.abstract || 'Katalog metadata geospasial (OGC API – Records).',
    links: [
      link(`${baseUrl}/`, 'self', MEDIA.json, 'Dokumen ini'),
      link(`${baseUrl}/?f=html`, 'alternate', MEDIA.html, 'Dokumen ini sebagai HTML'),
      link(`${baseUrl}/openapi`, 'service-desc', MEDIA.openapi, 'Definisi API (OpenAPI 3.0)'),
      link(`${baseUrl}/openapi?f=html`, 'service-doc', MEDIA.html, 'Dokumentasi API'),
      link(`${baseUrl}/conformance`, 'conformance', MEDIA.json, 'Kelas kesesuaian'),
      link(`${baseUrl}/conformance`, REL_CONFORMANCE, MEDIA.json, 'Kelas kesesuaian'),
      link(`${baseUrl}/collections`, 'data', MEDIA.json, 'Koleksi'),
      link(`${baseUrl}/collections`, REL_DATA, MEDIA.json, 'Koleksi'),
      link(`${baseUrl}${COLLECTION_PATH}`, REL_CATALOG, MEDIA.json, 'Katalog metadata'),
      link(`${baseUrl}/oai`, 'alternate', 'text/xml', 'OAI-PMH'),
      link(`${baseUrl}/metadata/csw?service=CSW&request=GetCapabilities`, 'alternate', MEDIA.xml, 'CSW 2.0.2 GetCapabilities'),
    ],
  };
}

export const conformanceDocument = () => ({ conformsTo: [...CONFORMANCE] });

export function collectionDocument(baseUrl: string, identity: Pick<ServiceIdentity, 'title' | 'abstract'>) {
  const c = `${baseUrl}${COLLECTION_PATH}`;
  const links: Link[] = [
    link(c, 'self', MEDIA.json, 'Katalog ini'),
    link(`${c}?f=html`, 'alternate', MEDIA.html, 'Katalog ini sebagai HTML'),
    link(`${baseUrl}${ITEMS_PATH}`, 'items', MEDIA.geojson, 'Rekaman katalog'),
    link(`${baseUrl}${ITEMS_PATH}?f=html`, 'items', MEDIA.html, 'Rekaman katalog (HTML)'),
    link(`${c}/queryables`, REL_QUERYABLES, MEDIA.schema, 'Queryable'),
    link(`${c}/sortables`, REL_SORTABLES, MEDIA.schema, 'Sortable'),
    link(`${baseUrl}/collections`, 'collection', MEDIA.json, 'Semua koleksi'),
  ];
  return {
    id: CATALOG_ID,
    type: 'Collection',
    itemType: 'record',
    title: identity.title || 'Katalog metadata geospasial',
    description: identity.abstract || 'Semua rekaman metadata yang dipublikasikan.',
    conformsTo: [`${CONF}/record-core`, `${CONF}/searchable-catalog`],
    extent: { spatial: { bbox: [[-180, -90, 180, 90]], crs: 'http://www.opengis.net/def/crs/OGC/1.3/CRS84' } },
    crs: ['http://www.opengis.net/def/crs/OGC/1.3/CRS84'],
    defaultSortOrder: [{ field: 'id', direction: 'asc' }],
    links,
  };
}

export function collectionsDocument(baseUrl: string, identity: Pick<ServiceIdentity, 'title' | 'abstract'>) {
  return {
    links: [
      link(`${baseUrl}/collections`, 'self', MEDIA.json, 'Dokumen ini'),
      link(`${baseUrl}/collections?f=html`, 'alternate', MEDIA.html, 'Dokumen ini sebagai HTML'),
    ],
    collections: [collectionDocument(baseUrl, identity)],
  };
}

function schemaOf(q: Queryable): Record<string, unknown> {
  switch (q.kind) {
    case 'geometry':
      return { format: 'geometry-any', 'x-ogc-role': 'primary-geometry' };
    case 'date':
      return q.dateType === 'timestamptz' ? { type: 'string', format: 'date-time' } : { type: 'string', format: 'date' };
    case 'boolean':
      return { type: 'boolean' };
    case 'text[]':
      return { type: 'array', items: { type: 'string' } };
    case 'id':
      return { type: 'string', 'x-ogc-role': 'id' };
    default:
      return { type: 'string' };
  }
}

const TITLES: Record<string, string> = {
  id: 'Pengenal', title: 'Judul', description: 'Abstrak', keywords: 'Kata kunci', format: 'Format', updated: 'Tanggal perubahan rekaman',
  created: 'Tanggal pembuatan rekaman', organisation: 'Organisasi', language: 'Bahasa', geometry: 'Cakupan spasial', type: 'Jenis sumber daya',
  crs: 'Sistem referensi', revisionDate: 'Tanggal revisi', creationDate: 'Tanggal pembuatan sumber daya', publicationDate: 'Tanggal publikasi',
  keywordType: 'Jenis kata kunci', topicCategory: 'Kategori topik', timeBegin: 'Awal cakupan waktu', timeEnd: 'Akhir cakupan waktu',
  serviceType: 'Jenis layanan', license: 'Lisensi',
};

function schemaDocument(baseUrl: string, path: string, title: string, only: (q: Queryable) => boolean, extra: Record<string, unknown> = {}) {
  const properties: Record<string, unknown> = {};
  for (const [name, q] of OAREC_QUERYABLES) {
    if (!only(q)) continue;
    properties[name] = { title: TITLES[name] ?? name, ...schemaOf(q) };
  }
  Object.assign(properties, extra);
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: `${baseUrl}${COLLECTION_PATH}/${path}`,
    type: 'object',
    title,
    properties,
    additionalProperties: false,
  };
}

export const queryablesDocument = (baseUrl: string) =>
  schemaDocument(baseUrl, 'queryables', 'Queryable katalog metadata', () => true, {
    time: { title: 'Cakupan waktu (operator T_*)', type: 'string', format: 'date', 'x-ogc-role': 'primary-instant' },
  });

export const sortablesDocument = (baseUrl: string) =>
  schemaDocument(baseUrl, 'sortables', 'Sortable katalog metadata', (q) => q.sortable && q.kind !== 'geometry');
