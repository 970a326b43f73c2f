import type { SaxonNode } from 'saxon-js';
import { NS, mdbNamespaces } from './xml-namespaces';
import { escAttr, escText } from './xml-escape';

/**
 * The brief and summary element sets (ISO AP / CSW ElementSetName) of the two ISO forms,
 * cut from the full form's tree. They are projections inside one schema, not crosswalks:
 * every kept branch is the full form's branch as it is, so they are written by copying those
 * branches of the tree already built for the full form. In SaxonJS the same projections
 * (formerly gmd-to-gmd-brief.xsl and friends) cost ~1 ms each, a quarter of a record's render
 * time; here they cost a few hundredths of that.
 *
 * The bytes are those SaxonJS's XML serializer wrote for the stylesheets: the root declares
 * every namespace of the full form's root, sorted by prefix, and nothing below it does; text
 * escapes & < > and writes control characters and U+2028 as character references (tab and
 * line feed stay as they are in text); attribute values also escape " (as &#34;), tab and
 * line feed. test/unit/render-element-sets.test.ts keeps the retired stylesheets as the
 * reference and checks that both give the same text over many generated records.
 */

/* SaxonJS's DOM (see gmd-tree.ts): only what reading and copying needs. */
interface DomNode {
  nodeType: number;
  nextSibling: DomNode | null;
}
interface DomAttr {
  name: string;
  prefix?: string | null;
  localName: string;
  namespaceURI: string | null;
  value: string;
}
interface DomElement extends DomNode {
  nodeName: string;
  localName: string;
  namespaceURI: string | null;
  firstChild: DomNode | null;
  attributes: { length: number; item(i: number): DomAttr };
}
interface DomText extends DomNode { data: string }

const ELEMENT = 1;
const TEXT = 3;
const CDATA = 4;
const XMLNS = 'http://www.w3.org/2000/xmlns/';

const isDeclaration = (a: DomAttr): boolean => a.namespaceURI === XMLNS || a.name === 'xmlns';

function attributesOf(el: DomElement): string {
  let s = '';
  const attrs = el.attributes;
  for (let i = 0; i < attrs.length; i++) {
    const a = attrs.item(i);
    if (!isDeclaration(a)) s += ` ${a.name}="${escAttr(a.value)}"`;
  }
  return s;
}

/** xsl:copy-of with copy-namespaces="no", under a root that declares every prefix used. */
function copyOf(out: string[], node: DomNode): void {
  // xmldom and the light DOM keep a CDATA section as a node of its own where SaxonJS's parser
  // merges it into the text: both are written as escaped text, so the bytes are the same either way
  if (node.nodeType === TEXT || node.nodeType === CDATA) {
    out.push(escText((node as DomText).data));
    return;
  }
  if (node.nodeType !== ELEMENT) return; // the full forms hold no comments or processing instructions
  const el = node as DomElement;
  const start = `<${el.nodeName}${attributesOf(el)}`;
  if (!el.firstChild) {
    out.push(start, '/>');
    return;
  }
  out.push(start, '>');
  for (let c: DomNode | null = el.firstChild; c; c = c.nextSibling) copyOf(out, c);
  out.push('</', el.nodeName, '>');
}

type Name = readonly [ns: string, local: string];

const is = (n: DomNode, [ns, local]: Name): n is DomElement =>
  n.nodeType === ELEMENT && (n as DomElement).localName === local && (n as DomElement).namespaceURI === ns;

function childElements(el: DomElement, name?: Name): DomElement[] {
  const out: DomElement[] = [];
  for (let c = el.firstChild; c; c = c.nextSibling) {
    if (c.nodeType === ELEMENT && (!name || is(c, name))) out.push(c as DomElement);
  }
  return out;
}

/** `copy-of select="a, b, c"`: every a, then every b, … (the order of the list, not of the document) */
function copyEach(out: string[], el: DomElement, names: readonly Name[]): void {
  for (const name of names) for (const c of childElements(el, name)) copyOf(out, c);
}

