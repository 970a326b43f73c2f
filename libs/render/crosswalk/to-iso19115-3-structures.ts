import type { LightElement as Element } from '../../xml/light-dom';
import { children, childElements, localName, normalizeSpace, parentElement, precedingCount, stringValue } from './dom';
import { ISO3_CLASSES } from './class-tables';
import { copyElement } from './copy';
import { GCO139, GMD, GML32, SRV139, ns3 } from './namespaces';
import { ciDate } from './to-iso19115-3-metadata';
import { class3 } from './to-iso19115-3-names';
import { all, code3, el3, nil3, text3, type Extra, type Walk } from './to-iso19115-3-walk';
import { element, textElement, type Frag, type OutAttr, type Scope } from './xml-writer';

/**
 * The 19139 → 19115-3 templates for the structures ISO 19115-1 changed: responsible parties,
 * formats, aggregations, data quality elements, coverage attribute groups, acquisition scopes,
 * free text, telephones, media, maintenance, lineage steps and sources, services, application
 * schema files, feature catalogue types.
 */

const gmd = (el: Element, local: string): Element[] => children(el, GMD, local);
const propsOf = (w: Walk, els: readonly Element[], scope: Scope, m: string, n?: string): string =>
  all(els.map((e) => w.propOf(e, scope, m, n)));
const propsIn = (w: Walk, els: readonly Element[], scope: Scope): string => all(els.flatMap((e) => w.prop(e, scope)));
const classes = (w: Walk, els: readonly Element[], scope: Scope, extra?: Extra): string => all(els.flatMap((e) => w.cls(e, scope, extra)));

/** CI_ResponsibleParty → CI_Responsibility: the party is the organisation (with the individual inside it) or the individual */
export function responsibility(w: Walk, el: Element, scope: Scope): Frag {
  const org = gmd(el, 'organisationName');
  const ind = gmd(el, 'individualName');
  const pos = gmd(el, 'positionName');
  const contact = gmd(el, 'contactInfo');
  return el3(scope, 'cit', 'CI_Responsibility', (s) => {
    let body = propsIn(w, gmd(el, 'role'), s);
    if (org.length || ind.length || pos.length || contact.length) {
      body += el3(s, 'cit', 'party', (s2) => {
        const contacts = (s3: Scope): string => propsOf(w, contact, s3, 'cit');
        if (org.length) {
          return el3(s2, 'cit', 'CI_Organisation', (s3) => propsOf(w, org, s3, 'cit', 'name') + contacts(s3)
            + (ind.length || pos.length
              ? el3(s3, 'cit', 'individual', (s4) => el3(s4, 'cit', 'CI_Individual', (s5) => propsOf(w, ind, s5, 'cit', 'name') + propsOf(w, pos, s5, 'cit')).xml).xml
              : '')).xml;
        }
        return el3(s2, 'cit', 'CI_Individual', (s3) => propsOf(w, ind, s3, 'cit', 'name') + contacts(s3) + propsOf(w, pos, s3, 'cit')).xml;
      }).xml;
    } else {
      body += nil3(s, 'cit', 'party', 'missing').xml;
    }
    return body;
  }, w.attrs(el));
}

/** MD_Format: name and version become the format specification's citation */
export function format(w: Walk, el: Element, scope: Scope): Frag {
  return el3(scope, 'mrd', 'MD_Format', (s) => el3(s, 'mrd', 'formatSpecificationCitation', (s2) => el3(s2, 'cit', 'CI_Citation', (s3) => {
    const names = gmd(el, 'name');
    return propsOf(w, names, s3, 'cit', 'title') + (names.length ? '' : nil3(s3, 'cit', 'title', 'missing').xml)
      + propsOf(w, gmd(el, 'specification'), s3, 'cit', 'alternateTitle') + propsOf(w, gmd(el, 'version'), s3, 'cit', 'edition');
  }).xml).xml
    + propsIn(w, [...gmd(el, 'amendmentNumber'), ...gmd(el, 'fileDecompressionTechnique'), ...gmd(el, 'formatDistributor')], s), w.attrs(el));
}

