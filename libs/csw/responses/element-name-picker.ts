import { XMLSerializer, type Element } from '@xmldom/xmldom';
import { parseXmlSafely } from '../../xml/safe-parse';
import { NS, qnameEquals, type QName } from '../namespaces';
import { asFragment } from '../../xml/xml-text';

const DC_DATE: QName = { ns: NS.dc, local: 'date' };
/** the refinements of dc:date in the order the dc:date queryable falls back to them */
const DATE_REFINEMENTS = ['issued', 'created'];

/**
 * Ad hoc ElementName view on Dublin Core: the stored `dc-full` csw:Record with only the
 * named children kept, in their stored order (so the result stays valid against
 * record.xsd: every csw:Record child is optional and the order is unchanged).
 *
 * dc:date: the full record keeps the kind of each resource date (dc:date for a revision,
 * dct:issued, dct:created), while the dc:date queryable means the latest of them. A client
 * that names dc:date gets that date as dc:date, the same value its filter on dc:date used.
 */
export function pickDcElements(dcFullXml: string, names: QName[]): string {
  const doc = parseXmlSafely(asFragment(dcFullXml));
  const root = doc.documentElement!;
  const wantsDate = names.some((n) => qnameEquals(n, DC_DATE));
  const refined = new Map<string, string>();
  let keptDate = false;
  for (let c = root.firstChild; c; ) {
    const next = c.nextSibling;
    const qn = { ns: c.namespaceURI ?? '', local: c.localName ?? '' };
    if (wantsDate && c.nodeType === 1 && qn.ns === NS.dct && DATE_REFINEMENTS.includes(qn.local) && !refined.has(qn.local)) {
      const v = (c.textContent ?? '').trim();
      if (v) refined.set(qn.local, v);
    }
    const keep = c.nodeType === 1 && names.some((n) => qnameEquals(n, qn));
    if (keep && qnameEquals(qn, DC_DATE)) keptDate = true;
    if (!keep) root.removeChild(c);
    c = next;
  }
  const refinedDate = DATE_REFINEMENTS.map((l) => refined.get(l)).find((v) => v !== undefined);
  if (wantsDate && !keptDate && refinedDate !== undefined) {
    const date = doc.createElementNS(NS.dc, `${root.lookupPrefix(NS.dc) ?? 'dc'}:date`);
    date.appendChild(doc.createTextNode(refinedDate));
    // before the bounding boxes, which close the csw:Record sequence
    let before: Element | null = null;
    for (let c = root.firstChild; c; c = c.nextSibling) {
      if (c.nodeType === 1 && c.namespaceURI === NS.ows) {
        before = c as Element;
        break;
      }
    }
    root.insertBefore(date, before);
  }
  return new XMLSerializer().serializeToString(root);
}
