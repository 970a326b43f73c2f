import type { LightDocument as Document, LightElement as Element } from '../../xml/light-dom';
import { ISO3_CLASSES } from './class-tables';
import { copyElement, sourceAttributes } from './copy';
import { childElements, is, localName, normalizeSpace, parentElement, stringValue, textNodes } from './dom';
import {
  GCO139, GMD, GML32, GMX, GTS, ISO3_MODULES, SRV139, XSI, isGmlNamespace, isIso139Namespace, ns3,
} from './namespaces';
import { ordered } from './ordering';
import { CLASS_RENAMES, class3, prop3 } from './to-iso19115-3-names';
import { classTemplate, propTemplate } from './to-iso19115-3-templates';
import { CODELISTS, all, type Extra, type Walk } from './to-iso19115-3-walk';
import { EMPTY_SCOPE, element, startTag, type Frag, type OutAttr, type Scope } from './xml-writer';
import { escText } from '../xml-escape';

/**
 * ISO 19139 (gmd/srv, with 19115-2 gmi content in either namespace) → ISO 19115-3, 2018 set: what
 * xslt/crosswalk-iso19139-to-iso19115-3.xsl did, on the document's light DOM (xml/trusted-parse.ts), written
 * as text directly. The class / property walk and the generic templates are here; the templates
 * for structures ISO 19115-1 changed are in to-iso19115-3-templates.ts (and the files it uses).
 * The 2016 set is this output with the root's declarations moved (mdb2016.ts).
 */

const GCO3 = ns3('gco');
const GCX3 = ns3('gcx');

// ------------------------------------------------------------------ attributes (mode "attr")

function attrs(el: Element): OutAttr[] {
  const out: OutAttr[] = [];
  for (const a of sourceAttributes(el)) {
    if (isGmlNamespace(a.uri)) out.push({ prefix: 'gml', local: a.local, uri: GML32, value: a.value });
    else if (a.uri === '' && a.local === 'codeList') {
      const l = localName(el);
      // code lists: the ISO 19115-3 register (languages and countries keep theirs)
      out.push(l === 'LanguageCode' || l === 'Country' ? a : { ...a, value: `${CODELISTS}#${class3(el)}` });
    } else if (a.uri === XSI && a.local === 'schemaLocation') continue;
    else if (a.uri === XSI && a.local === 'type') {
      const t = xsiType(el, a);
      if (t) out.push(t);
    } else if (a.uri === GCO139) out.push({ prefix: 'gco', local: a.local, uri: GCO3, value: a.value });
    else out.push(a);
  }
  return out;
}

/** xsi:type naming a 19139 type: the 19115-3 type of the same (renamed) class, or none when 19115-3 has no such type. */
function xsiType(el: Element, a: OutAttr): OutAttr | undefined {
  const v = a.value;
  const colon = v.indexOf(':');
  if (colon < 0 || !isIso139Namespace(el.lookupNamespaceURI(v.slice(0, colon)))) return a;
  const local = v.slice(v.lastIndexOf(':') + 1);
  const cls = local.replace(/_(Property)?Type$/, '');
  const row = ISO3_CLASSES.get(CLASS_RENAMES.get(cls) ?? cls);
  if (!row) return undefined;
  const at = cls ? local.indexOf(cls) : 0;
  return { prefix: 'xsi', local: 'type', uri: XSI, value: `${row.module}:${row.name}${local.slice(at + cls.length)}` };
}

// ------------------------------------------------------------------ values (mode "value")

/** Non-blank text of a class element: copied (mode value; 19115:2003's "center" is "centre" in 19115-1). */
function classText(el: Element): string {
  let s = '';
  const pixel = is(el, GMD, 'MD_PixelOrientationCode');
  for (const t of textNodes(el)) {
    const norm = normalizeSpace(t);
    if (!norm) continue;
    s += pixel && norm === 'center' ? 'centre' : escText(t);
  }
  return s;
}

/** node() in mode value: text copied, elements in class mode, comments and processing instructions dropped. */
function valueContent(el: Element, scope: Scope): string {
  let s = '';
  let run: string | undefined;
  for (let n = el.firstChild; n; n = n.nextSibling) {
    if (n.nodeType === 3 || n.nodeType === 4) {
      run = (run ?? '') + (n as unknown as { data: string }).data;
      continue;
    }
    if (run !== undefined) {
      s += valueText(el, run);
      run = undefined;
    }
    if (n.nodeType === 1) s += all(cls(n as Element, scope));
  }
  if (run !== undefined) s += valueText(el, run);
  return s;
}
const valueText = (parent: Element, t: string): string =>
  is(parent, GMD, 'MD_PixelOrientationCode') && normalizeSpace(t) === 'center' ? 'centre' : escText(t);

/** gco values: same names, 19115-3 gco namespace */
function gcoValue(el: Element, scope: Scope): Frag {
  return element(scope, 'gco', localName(el), GCO3, attrs(el), (inner) => valueContent(el, inner));
}

// ------------------------------------------------------------------ classes (mode "class")

