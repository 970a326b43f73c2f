import type { Element } from '@xmldom/xmldom';
import type {
  AnchoredText, RichAssociation, RichConstraint, RichDate, RichFormat, RichIdentifier, RichOperatesOn, RichResolution,
} from '../catalogue/rich-view.types';
import { childElements, clean, first, propCode, propText, select, textAt, textsAt, type NsPredicate } from './dom';
import { anchoredText, identifierOf, XLINK } from './rich-view-text';
import { normaliseDate, parseNumber } from './values';

/**
 * Identification, constraints, associations and distribution formats of the rich view
 * (rich-view.ts). Local names are shared by ISO 19139 and ISO 19115-3 except where a comment
 * says otherwise; every list keeps the document's order and drops only empty elements.
 */

const present = <T>(x: T | undefined): x is T => x !== undefined;

/** Every MD_Resolution: a scale and a distance may come in separate spatialResolution elements. */
export function readResolutions(ident: Element, ns: NsPredicate): RichResolution[] {
  const out: RichResolution[] = [];
  for (const r of select(ident, 'spatialResolution/MD_Resolution', ns)) {
    const res: RichResolution = {};
    const scale = parseNumber(textAt(r, 'equivalentScale/MD_RepresentativeFraction/denominator', ns));
    if (scale !== undefined) res.scaleDenominator = scale;
    const distEl = first(r, 'distance', ns);
    const dist = parseNumber(propText(distEl));
    if (dist !== undefined) {
      res.distance = dist;
      const uom = distEl ? clean(childElements(distEl)[0]?.getAttribute('uom')) : undefined;
      if (uom) res.uom = uom;
    }
    if (Object.keys(res).length) out.push(res);
  }
  return out;
}

/** Every reference system identifier (code + codeSpace), not just the first EPSG code the model keeps. */
export function readReferenceSystems(root: Element, ns: NsPredicate): RichIdentifier[] {
  return select(root, 'referenceSystemInfo/MD_ReferenceSystem/referenceSystemIdentifier/*', ns).map((id) => identifierOf(id, ns)).filter(present);
}

/** The citation's dates with their types, as written (a value that is not an ISO date is kept as text). */
export function readResourceDates(citation: Element, ns: NsPredicate): RichDate[] {
  const out: RichDate[] = [];
  for (const d of select(citation, 'date/CI_Date', ns)) {
    const raw = textAt(d, 'date', ns);
    const type = propCode(first(d, 'dateType', ns));
    if (raw && type) out.push({ type, date: normaliseDate(raw) ?? raw });
  }
  return out;
}

export function readIdentifiers(citation: Element, ns: NsPredicate): RichIdentifier[] {
  return select(citation, 'identifier/*', ns).map((id) => identifierOf(id, ns)).filter(present);
}

const KIND: Record<string, RichConstraint['kind']> = { MD_LegalConstraints: 'legal', MD_SecurityConstraints: 'security' };

/** One entry per resourceConstraints block that says something; an empty block is left out. */
export function readRichConstraints(ident: Element, ns: NsPredicate): RichConstraint[] {
  const out: RichConstraint[] = [];
  for (const c of select(ident, 'resourceConstraints/*', ns)) {
    const codes = (name: string) => select(c, name, ns).map(propCode).filter(present);
    const entry: RichConstraint = {
      kind: KIND[c.localName ?? ''] ?? 'other',
      access: codes('accessConstraints'),
      use: codes('useConstraints'),
      other: select(c, 'otherConstraints', ns).map(anchoredText).filter(present),
      useLimitation: textsAt(c, 'useLimitation', ns),
    };
    const classification = propCode(first(c, 'classification', ns));
    if (classification) entry.classification = classification;
    if (entry.access.length || entry.use.length || entry.other.length || entry.useLimitation.length || entry.classification) out.push(entry);
  }
  return out;
}

/** The xlink / uuidref attributes of a by-reference property (operatesOn, metadataReference). */
function refAttrs(el: Element): { uuidref?: string; href?: string; title?: string } {
  const uuidref = clean(el.getAttribute('uuidref'));
  const href = clean(el.getAttributeNS(XLINK, 'href'));
  const title = clean(el.getAttributeNS(XLINK, 'title'));
  return { ...(uuidref ? { uuidref } : {}), ...(href ? { href } : {}), ...(title ? { title } : {}) };
}

