import type { MetadataRecord } from '../../libs/catalogue/record.types';
import type { OarecRecord } from '../../libs/oarec/html/record-feature.types';

/**
 * A test-side mapping of our record model to an OGC API – Records GeoJSON record, shaped as the
 * standard's recordGeoJSON (geometry from the box, RFC 7946 rings from (minx, miny), a
 * MultiPolygon across the antimeridian, time interval, themes, contacts with roles, formats,
 * links). It feeds the HTML renderer's tests real sample records; the Records routes have
 * their own mapper, which the browser tests exercise once they are wired in.
 */
function ring(w: number, s: number, e: number, n: number): number[][] {
  return [[w, s], [e, s], [e, n], [w, n], [w, s]];
}

const LANG: Record<string, string> = { ind: 'id', eng: 'en' };

export function oarecRecordOf(rec: MetadataRecord, baseUrl: string): OarecRecord {
  const b = rec.extent?.bbox;
  const geometry = !b
    ? null
    : b.west > b.east
      ? { type: 'MultiPolygon', coordinates: [[ring(b.west, b.south, 180, b.north)], [ring(-180, b.south, b.east, b.north)]] }
      : { type: 'Polygon', coordinates: [ring(b.west, b.south, b.east, b.north)] };
  const t = rec.extent?.temporal;
  const self = `${baseUrl}/collections/metadata/items/${encodeURIComponent(rec.id)}`;
  const themes = [
    ...(rec.topicCategories?.length
      ? [{ concepts: rec.topicCategories.map((id) => ({ id })), scheme: 'https://standards.iso.org/iso/19139/resources/gmxCodelists.xml#MD_TopicCategoryCode' }]
      : []),
    ...(rec.keywords ?? []).filter((k) => k.thesaurus).map((k) => ({ concepts: k.values.map((v) => ({ id: v })), scheme: k.thesaurus as string })),
  ];
  const license = rec.constraints?.license === 'CC BY 4.0' ? 'CC-BY-4.0' : rec.constraints?.license ? 'other' : undefined;
  return {
    id: rec.id,
    type: 'Feature',
    geometry,
    time: t && (t.start || t.end) ? { interval: [t.start ?? '..', t.end ?? '..'] } : null,
    conformsTo: ['http://www.opengis.net/spec/ogcapi-records-1/1.0/req/record-core'],
    properties: {
      type: rec.hierarchyLevel ?? 'dataset',
      title: rec.title,
      ...(rec.abstract ? { description: rec.abstract } : {}),
      keywords: (rec.keywords ?? []).flatMap((k) => k.values),
      ...(themes.length ? { themes } : {}),
      ...(rec.language ? { language: { code: LANG[rec.language] ?? rec.language } } : {}),
      formats: (rec.formats ?? []).map((name) => ({ name })),
      contacts: (rec.contacts ?? []).map((c) => ({
        organization: c.organisationName,
        ...(c.individualName ? { name: c.individualName } : {}),
        ...(c.positionName ? { position: c.positionName } : {}),
        ...(c.email ? { emails: [{ value: c.email }] } : {}),
        ...(c.phone ? { phones: [{ value: c.phone.replace(/[^+\d]/g, '') }] } : {}),
        ...(c.address ? { addresses: [{ deliveryPoint: [c.address] }] } : {}),
        roles: [c.role],
      })),
      ...(license ? { license } : {}),
      ...(rec.constraints?.useLimitation ? { rights: rec.constraints.useLimitation } : {}),
      created: rec.createdAt,
      updated: rec.updatedAt,
      ...(rec.lineage ? { lineage: rec.lineage } : {}),
    },
    links: [
      { rel: 'self', type: 'application/geo+json', href: self },
      { rel: 'collection', type: 'application/json', href: `${baseUrl}/collections/metadata` },
      { rel: 'profile', href: 'http://www.opengis.net/def/profile/OGC/0/ogc-catalog' },
      { rel: 'alternate', type: 'text/html', href: `${self}?f=html` },
      { rel: 'alternate', type: 'application/vnd.iso.19139+xml', href: `${self}?f=iso19139` },
      ...(license === 'other' ? [{ rel: 'license', href: `${self}#lisensi`, title: rec.constraints?.license }] : []),
      ...(rec.thumbnailUrl ? [{ rel: 'preview', type: 'image/png', href: rec.thumbnailUrl }] : []),
      ...(rec.distributions ?? []).map((d) => ({ rel: d.protocol.startsWith('OGC:') ? 'service' : 'enclosure', href: d.url, title: d.name, protocol: d.protocol, ...(d.description ? { description: d.description } : {}) })),
    ],
  };
}