/**
 * The generic class template: renamed, put in its module, attributes, its own text, then its
 * properties (and `extra`) in schema order. Not a 19139 class: copied. `rootNs`: the root's
 * declarations of every module.
 */
function genericClass(el: Element, scope: Scope, extra?: Extra, rootNs?: readonly (readonly [string, string])[]): Frag {
  const as = class3(el);
  const row = ISO3_CLASSES.get(as);
  if (!row || !isIso139Namespace(el.namespaceURI)) return copyElement(el, scope, GML32, rootNs);
  const tag = startTag(scope, row.module, as, ns3(row.module), attrs(el), rootNs);
  const kids: Frag[] = [];
  for (const c of childElements(el)) for (const f of prop(c, tag.scope)) kids.push(f);
  if (extra) for (const f of extra(tag.scope)) kids.push(f);
  const body = classText(el) + all(ordered(row, kids));
  return { local: as, xml: body ? `${tag.open}>${body}</${tag.name}>` : `${tag.open}/>` };
}

/** A class that a template of its own (not the generic one) writes. */
function isSpecialClass(el: Element): boolean {
  const ns = el.namespaceURI;
  const local = localName(el);
  return (ns === GTS && local === 'TM_PeriodDuration') || (ns === GMX && (local === 'Anchor' || local === 'FileName' || local === 'MimeFileType'))
    || (ns === GMD && local === 'URL') || ns === GCO139;
}

function cls(el: Element, scope: Scope, extra?: Extra): Frag[] {
  const special = classTemplate(walk, el, scope, extra, genericClass);
  if (special) return special;
  const ns = el.namespaceURI;
  const local = localName(el);
  if (ns === GTS && local === 'TM_PeriodDuration') return [element(scope, 'gco', 'TM_PeriodDuration', GCO3, [], () => escText(stringValue(el)))];
  if (ns === GMX && (local === 'Anchor' || local === 'FileName' || local === 'MimeFileType')) {
    return [element(scope, 'gcx', local, GCX3, attrs(el), () => escText(stringValue(el)))];
  }
  // 19115-1 linkages are character strings
  if (ns === GMD && local === 'URL') return [element(scope, 'gco', 'CharacterString', GCO3, [], () => escText(stringValue(el)))];
  if (ns === GCO139) return [gcoValue(el, scope)];
  return [genericClass(el, scope, extra)];
}

// ------------------------------------------------------------------ properties (modes "prop", "prop-of")

function prop(el: Element, scope: Scope): Frag[] {
  const special = propTemplate(walk, el, scope);
  if (special) return special;
  if (!isIso139Namespace(el.namespaceURI)) return [copyElement(el, scope, GML32)];
  if (el.namespaceURI === GCO139) return [gcoValue(el, scope)];
  const parent = parentElement(el);
  const row = parent ? ISO3_CLASSES.get(class3(parent)) : undefined;
  if (!row) return [copyElement(el, scope, GML32)];
  const n = prop3(el);
  return [propOf(el, scope, row.propModule.get(n) ?? row.module, n)];
}

function propOf(el: Element, scope: Scope, m: string, n: string = prop3(el)): Frag {
  return element(scope, m, n, ns3(m), attrs(el), (inner) => {
    let s = '';
    for (const c of childElements(el)) s += all(cls(c, inner));
    return s;
  });
}

// ------------------------------------------------------------------ languages (mode "language")

function language(el: Element, scope: Scope): Frag[] {
  if (el.namespaceURI === GCO139 && localName(el) === 'CharacterString') {
    // a language written as text becomes a code (19115-1 has no free-text language)
    const value = stringValue(el);
    return [element(scope, 'lan', 'LanguageCode', ns3('lan'), [
      { prefix: '', local: 'codeList', uri: '', value: 'http://www.loc.gov/standards/iso639-2/' },
      { prefix: '', local: 'codeListValue', uri: '', value: normalizeSpace(value) },
    ], () => escText(value))];
  }
  return cls(el, scope);
}

const walk: Walk = { cls, prop, propOf, attrs, language };

/** Every module declared once on the root, so that no descendant redeclares one. */
const ROOT_NAMESPACES: readonly (readonly [string, string])[] = ISO3_MODULES.filter((m) => m !== 'gmw').map((m) => [m, ns3(m)] as const);

/**
 * The 19115-3 (2018 set) text of a 19139 / 19115-2 document. The root is a metadata class (or,
 * in no 19139 namespace, copied); a root that one of the structural templates would take (a
 * format, a responsible party …) is not a metadata document and is refused.
 */
export function iso19139ToIso19115p3(doc: Document): string {
  const root = doc.documentElement;
  if (!root) throw new Error('Dokumen tanpa elemen akar');
  if (classTemplate(walk, root, EMPTY_SCOPE, undefined, genericClass) || isSpecialClass(root)) {
    throw new Error(`Elemen akar ${root.nodeName} bukan rekaman metadata`);
  }
  return genericClass(root, EMPTY_SCOPE, undefined, ROOT_NAMESPACES).xml;
}