/** MD_AggregateInformation → MD_AssociatedResource; the aggregate's identifier joins its citation */
export function associatedResource(w: Walk, el: Element, scope: Scope): Frag {
  const idEls = gmd(el, 'aggregateDataSetIdentifier');
  const ids: Extra = (s) => idEls.map((i) => w.propOf(i, s, 'cit', 'identifier'));
  const names = gmd(el, 'aggregateDataSetName');
  const nameValues = names.flatMap((n) => childElements(n));
  return el3(scope, 'mri', 'MD_AssociatedResource', (s) => {
    let body = '';
    if (nameValues.length) {
      body += el3(s, 'mri', 'name', (s2) => classes(w, nameValues, s2, ids), names.flatMap((n) => w.attrs(n))).xml;
    } else if (idEls.length) {
      body += el3(s, 'mri', 'name', (s2) => el3(s2, 'cit', 'CI_Citation', (s3) => nil3(s3, 'cit', 'title', 'unknown').xml + all(ids(s3))).xml).xml;
    } else if (names.length) {
      body += propsOf(w, names, s, 'mri', 'name');
    }
    return body + propsIn(w, [...gmd(el, 'associationType'), ...gmd(el, 'initiativeType')], s);
  }, w.attrs(el));
}

/** a data quality element: 19157 groups the measure and the evaluation method */
export function qualityElement(w: Walk, el: Element, scope: Scope): Frag {
  const as = class3(el);
  if (!ISO3_CLASSES.has(as)) return copyElement(el, scope, GML32);
  const measure = [...gmd(el, 'measureIdentification'), ...gmd(el, 'nameOfMeasure'), ...gmd(el, 'measureDescription')];
  const method = [...gmd(el, 'dateTime'), ...gmd(el, 'evaluationMethodDescription'), ...gmd(el, 'evaluationProcedure'), ...gmd(el, 'evaluationMethodType')];
  return el3(scope, 'mdq', as, (s) =>
    (measure.length ? el3(s, 'mdq', 'measure', (s2) => el3(s2, 'mdq', 'DQ_MeasureReference', (s3) => propsOf(w, measure, s3, 'mdq')).xml).xml : '')
    + (method.length ? el3(s, 'mdq', 'evaluationMethod', (s2) => el3(s2, 'mdq', 'DQ_EvaluationMethod', (s3) => propsOf(w, method, s3, 'mdq')).xml).xml : '')
    + propsOf(w, gmd(el, 'result'), s, 'mdq'), w.attrs(el));
}

/** coverage descriptions: content type and bands become an attribute group */
export function coverageExtra(w: Walk, el: Element): Extra {
  return (scope) => {
    const types = gmd(el, 'contentType');
    const dims = gmd(el, 'dimension');
    if (!types.length && !dims.length) return [];
    return [el3(scope, 'mrc', 'attributeGroup', (s) => el3(s, 'mrc', 'MD_AttributeGroup', (s2) => propsOf(w, types, s2, 'mrc')
      + (types.length ? '' : nil3(s2, 'mrc', 'contentType', 'unknown').xml) + propsOf(w, dims, s2, 'mrc', 'attribute')).xml)];
  };
}

/** 19115-1 acquisition information has a scope (19115-2's has none) */
export const acquisitionExtra: Extra = (scope) => [nil3(scope, 'mac', 'scope', 'unknown')];

/** PT_FreeText */
export function freeText(w: Walk, el: Element, scope: Scope): Frag {
  return el3(scope, 'lan', 'PT_FreeText', (s) => all(gmd(el, 'textGroup').map((g) => el3(s, 'lan', 'textGroup', (s2) =>
    all(gmd(g, 'LocalisedCharacterString').map((l) => text3(s2, 'lan', 'LocalisedCharacterString', stringValue(l), w.attrs(l)))), w.attrs(g)))), w.attrs(el));
}

/** a feature catalogue's feature types: names of feature type infos */
export function featureTypes(w: Walk, el: Element, scope: Scope): Frag {
  return el3(scope, 'mrc', 'featureTypes', (s) => el3(s, 'mrc', 'MD_FeatureTypeInfo', (s2) =>
    el3(s2, 'mrc', 'featureTypeName', (s3) => classes(w, childElements(el), s3)).xml).xml, w.attrs(el));
}

