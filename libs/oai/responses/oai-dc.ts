import type { Element } from '@xmldom/xmldom';
import { parseXmlSafely } from '../../xml/safe-parse';
import { escapeText } from '../../xml/xml-text';

/**
 * oai_dc from the stored full csw:Record render. oai_dc allows only the fifteen unqualified
 * Dublin Core elements (xml:lang their only attribute), so:
 * - dc:* elements are kept in document order, without other attributes (e.g. `scheme`);
 * - DCMI Terms refinements become the element they refine (dct:abstract → dc:description,
 *   dct:modified → dc:date, dct:spatial → dc:coverage, …), following the DCMI "dumb-down" rule;
 * - the ows:BoundingBox becomes a dc:coverage in DCMI Box notation, lon/lat as the CRS says.
 * Anything else is dropped.
 */

export const OAI_DC_NS = 'http://www.openarchives.org/OAI/2.0/oai_dc/';
const DC = 'http://purl.org/dc/elements/1.1/';
const DCT = 'http://purl.org/dc/terms/';
const OWS = 'http://www.opengis.net/ows';
const XML_NS = 'http://www.w3.org/XML/1998/namespace';

const DC_ELEMENTS: ReadonlySet<string> = new Set([
  'title', 'creator', 'subject', 'description', 'publisher', 'contributor', 'date', 'type',
  'format', 'identifier', 'source', 'language', 'relation', 'coverage', 'rights',
]);

/** DCMI Terms refinement → the element it refines */
const DCT_REFINES: Readonly<Record<string, string>> = {
  abstract: 'description', tableOfContents: 'description',
  alternative: 'title',
  created: 'date', issued: 'date', modified: 'date', valid: 'date', available: 'date',
  dateAccepted: 'date', dateCopyrighted: 'date', dateSubmitted: 'date',
  references: 'relation', isReferencedBy: 'relation', isPartOf: 'relation', hasPart: 'relation',
  isVersionOf: 'relation', hasVersion: 'relation', isFormatOf: 'relation', hasFormat: 'relation',
  requires: 'relation', isRequiredBy: 'relation', replaces: 'relation', isReplacedBy: 'relation', conformsTo: 'relation',
  spatial: 'coverage', temporal: 'coverage',
  accessRights: 'rights', license: 'rights', rightsHolder: 'rights',
  extent: 'format', medium: 'format',
  bibliographicCitation: 'identifier',
};

const children = (e: Element): Element[] => {
  const out: Element[] = [];
  for (let n = e.firstChild; n; n = n.nextSibling) if (n.nodeType === 1) out.push(n as Element);
  return out;
};

const textOf = (e: Element): string => (e.textContent ?? '').trim();

function dcElement(name: string, text: string, lang: string | null): string {
  const attr = lang ? ` xml:lang="${escapeText(lang).replace(/"/g, '&quot;')}"` : '';
  return `<dc:${name}${attr}>${escapeText(text)}</dc:${name}>`;
}

/** DCMI Box from an ows:BoundingBox (urn/http EPSG:4326 = lat lon; CRS84 / none = lon lat). */
function boxCoverage(bbox: Element): string | undefined {
  const corner = (local: string): number[] | undefined => {
    const c = children(bbox).find((x) => x.namespaceURI === OWS && x.localName === local);
    const nums = c ? textOf(c).split(/\s+/).map(Number) : [];
    return nums.length === 2 && nums.every(Number.isFinite) ? nums : undefined;
  };
  const lower = corner('LowerCorner');
  const upper = corner('UpperCorner');
  if (!lower || !upper) return undefined;
  const crs = bbox.getAttribute('crs') ?? '';
  const latFirst = /EPSG(::|\/0\/|:6\.\d+:)4326$/i.test(crs);
  const [south, west] = latFirst ? lower : [lower[1]!, lower[0]!];
  const [north, east] = latFirst ? upper : [upper[1]!, upper[0]!];
  return `northlimit=${north}; southlimit=${south}; eastlimit=${east}; westlimit=${west}; projection=EPSG:4326`;
}

/** The oai_dc:dc element for a stored csw:Record render. */
export function oaiDcFromCswRecord(cswRecordXml: string): string {
  const root = parseXmlSafely(cswRecordXml).documentElement!;
  const parts: string[] = [];
  const seen = new Set<string>();
  const push = (name: string, text: string, lang: string | null) => {
    if (text === '') return;
    const key = `${name}\u0000${lang ?? ''}\u0000${text}`;
    if (seen.has(key)) return; // e.g. created and modified on the same day, both as dc:date
    seen.add(key);
    parts.push(dcElement(name, text, lang));
  };
  for (const e of children(root)) {
    const lang = e.getAttributeNS(XML_NS, 'lang') || null;
    if (e.namespaceURI === DC && DC_ELEMENTS.has(e.localName ?? '')) push(e.localName!, textOf(e), lang);
    else if (e.namespaceURI === DCT && DCT_REFINES[e.localName ?? '']) push(DCT_REFINES[e.localName!]!, textOf(e), lang);
    else if (e.namespaceURI === OWS && (e.localName === 'BoundingBox' || e.localName === 'WGS84BoundingBox')) {
      const box = boxCoverage(e);
      if (box) push('coverage', box, null);
    }
  }
  return `<oai_dc:dc xmlns:oai_dc="${OAI_DC_NS}" xmlns:dc="${DC}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="${OAI_DC_NS} http://www.openarchives.org/OAI/2.0/oai_dc.xsd">${parts.join('')}</oai_dc:dc>`;
}
