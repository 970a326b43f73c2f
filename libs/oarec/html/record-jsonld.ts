import type { OarecContact, OarecRecord } from './record-feature.types';
import { recordBbox, recordTimeRange } from './record-geometry';
import { distributionLinks, linkByRel, safeHref } from './record-links';
import { PATHS } from './page-context';

/**
 * The schema.org `Dataset` of a record page (Records Part 1 recommends schema.org on HTML
 * pages; Google's Dataset search reads it). Built from the same GeoJSON record the page shows,
 * so the two cannot disagree. Values a record lacks are left out rather than invented.
 */
export interface JsonLdOptions {
  baseUrl: string;
  /** the catalogue's name (CSW identity title) for includedInDataCatalog */
  catalogueName: string;
}

const CREATOR_ROLES = ['originator', 'author', 'principalInvestigator', 'owner', 'resourceProvider'];
const PUBLISHER_ROLES = ['publisher', 'distributor'];

function organization(c: OarecContact): Record<string, unknown> {
  const o: Record<string, unknown> = { '@type': 'Organization', name: c.organization ?? c.name };
  const email = c.emails?.[0]?.value;
  if (email) o.email = email;
  const tel = c.phones?.[0]?.value;
  if (tel) o.telephone = tel;
  return o;
}

function byRoles(contacts: OarecContact[], roles: string[]): Record<string, unknown>[] {
  return contacts.filter((c) => (c.organization ?? c.name) && c.roles?.some((r) => roles.includes(r))).map(organization);
}

/** The licence as a URL: an SPDX id becomes its spdx.org page; `other` uses the record's rel=license link. */
export function licenseUrl(rec: OarecRecord): string | undefined {
  const lic = rec.properties?.license;
  if (lic && lic !== 'other' && /^[A-Za-z0-9.+-]+$/.test(lic)) return `https://spdx.org/licenses/${lic}`;
  return safeHref(linkByRel(rec, 'license')?.href);
}

export function recordJsonLd(rec: OarecRecord, o: JsonLdOptions): Record<string, unknown> {
  const p = rec.properties ?? {};
  const pageUrl = `${o.baseUrl}${PATHS.record(rec.id)}`;
  const ld: Record<string, unknown> = {
    '@context': 'https://schema.org/',
    '@type': 'Dataset',
    '@id': pageUrl,
    url: pageUrl,
    name: p.title ?? rec.id,
    // Google requires a description; a record without an abstract is described by its title
    description: p.description ?? p.title ?? rec.id,
    identifier: rec.id,
  };
  if (p.keywords?.length) ld.keywords = p.keywords;
  const lang = typeof p.language === 'string' ? p.language : p.language?.code;
  if (lang) ld.inLanguage = lang;
  const box = recordBbox(rec);
  if (box) {
    const [w, s, e, n] = box;
    // schema.org GeoShape box: "lat lon lat lon", lower corner then upper corner
    ld.spatialCoverage = { '@type': 'Place', geo: { '@type': 'GeoShape', box: `${s} ${w} ${n} ${e}` } };
  }
  const t = recordTimeRange(rec);
  if (t) ld.temporalCoverage = t.instant ?? `${t.start ?? '..'}/${t.end ?? '..'}`;
  const contacts = p.contacts ?? [];
  const creators = byRoles(contacts, CREATOR_ROLES);
  if (creators.length) ld.creator = creators;
  const publishers = byRoles(contacts, PUBLISHER_ROLES);
  if (publishers.length) ld.publisher = publishers[0];
  const license = licenseUrl(rec);
  if (license) ld.license = license;
  if (p.created) ld.dateCreated = p.created;
  if (p.updated) ld.dateModified = p.updated;
  const preview = safeHref(linkByRel(rec, 'preview')?.href);
  if (preview) ld.thumbnailUrl = preview;
  const formatName = p.formats?.map((f) => f.mediaType ?? f.name).find(Boolean);
  const dist = distributionLinks(rec)
    .filter((l) => safeHref(l.href))
    .map((l) => {
      const d: Record<string, unknown> = { '@type': 'DataDownload', contentUrl: l.href };
      const enc = l.type ?? l.protocol ?? formatName;
      if (enc) d.encodingFormat = enc;
      if (l.title ?? l.name) d.name = l.title ?? l.name;
      return d;
    });
  if (dist.length) ld.distribution = dist;
  ld.includedInDataCatalog = { '@type': 'DataCatalog', name: o.catalogueName, url: `${o.baseUrl}${PATHS.collection}` };
  return ld;
}