/** telephones: one CI_Telephone per number, with its type */
export function phones(w: Walk, el: Element, scope: Scope): Frag[] {
  const numbers = gmd(el, 'CI_Telephone').flatMap((t) => childElements(t));
  if (!numbers.length) return [el3(scope, 'cit', 'phone', () => '', w.attrs(el))];
  return numbers.map((n) => el3(scope, 'cit', 'phone', (s) => el3(s, 'cit', 'CI_Telephone', (s2) => w.propOf(n, s2, 'cit', 'number').xml
    + el3(s2, 'cit', 'numberType', (s3) => code3(s3, 'cit', 'CI_TelephoneTypeCode', localName(n) === 'facsimile' ? 'facsimile' : 'voice').xml).xml).xml));
}

/** a medium's name: a code in 19139, a citation in 19115-1 */
export function mediumName(w: Walk, el: Element, scope: Scope): Frag {
  return el3(scope, 'mrd', 'name', (s) => all(childElements(el).map((c) => el3(s, 'cit', 'CI_Citation', (s2) => el3(s2, 'cit', 'title', (s3) =>
    text3(s3, 'gco', 'CharacterString', firstNonBlank([c.getAttribute('codeListValue'), stringValue(c)], c.hasAttribute('codeListValue'))).xml).xml))), w.attrs(el));
}

/** (@a, .)[normalize-space()][1] as a string ('' when none): `hasAttr` tells whether the first item exists */
function firstNonBlank(values: readonly (string | null)[], hasAttr: boolean): string {
  const items = hasAttr ? values : values.slice(1);
  for (const v of items) if (v !== null && normalizeSpace(v)) return v;
  return '';
}

/** maintenance: next update date */
export const nextUpdate = (w: Walk, el: Element, scope: Scope): Frag =>
  el3(scope, 'mmi', 'maintenanceDate', (s) => ciDate(w, el, s, 'nextUpdate').xml);

const maintenanceScope = (scope: Scope, content: (s: Scope) => string): Frag =>
  el3(scope, 'mmi', 'maintenanceScope', (s) => el3(s, 'mcc', 'MD_Scope', content).xml);

export function updateScope(w: Walk, el: Element, scope: Scope): Frag {
  const description = gmd(parentElement(el) as Element, 'updateScopeDescription')[precedingCount(el)];
  return maintenanceScope(scope, (s) => w.propOf(el, s, 'mcc', 'level').xml + (description ? w.propOf(description, s, 'mcc', 'levelDescription').xml : ''));
}

export function updateScopeDescription(w: Walk, el: Element, scope: Scope): Frag[] {
  if (precedingCount(el) < gmd(parentElement(el) as Element, 'updateScope').length) return [];
  return [maintenanceScope(scope, (s) => nil3(s, 'mcc', 'level', 'unknown').xml + w.propOf(el, s, 'mcc', 'levelDescription').xml)];
}

/**
 * lineage: a step's date-time is a gml instant. The stylesheet's gml:id was generate-id(), whose
 * value held a process-wide document number; this one is the same path code with document number 1,
 * so that the same document always gets the same identifiers.
 */
export function stepDateTime(w: Walk, el: Element, scope: Scope): Frag {
  const values = childElements(el).filter((c) => c.namespaceURI === GCO139 && (c.localName === 'DateTime' || c.localName === 'Date'));
  return el3(scope, 'mrl', 'stepDateTime', (s) => all(values.map((v) => element(s, 'gml', 'TimeInstant', GML32,
    [{ prefix: 'gml', local: 'id', uri: GML32, value: generatedId(v) }],
    (s2) => textElement(s2, 'gml', 'timePosition', GML32, [], stringValue(v)).xml))), w.attrs(el));
}

const TEXT = 3;
const PI = 7;
const DOCUMENT = 9;

