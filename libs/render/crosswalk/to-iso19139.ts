import type { LightDocument as Document, LightElement as Element } from '../../xml/light-dom';
import { ISO139_CLASSES } from './class-tables';
import { copyElement } from './copy';
import { GCO139, GML, XLINK, XSI, XMLNS_NS, isGmlNamespace, module3, ns139 } from './namespaces';
import { ordered } from './ordering';
import {
  COVERAGE_CLASSES, associatedResource, coupledResource, coverage, firstAddressClass, format, freeText, gcoValue, gcxValue,
  inFirstAddress, languageCode, qualityElement, valueText, withRequired,
} from './to-iso19139-classes';
import { localeProperties, metadataProperty } from './to-iso19139-metadata';
import { responsibilityProperty } from './to-iso19139-parties';
import { specialProperty } from './to-iso19139-props';
import { class139, firstNamed, isBlank, isIso3, kids, local, parentElement, prop139, renamed, xdmChildren } from './to-iso19139-source';
import type { Extra, Walker } from './to-iso19139-walker';
import { EMPTY_SCOPE, join, startTag, type Frag, type OutAttr, type Scope } from './xml-writer';
import { escText } from '../xml-escape';

/**
 * ISO 19115-3 (either namespace set) → ISO 19139, as xslt/crosswalk-iso19115-3-to-iso19139.xsl
 * wrote it, byte for byte, on the document's light DOM (xml/trusted-parse.ts): the stylesheet is the
 * specification, and each function here names the template it stands for. The root is
 * gmi:MI_Metadata when `root` is 'gmi' or the document has 19115-2 content ('auto').
 */
export type RootChoice = 'gmi' | 'auto';

const CODELISTS = 'http://standards.iso.org/iso/19139/resources/gmxCodelists.xml';
const RESPONSIBILITY = 'CI_Responsibility';
const KEEP = Symbol('keep');

class ToIso19139 implements Walker {
  constructor(readonly gmlNs: string) {}

  /** mode "attr" */
  attrs(e: Element): OutAttr[] {
    const out: OutAttr[] = [];
    const list = e.attributes;
    for (let i = 0; i < list.length; i++) {
      const a = list[i]!;
      const uri = a.namespaceURI ?? '';
      if (uri === XMLNS_NS) continue;
      const name = a.localName ?? a.name;
      if (uri === XSI && name === 'schemaLocation') continue;
      if (uri === XSI && name === 'type') {
        const t = this.xsiType(e, a.value);
        if (t === KEEP) out.push({ prefix: a.prefix ?? '', local: name, uri, value: a.value });
        else if (t !== undefined) out.push({ prefix: 'xsi', local: 'type', uri: XSI, value: t });
      } else if (module3(uri) === 'gco') out.push({ prefix: 'gco', local: name, uri: GCO139, value: a.value });
      else if (isGmlNamespace(uri)) out.push({ prefix: 'gml', local: name, uri: this.gmlNs, value: a.value });
      else if (uri === '' && name === 'codeList' && local(e) !== 'LanguageCode' && local(e) !== 'CountryCode') {
        out.push({ prefix: '', local: name, uri: '', value: `${CODELISTS}#${class139(e)}` });
      } else out.push({ prefix: a.prefix ?? '', local: name, uri, value: a.value });
    }
    return out;
  }

  /**
   * @xsi:type: KEEP for a type of no 19115-3 module (copied as it is), the 19139 type of a
   * 19115-3 one, undefined for a type 19139 does not have (left out)
   */
  private xsiType(e: Element, v: string): string | typeof KEEP | undefined {
    const colon = v.indexOf(':');
    if (colon < 0 || module3(e.lookupNamespaceURI(v.slice(0, colon)) ?? '') === '') return KEEP;
    const name = v.replace(/^.*:/, '');
    const cls = name.replace(/_(Property)?Type$/, '');
    const row = ISO139_CLASSES.get(renamed(cls));
    return row ? `${row.module}:${row.name}${name.slice(cls.length)}` : undefined;
  }

  /** mode "class" */
  cls(e: Element, scope: Scope, as?: string): Frag[] {
    const parent = parentElement(e);
    if (parent && local(parent) === 'report' && isIso3(parent)) return qualityElement(this, e, scope);
    const iso3 = isIso3(e);
    const name = local(e);
    if (iso3) {
      switch (name) {
        case 'SV_CoupledResource': return [coupledResource(this, e, scope)];
        case 'MD_MaintenanceInformation': return withRequired(this, e, scope, 'maintenanceAndUpdateFrequency', 'unknown');
        case 'CI_Citation': return withRequired(this, e, scope, 'date', 'missing');
        case 'MD_FeatureCatalogueDescription': return withRequired(this, e, scope, 'includedWithDataset', 'unknown');
        case 'LanguageCode': return [languageCode(this, e, scope)];
        default:
      }
    }
    if (inFirstAddress(e)) return firstAddressClass(this, e, scope);
    if (iso3) {
      if (COVERAGE_CLASSES.has(name)) return coverage(this, e, scope);
      switch (name) {
        case 'MD_Format': return [format(this, e, scope)];
        case 'MD_AssociatedResource': return [associatedResource(this, e, scope)];
        case 'PT_FreeText': return [freeText(this, e, scope)];
        default:
      }
      const m = module3(e.namespaceURI);
      if (m === 'gcx') return [gcxValue(this, e, scope)];
      if (m === 'gco') return [gcoValue(this, e, scope)];
    }
    return this.generic(e, scope, undefined, as);
  }