/** An element holding what `body` writes: `<x/>` when it writes nothing, as a serializer does. */
function wrap(out: string[], qname: string, attributes: string, body: () => void): void {
  const at = out.length;
  out.push(`<${qname}${attributes}>`);
  const contentFrom = out.length;
  body();
  if (out.length === contentFrom) out[at] = `<${qname}${attributes}/>`;
  else out.push(`</${qname}>`);
}

/** A mandatory property outside the element set: nil, keeping the full form's nil reason if it had one. */
function withheld(out: string[], el: DomElement, gco: string): void {
  let reason = 'withheld';
  for (let i = 0; i < el.attributes.length; i++) {
    const a = el.attributes.item(i);
    if (a.localName === 'nilReason' && a.namespaceURI === gco) reason = a.value;
  }
  out.push(`<${el.nodeName} gco:nilReason="${escAttr(reason)}"/>`);
}

/**
 * Namespace declarations below the root, first binding of each prefix: the catalogue's own
 * renders declare everything on the root, a stored document (issue 19) may declare a prefix
 * on the element that first uses it, and copyOf writes no declarations.
 */
function descendantDeclarations(el: DomElement, into: Map<string, string>): void {
  for (let c = el.firstChild; c; c = c.nextSibling) {
    if (c.nodeType !== ELEMENT) continue;
    const e = c as DomElement;
    for (let i = 0; i < e.attributes.length; i++) {
      const a = e.attributes.item(i);
      const prefix = a.name === 'xmlns' ? '' : a.namespaceURI === XMLNS ? a.localName : undefined;
      if (prefix !== undefined && !into.has(prefix)) into.set(prefix, a.value);
    }
    descendantDeclarations(e, into);
  }
}

/**
 * The root: the full form's root name with all its namespace declarations, sorted by prefix;
 * the prefixes the element sets write themselves (`literal`) are declared when the document
 * bound them to nothing.
 */
function root(out: string[], el: DomElement, body: () => void, literal: Readonly<Record<string, string>> = {}): string {
  const bound = new Map<string, string>();
  for (let i = 0; i < el.attributes.length; i++) {
    const a = el.attributes.item(i);
    if (a.name === 'xmlns') bound.set('', a.value);
    else if (a.namespaceURI === XMLNS) bound.set(a.localName, a.value);
  }
  descendantDeclarations(el, bound);
  for (const [p, uri] of Object.entries(literal)) if (!bound.has(p)) bound.set(p, uri);
  const declarations = [...bound];
  declarations.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const attrs = declarations.map(([p, uri]) => ` ${p ? `xmlns:${p}` : 'xmlns'}="${escAttr(uri)}"`).join('');
  wrap(out, el.nodeName, attrs, body);
  return out.join('');
}

function documentElement(doc: SaxonNode, ...names: Name[]): DomElement {
  for (let c = (doc as unknown as DomElement).firstChild; c; c = c.nextSibling) if (names.some((n) => is(c, n))) return c as DomElement;
  throw new Error(`dokumen sumber tidak berakar ${names.map((n) => n[1]).join(' / ')}`);
}

/** Each identification section, shallow-copied with its attributes, holding what `body` writes. */
function identifications(out: string[], md: DomElement, section: Name, body: (id: DomElement) => void): void {
  for (const info of childElements(md, section)) {
    // a new element (the stylesheets' literal result element): the section's own attributes are not kept
    wrap(out, info.nodeName, '', () => {
      for (const id of childElements(info)) wrap(out, id.nodeName, attributesOf(id), () => body(id));
    });
  }
}

/** Children of `el` with any of `names`, in document order (an XPath union or `except`). */
function childrenIn(el: DomElement, names: readonly Name[], keep: boolean): DomElement[] {
  return childElements(el).filter((c) => names.some((n) => is(c, n)) === keep);
}

// ---- ISO 19139 (gmd) ----