/** generate-id() as SaxonJS writes it for a DOM node, with the document number fixed at 1. */
export function generatedId(node: Element): string {
  const path: number[] = [];
  for (let n: Element | null = node; n; n = n.parentNode as Element | null) {
    let i = 1;
    // SaxonJS's own parse keeps no white space and no XML declaration outside the root
    const top = n.parentNode?.nodeType === DOCUMENT;
    for (let p = n.previousSibling; p; p = p.previousSibling) {
      if (!top || (p.nodeType !== TEXT && !(p.nodeType === PI && p.nodeName === 'xml'))) i++;
    }
    path.push(i);
  }
  path.reverse();
  let id = 'd1';
  path.forEach((position, depth) => {
    id += alphabetic(position, depth % 2 === 0 ? 97 : 65);
  });
  return id;
}

/** 1 → a, 26 → z, 27 → aa (xsl:number's alphabetic numbering) */
function alphabetic(n: number, base: number): string {
  let s = '';
  while (n > 0) {
    n--;
    s = String.fromCharCode(base + (n % 26)) + s;
    n = Math.floor(n / 26);
  }
  return s;
}

/** a source's scale is a resolution */
export const sourceResolution = (w: Walk, el: Element, scope: Scope): Frag =>
  el3(scope, 'mrl', 'sourceSpatialResolution', (s) => el3(s, 'mri', 'MD_Resolution', (s2) => w.propOf(el, s2, 'mri', 'equivalentScale').xml).xml);

/** a source's extent is a scope */
export const sourceScope = (w: Walk, el: Element, scope: Scope): Frag =>
  el3(scope, 'mrl', 'scope', (s) => el3(s, 'mcc', 'MD_Scope', (s2) => nil3(s2, 'mcc', 'level', 'unknown').xml + w.propOf(el, s2, 'mcc', 'extent').xml).xml);

/** services: the service type is a scoped name */
export function serviceType(w: Walk, el: Element, scope: Scope): Frag {
  return el3(scope, 'srv', 'serviceType', (s) => all(childElements(el).map((c) => text3(s, 'gco', 'ScopedName', stringValue(c), w.attrs(c)))), w.attrs(el));
}

/** a coupled resource names its operation and its resource by citation */
export function coupledResource(w: Walk, el: Element, scope: Scope): Frag {
  const scoped = children(el, GCO139, 'ScopedName');
  const ids = children(el, SRV139, 'identifier');
  const ops = children(el, SRV139, 'operationName');
  const rest = childElements(el).filter((c) => !scoped.includes(c) && !ids.includes(c) && !ops.includes(c));
  return el3(scope, 'srv', 'SV_CoupledResource', (s) =>
    all(scoped.map((n) => el3(s, 'srv', 'scopedName', (s2) => all(w.cls(n, s2))))) // value
    + all(ids.map((i) => el3(s, 'srv', 'resourceReference', (s2) => el3(s2, 'cit', 'CI_Citation', (s3) => nil3(s3, 'cit', 'title', 'unknown').xml
      + el3(s3, 'cit', 'identifier', (s4) => el3(s4, 'mcc', 'MD_Identifier', (s5) => w.propOf(i, s5, 'mcc', 'code').xml).xml).xml).xml, w.attrs(i))))
    + all(ops.map((o) => el3(s, 'srv', 'operation', (s2) => el3(s2, 'srv', 'SV_OperationMetadata', (s3) => w.propOf(o, s3, 'srv').xml
      + nil3(s3, 'srv', 'distributedComputingPlatform', 'unknown').xml + nil3(s3, 'srv', 'connectPoint', 'unknown').xml).xml)))
    + propsIn(w, rest, s), w.attrs(el));
}

/** an application schema's files: binary content in 19139, online resources in 19115-1 */
export function schemaFile(w: Walk, el: Element, scope: Scope): Frag {
  const binaries = children(el, GCO139, 'Binary');
  const candidates: string[] = [
    ...binaries.filter((b) => b.hasAttribute('src')).map((b) => b.getAttribute('src') as string),
    ...binaries.map((b) => stringValue(b)),
  ];
  const value = candidates.find((v) => normalizeSpace(v) !== '') ?? '';
  return element(scope, 'mas', localName(el), ns3('mas'), w.attrs(el), (s) => el3(s, 'cit', 'CI_OnlineResource', (s2) =>
    el3(s2, 'cit', 'linkage', (s3) => text3(s3, 'gco', 'CharacterString', value).xml).xml).xml);
}