  /** the generic class template: renamed, in its 19139 module, properties in schema order */
  generic(e: Element, scope: Scope, extra?: Extra, as: string = class139(e)): Frag[] {
    if (!isIso3(e)) return [copyElement(e, scope, this.gmlNs)];
    return this.classElement(e, scope, as, extra);
  }

  /** `declared`: namespace bindings the element carries besides those it needs (the root's) */
  classElement(e: Element, scope: Scope, as: string, extra?: Extra, declared?: readonly (readonly [string, string])[]): Frag[] {
    const row = ISO139_CLASSES.get(as);
    if (!row) return []; // a class 19139 does not have: nothing (its property is left out with it)
    const tag = startTag(scope, row.module, as, ns139(row.module), this.attrs(e), declared);
    let body = '';
    for (const c of xdmChildren(e)) if (c.text !== undefined && !isBlank(c.text)) body += escText(valueText(e, c.text));
    const props: Frag[] = [];
    for (const k of kids(e)) props.push(...this.prop(k, tag.scope));
    if (extra) props.push(...extra(tag.scope));
    body += join(ordered(row, props));
    return [{ local: as, xml: body ? `${tag.open}>${body}</${tag.name}>` : `${tag.open}/>` }];
  }

  /** mode "prop" */
  prop(e: Element, scope: Scope): Frag[] {
    const parent = parentElement(e);
    const parentName = parent ? local(parent) : '';
    if (parent && parentName === 'MD_Metadata') {
      const done = metadataProperty(this, e, scope, parent);
      if (done) return done;
    }
    if ((parentName === 'MD_DataIdentification' || parentName === 'SV_ServiceIdentification') && (local(e) === 'defaultLocale' || local(e) === 'otherLocale')) {
      return localeProperties(this, e, scope);
    }
    const special = specialProperty(this, e, scope, parentName);
    if (special) return special;
    return this.propNext(e, scope);
  }

  propNext(e: Element, scope: Scope): Frag[] {
    if (firstNamed(e, RESPONSIBILITY)) return responsibilityProperty(this, e, scope);
    // extensions inside ISO classes: kept as they are
    if (!isIso3(e)) return [copyElement(e, scope, this.gmlNs)];
    const n = prop139(e);
    const parent = parentElement(e);
    const m = parent ? ISO139_CLASSES.get(class139(parent))?.propModule.get(n) : undefined;
    return m === undefined ? [] : this.propOf(e, scope, m, n);
  }

  /** mode "prop-of": left out when its value is a class 19139 does not have */
  propOf(e: Element, scope: Scope, m = 'gmd', n: string = prop139(e)): Frag[] {
    const tag = startTag(scope, m, n, ns139(m), this.attrs(e));
    const values = kids(e);
    let body = '';
    let made = false;
    for (const k of values) {
      const v = this.cls(k, tag.scope);
      if (v.length) made = true;
      body += join(v);
    }
    if (!made && values.length) return [];
    return [{ local: n, xml: body ? `${tag.open}>${body}</${tag.name}>` : `${tag.open}/>` }];
  }
}

/** the root template: 19115-2 content (acquisition, MI_/LE_/QE_ classes) makes it gmi:MI_Metadata */
function has19115p2Content(e: Element): boolean {
  if (module3(e.namespaceURI) === 'mac') return true;
  const n = local(e);
  if ((n.startsWith('MI_') || n.startsWith('LE_') || n.startsWith('QE_')) && isIso3(e)) return true;
  for (const k of kids(e)) if (has19115p2Content(k)) return true;
  return false;
}

/**
 * The 19139 text of a 19115-3 document (no XML declaration, like every render). `gmlNs`: the gml
 * namespace of the output (GML 3.1 unless told otherwise, as the stylesheet's $gml-ns).
 */
export function toIso19139(doc: Document, root: RootChoice = 'auto', gmlNs: string = GML): string {
  const top = doc.documentElement;
  if (!top) throw new Error('dokumen tanpa elemen akar');
  const gmi = root === 'gmi' || has19115p2Content(top);
  const w = new ToIso19139(gmlNs);
  const declared: [string, string][] = ['gmd', 'gco', 'gmx', 'srv', 'gts', ...(gmi ? ['gmi'] : [])].map((m) => [m, ns139(m)]);
  declared.push(['gml', gmlNs], ['xlink', XLINK]);
  // the stylesheet builds the root's element, then writes it again with these declarations
  const out = isIso3(top) ? w.classElement(top, EMPTY_SCOPE, gmi ? 'MI_Metadata' : 'MD_Metadata', undefined, declared) : [copyElement(top, EMPTY_SCOPE, gmlNs, declared)];
  if (!out.length) throw new Error(`${local(top)} tidak punya padanan di ISO 19139`);
  return out[0]!.xml;
}