function citationParts(citation: Element | undefined, ns: NsPredicate): { title?: string; code?: AnchoredText } {
  if (!citation) return {};
  const title = textAt(citation, 'title', ns);
  const code = anchoredText(first(citation, 'identifier/*/code', ns));
  return { ...(title ? { title } : {}), ...(code ? { code } : {}) };
}

/**
 * Aggregated resources. ISO 19139: aggregationInfo/MD_AggregateInformation (aggregateDataSetName
 * citation, aggregateDataSetIdentifier); ISO 19115-3: associatedResource/MD_AssociatedResource
 * (name citation, metadataReference by uuidref/xlink or citation).
 */
export function readAssociations(ident: Element, ns: NsPredicate): RichAssociation[] {
  const out: RichAssociation[] = [];
  const blocks = [...select(ident, 'aggregationInfo/MD_AggregateInformation', ns), ...select(ident, 'associatedResource/MD_AssociatedResource', ns)];
  for (const a of blocks) {
    const entry: RichAssociation = {};
    const type = propCode(first(a, 'associationType', ns));
    if (type) entry.type = type;
    const initiative = propCode(first(a, 'initiativeType', ns));
    if (initiative) entry.initiativeType = initiative;
    const named = citationParts(first(a, 'aggregateDataSetName/CI_Citation', ns) ?? first(a, 'name/CI_Citation', ns), ns);
    const ref = first(a, 'metadataReference', ns);
    const byRef = ref ? citationParts(first(ref, 'CI_Citation', ns), ns) : {};
    const idCode = anchoredText(first(a, 'aggregateDataSetIdentifier/*/code', ns)) ?? named.code ?? byRef.code;
    const attrs = ref ? refAttrs(ref) : {};
    const title = named.title ?? byRef.title ?? attrs.title;
    if (title) entry.title = title;
    if (idCode) entry.code = idCode.text;
    const href = attrs.href ?? idCode?.href;
    if (href) entry.href = href;
    if (attrs.uuidref) entry.uuidref = attrs.uuidref;
    if (entry.title || entry.code || entry.href || entry.uuidref) out.push(entry);
  }
  return out;
}

/** srv:operatesOn: by uuidref / xlink:href (the usual form) or an inline identification's citation. */
export function readOperatesOn(ident: Element, ns: NsPredicate): RichOperatesOn[] {
  const out: RichOperatesOn[] = [];
  for (const o of select(ident, 'operatesOn', ns)) {
    const entry: RichOperatesOn = refAttrs(o);
    const inline = first(o, '*/citation/CI_Citation/title', ns);
    if (!entry.title && inline) {
      const t = propText(inline);
      if (t) entry.title = t;
    }
    if (entry.uuidref || entry.href || entry.title) out.push(entry);
  }
  return out;
}

/**
 * Distribution formats with their versions, de-duplicated. ISO 19139 MD_Format/name + version;
 * ISO 19115-3 MD_Format/formatSpecificationCitation/CI_Citation/title + edition.
 */
export function readRichFormats(root: Element, ident: Element | undefined, ns: NsPredicate): RichFormat[] {
  const formats = [
    ...select(root, 'distributionInfo/MD_Distribution/distributionFormat/MD_Format', ns),
    ...select(root, 'distributionInfo/MD_Distribution/distributor/MD_Distributor/distributorFormat/MD_Format', ns),
    ...(ident ? select(ident, 'resourceFormat/MD_Format', ns) : []),
  ];
  const out: RichFormat[] = [];
  const seen = new Set<string>();
  for (const f of formats) {
    const name = textAt(f, 'name', ns) ?? textAt(f, 'formatSpecificationCitation/CI_Citation/title', ns);
    if (!name) continue;
    const version = textAt(f, 'version', ns) ?? textAt(f, 'formatSpecificationCitation/CI_Citation/edition', ns);
    const key = `${name}\u0000${version ?? ''}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(version ? { name, version } : { name });
  }
  return out;
}
