import type { OarecLink, OarecRecord } from './record-feature.types';

/** Relations that describe the record itself rather than point at the data. */
const NON_DATA_RELS = new Set([
  'self', 'alternate', 'collection', 'profile', 'preview', 'license', 'canonical', 'describedby',
  'root', 'parent', 'icon', 'next', 'prev', 'service-desc', 'service-doc', 'conformance',
]);

/** Distribution and related-resource links: what the user downloads or opens as a service. */
export function distributionLinks(rec: OarecRecord): OarecLink[] {
  return (rec.links ?? []).filter((l) => typeof l.href === 'string' && !NON_DATA_RELS.has(l.rel ?? ''));
}

export function linkByRel(rec: OarecRecord, rel: string, type?: string): OarecLink | undefined {
  return (rec.links ?? []).find((l) => l.rel === rel && (type === undefined || l.type === type));
}

/** Only http(s) URLs become clickable links or images: a `javascript:` href in harvested data must not. */
export function safeHref(href: string | undefined): string | undefined {
  if (!href) return undefined;
  try {
    const u = new URL(href, 'http://relative.invalid');
    return u.protocol === 'http:' || u.protocol === 'https:' || u.protocol === 'ftp:' || u.protocol === 'mailto:' ? href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Only a thumbnail this catalogue serves is shown inline: the CSP allows images from 'self'
 * (a page must not make the reader's browser call other hosts); others become a link.
 */
export function isOwnUrl(href: string, baseUrl: string): boolean {
  return href.startsWith('/') ? !href.startsWith('//') : href.startsWith(`${baseUrl}/`);
}