const gmd = (local: string): Name => [NS.gmd, local];
const srv = (local: string): Name => [NS.srv, local];
/** a stored ISO 19115-2 document (issue 19): gmi:MI_Metadata extends gmd:MD_Metadata, its gmd children are the same */
const GMI_ROOTS: Name[] = [['http://www.isotc211.org/2005/gmi', 'MI_Metadata'], ['http://standards.iso.org/iso/19115/-2/gmi/1.0', 'MI_Metadata']];
const GMD_LITERAL = { gmd: NS.gmd, gco: NS.gco };
const GMD_SUMMARY_HEAD = ['fileIdentifier', 'language', 'characterSet', 'hierarchyLevel', 'hierarchyLevelName', 'contact',
  'dateStamp', 'metadataStandardName', 'metadataStandardVersion', 'referenceSystemInfo'].map(gmd);
const GMD_SUMMARY_DROPPED = ['purpose', 'status', 'resourceMaintenance', 'resourceConstraints', 'aggregationInfo'].map(gmd);

/** ISO AP summary: the full record without purpose, status, maintenance, constraints, aggregation and data-quality reports. */
export function gmdSummary(doc: SaxonNode): string {
  const out: string[] = [];
  const md = documentElement(doc, gmd('MD_Metadata'), ...GMI_ROOTS);
  return root(out, md, () => {
    copyEach(out, md, GMD_SUMMARY_HEAD);
    identifications(out, md, gmd('identificationInfo'), (id) => {
      for (const c of childrenIn(id, GMD_SUMMARY_DROPPED, false)) copyOf(out, c);
    });
    copyEach(out, md, [gmd('distributionInfo')]);
    for (const info of childElements(md, gmd('dataQualityInfo'))) {
      for (const dq of childElements(info, gmd('DQ_DataQuality'))) {
        if (childElements(dq, gmd('lineage')).length === 0) continue;
        out.push('<gmd:dataQualityInfo>');
        wrap(out, 'gmd:DQ_DataQuality', '', () => copyEach(out, dq, [gmd('scope'), gmd('lineage')]));
        out.push('</gmd:dataQualityInfo>');
      }
    }
  }, GMD_LITERAL);
}

/**
 * ISO AP brief: identifier, type, title, dates, graphic overview, bounding box; the properties
 * ISO 19139 makes mandatory stay, contact and abstract as gco:nilReason="withheld".
 */
export function gmdBrief(doc: SaxonNode): string {
  const out: string[] = [];
  const md = documentElement(doc, gmd('MD_Metadata'), ...GMI_ROOTS);
  return root(out, md, () => {
    copyEach(out, md, [gmd('fileIdentifier'), gmd('hierarchyLevel')]);
    const contact = childElements(md, gmd('contact'))[0];
    if (contact) withheld(out, contact, NS.gco);
    copyEach(out, md, [gmd('dateStamp')]);
    identifications(out, md, gmd('identificationInfo'), (id) => {
      out.push('<gmd:citation>');
      wrap(out, 'gmd:CI_Citation', '', () => {
        for (const cit of childElements(id, gmd('citation'))) {
          for (const ci of childElements(cit, gmd('CI_Citation'))) childrenIn(ci, [gmd('title'), gmd('date')], true).forEach((c) => copyOf(out, c));
        }
      });
      out.push('</gmd:citation>');
      for (const a of childElements(id, gmd('abstract'))) withheld(out, a, NS.gco);
      copyEach(out, id, [gmd('graphicOverview'), gmd('language')]);
      if (id.namespaceURI !== NS.srv || id.localName !== 'SV_ServiceIdentification') {
        boundingBoxes(out, id, gmd('extent'), gmd('EX_Extent'), gmd('geographicElement'), gmd('EX_GeographicBoundingBox'), 'gmd:extent', 'gmd:EX_Extent');
        return;
      }
      // a service: its type, its extent's boxes, and the properties the srv schema makes mandatory, withheld
      copyEach(out, id, [srv('serviceType'), srv('serviceTypeVersion')]);
      boundingBoxes(out, id, srv('extent'), gmd('EX_Extent'), gmd('geographicElement'), gmd('EX_GeographicBoundingBox'), id.nodeName.replace(/SV_ServiceIdentification$/, 'extent'), 'gmd:EX_Extent');
      for (const c of childElements(id, srv('couplingType'))) withheld(out, c, NS.gco);
      const ops = childElements(id, srv('containsOperations'))[0];
      if (ops) withheld(out, ops, NS.gco);
    });
  }, GMD_LITERAL);
}

