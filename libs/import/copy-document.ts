import { XMLSerializer, type Document, type Element } from '@xmldom/xmldom';
import type { IsoDocument } from '../catalogue/record-document';
import type { MetadataDoc } from '../catalogue/record.types';
import { parseXmlSafely } from '../xml/safe-parse';
import { childElements, first, propText } from './dom';
import { importMetadataXml } from './index';
import { ISO19115_3_NS, ISO19139_NS, NS } from './namespaces';

/**
 * The ISO document of a copy (issue 20, §5): the source's stored XML with the copy's own
 * metadata identifier and title written into it, everything else as the source wrote it, so a
 * copy keeps the elements our JSON does not hold. The JSON is then mapped from the result by
 * the import itself (one mapping, as for any document), and the check report is made anew.
 *
 * The record's identifier is the metadata identifier (gmd:fileIdentifier, mdb:metadataIdentifier's
 * code), and wherever else the document writes exactly that value as a whole text or attribute
 * (GeoNetwork's geonet:info/uuid, a resource identifier a catalogue set to the record's UUID): a copy
 * names itself, not its source, everywhere. Other identifiers and links are left as written
 * (a URL that contains the old identifier inside it is not rewritten).
 */

const XLINK = 'http://www.w3.org/1999/xlink';
const MCC = 'http://standards.iso.org/iso/19115/-3/mcc/1.0';
const GCO_19115_3 = 'http://standards.iso.org/iso/19115/-3/gco/1.0';

const serializer = new XMLSerializer();

/** Writes `value` as the text of a property element's CharacterString/Anchor (an Anchor's link is the old record's: dropped). */
function setPropText(prop: Element, value: string): boolean {
  const holder = childElements(prop).find((k) => k.localName === 'CharacterString' || k.localName === 'Anchor');
  if (!holder) return false;
  if (holder.localName === 'Anchor') holder.removeAttributeNS(XLINK, 'href');
  holder.textContent = value;
  return true;
}

/** A new `<prefix:local>` in `ns`, reusing the prefix the document already binds to it. */
function element(doc: Document, context: Element, ns: string, local: string, fallbackPrefix: string): Element {
  const prefix = context.lookupPrefix(ns) ?? fallbackPrefix;
  const el = doc.createElementNS(ns, `${prefix}:${local}`);
  if (context.lookupPrefix(ns) === null) el.setAttribute(`xmlns:${prefix}`, ns);
  return el;
}

/** The metadata identifier element, created as the root's first child when the document has none. */
function writeIdentifier(doc: Document, root: Element, iso19139: boolean, id: string): void {
  const ns = iso19139 ? ISO19139_NS : ISO19115_3_NS;
  const existing = iso19139 ? first(root, 'fileIdentifier', ns) : first(root, 'metadataIdentifier/MD_Identifier/code', ns);
  if (existing && setPropText(existing, id)) return;
  if (existing) {
    // an empty or nil identifier: replace its content by a CharacterString
    while (existing.firstChild) existing.removeChild(existing.firstChild);
    existing.removeAttributeNS(iso19139 ? NS.gco : GCO_19115_3, 'nilReason');
    const cs = element(doc, root, iso19139 ? NS.gco : GCO_19115_3, 'CharacterString', 'gco');
    cs.textContent = id;
    existing.appendChild(cs);
    return;
  }
  const cs = element(doc, root, iso19139 ? NS.gco : GCO_19115_3, 'CharacterString', 'gco');
  cs.textContent = id;
  let top: Element;
  if (iso19139) {
    top = element(doc, root, NS.gmd, 'fileIdentifier', 'gmd');
    top.appendChild(cs);
  } else {
    const mdbNs = root.namespaceURI!;
    top = element(doc, root, mdbNs, 'metadataIdentifier', 'mdb');
    const ident = element(doc, root, MCC, 'MD_Identifier', 'mcc');
    const code = element(doc, root, MCC, 'code', 'mcc');
    code.appendChild(cs);
    ident.appendChild(code);
    top.appendChild(ident);
  }
  // both encodings put the metadata identifier first
  root.insertBefore(top, root.firstChild);
}

/** Every whole text and attribute value equal to the source's identifier becomes the copy's. */
function replaceEverywhere(el: Element, oldId: string, newId: string): void {
  for (let i = 0; i < el.attributes.length; i += 1) {
    const a = el.attributes.item(i);
    if (a && a.value === oldId) a.value = newId;
  }
  const kids = childElements(el);
  if (kids.length === 0) {
    if (el.textContent?.trim() === oldId) el.textContent = newId;
    return;
  }
  for (const k of kids) replaceEverywhere(k, oldId, newId);
}

/** The first identification's citation title; a document without one keeps none in the XML (the JSON has the copy's). */
function writeTitle(root: Element, iso19139: boolean, title: string): void {
  const ns = iso19139 ? ISO19139_NS : ISO19115_3_NS;
  const el = first(root, 'identificationInfo/*/citation/CI_Citation/title', ns);
  if (el) setPropText(el, title);
}

export interface CopiedIsoDocument {
  doc: MetadataDoc;
  document: IsoDocument;
}

/**
 * The copy's document and its JSON; undefined when the stored XML is not an ISO document this
 * importer reads any more (the caller falls back to the render of the JSON).
 */
export function copyIsoDocument(xml: string, ids: { fileIdentifier: string; title: string }): CopiedIsoDocument | undefined {
  try {
    const parsed = parseXmlSafely(xml);
    const root = parsed.documentElement;
    if (!root) return undefined;
    const iso19139 = root.namespaceURI === NS.gmd || root.namespaceURI === NS.gmi || root.namespaceURI === NS.gmi2;
    const ns = iso19139 ? ISO19139_NS : ISO19115_3_NS;
    const oldId = propText(first(root, 'fileIdentifier', ns) ?? first(root, 'metadataIdentifier/MD_Identifier/code', ns));
    if (oldId) replaceEverywhere(root, oldId, ids.fileIdentifier);
    writeIdentifier(parsed, root, iso19139, ids.fileIdentifier);
    writeTitle(root, iso19139, ids.title);
    const result = importMetadataXml(serializer.serializeToString(parsed));
    return result.document ? { doc: result.doc, document: result.document } : undefined;
  } catch {
    return undefined;
  }
}