/** `for-each extent/EX_Extent[geographicElement/EX_GeographicBoundingBox]`: each extent reduced to its bounding boxes. */
function boundingBoxes(out: string[], id: DomElement, extent: Name, exExtent: Name, element: Name, bbox: Name, extentQ: string, exExtentQ: string): void {
  for (const e of childElements(id, extent)) {
    for (const ex of childElements(e, exExtent)) {
      const boxes = childElements(ex, element).filter((g) => childElements(g, bbox).length > 0);
      if (boxes.length === 0) continue;
      out.push(`<${extentQ}><${exExtentQ}>`);
      for (const g of boxes) copyOf(out, g);
      out.push(`</${exExtentQ}></${extentQ}>`);
    }
  }
}

// ---- ISO 19115-3, 2018 namespace set ----

const M = mdbNamespaces(2018);
const mdb = (local: string): Name => [M.mdb as string, local];
const mri = (local: string): Name => [M.mri as string, local];
const cit = (local: string): Name => [M.cit as string, local];
const gex = (local: string): Name => [M.gex as string, local];
const MDB_LITERAL = { mdb: M.mdb as string, mri: M.mri as string, cit: M.cit as string, gex: M.gex as string, gco: M.gco as string };
const MDB_SUMMARY_HEAD = ['metadataIdentifier', 'defaultLocale', 'metadataScope', 'contact', 'dateInfo', 'metadataStandard', 'referenceSystemInfo'].map(mdb);
const MDB_SUMMARY_DROPPED = ['purpose', 'status', 'resourceMaintenance', 'resourceConstraints', 'associatedResource'].map(mri);

/** The counterpart of gmdSummary: without purpose, status, maintenance, constraints, associated resources and data quality. */
export function mdbSummary(doc: SaxonNode): string {
  const out: string[] = [];
  const md = documentElement(doc, mdb('MD_Metadata'));
  return root(out, md, () => {
    copyEach(out, md, MDB_SUMMARY_HEAD);
    identifications(out, md, mdb('identificationInfo'), (id) => {
      for (const c of childrenIn(id, MDB_SUMMARY_DROPPED, false)) copyOf(out, c);
    });
    copyEach(out, md, [mdb('distributionInfo'), mdb('resourceLineage')]);
  }, MDB_LITERAL);
}

/** The counterpart of gmdBrief (and the service type a service identification requires). */
export function mdbBrief(doc: SaxonNode): string {
  const out: string[] = [];
  const md = documentElement(doc, mdb('MD_Metadata'));
  return root(out, md, () => {
    copyEach(out, md, [mdb('metadataIdentifier'), mdb('metadataScope')]);
    const contact = childElements(md, mdb('contact'))[0];
    if (contact) withheld(out, contact, M.gco as string);
    copyEach(out, md, [mdb('dateInfo')]);
    identifications(out, md, mdb('identificationInfo'), (id) => {
      out.push('<mri:citation>');
      wrap(out, 'cit:CI_Citation', '', () => {
        for (const c of childElements(id, mri('citation'))) {
          for (const ci of childElements(c, cit('CI_Citation'))) childrenIn(ci, [cit('title'), cit('date')], true).forEach((x) => copyOf(out, x));
        }
      });
      out.push('</mri:citation>');
      for (const a of childElements(id, mri('abstract'))) withheld(out, a, M.gco as string);
      boundingBoxes(out, id, mri('extent'), gex('EX_Extent'), gex('geographicElement'), gex('EX_GeographicBoundingBox'), 'mri:extent', 'gex:EX_Extent');
      copyEach(out, id, [mri('graphicOverview'), mri('defaultLocale'), [M.srv as string, 'serviceType']]);
    });
  }, MDB_LITERAL);
}
