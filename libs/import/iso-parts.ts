import type { Element } from '@xmldom/xmldom';
import type { AnchoredText, Constraints, Distribution, Keyword, LegalConstraints } from '../catalogue/record.types';
import { childElements, first, propText, qpath, select, textAt, textsAt, type NsPredicate } from './dom';
import type { MapContext } from './map-context';
import { normaliseProtocol } from './normalise-protocol';
import { normaliseUrl } from './values';

/**
 * Sections whose element local names are the same in ISO 19139 and ISO 19115-3 (only the
 * namespaces differ, and the caller's predicate accepts the right family): keywords,
 * constraints, online resources, lineage.
 */

/**
 * MD_Keywords grouped by (type, thesaurus title); untyped keywords count as `theme`. A keyword or
 * thesaurus title written as gmx:Anchor / gcx:Anchor keeps its xlink:href (an http(s) URI) as
 * its anchor: the keyword suggestions offer it, and the render writes it back as an Anchor.
 */
export function readKeywords(ident: Element, ns: NsPredicate, ctx: MapContext): Keyword[] {
  const groups = new Map<string, Keyword>();
  for (const kw of select(ident, 'descriptiveKeywords/MD_Keywords', ns)) {
    const props = select(kw, 'keyword', ns);
    const values = textsAt(kw, 'keyword', ns);
    if (values.length === 0) continue;
    const type = ctx.code('JENIS_KATAKUNCI', first(kw, 'type', ns)) ?? 'theme';
    const thesaurus = textAt(kw, 'thesaurusName/CI_Citation/title', ns);
    const thesaurusAnchor = anchorOf(first(kw, 'thesaurusName/CI_Citation/title', ns));
    const k = `${type}\u0000${thesaurus ?? ''}`;
    let g = groups.get(k);
    if (g) {
      for (const v of values) if (!g.values.includes(v)) g.values.push(v);
    } else {
      g = { type, values: [...new Set(values)] };
      if (thesaurus) g.thesaurus = thesaurus;
      if (thesaurus && thesaurusAnchor) g.thesaurusAnchor = thesaurusAnchor;
      groups.set(k, g);
    }
    for (const p of props) {
      const value = propText(p);
      const href = anchorOf(p);
      if (value && href && !g.anchors?.some((a) => a.value === value)) (g.anchors ??= []).push({ value, uri: href });
    }
  }
  return [...groups.values()];
}

/** The http(s) xlink:href of a property's Anchor child (whatever its namespace), if any. */
function anchorOf(prop: Element | undefined): string | undefined {
  const anchor = prop ? childElements(prop).find((c) => c.localName === 'Anchor') : undefined;
  const href = anchor?.getAttributeNS(XLINK, 'href')?.trim();
  return href && /^https?:\/\/\S+$/i.test(href) && href.length <= 2000 ? href : undefined;
}

const XLINK = 'http://www.w3.org/1999/xlink';

/**
 * resourceConstraints: classification from the first MD_SecurityConstraints; every useLimitation
 * (any constraints class) joined; the licence from MD_LegalConstraints/otherConstraints, which is
 * where both ISO and INSPIRE put the text of use conditions (useConstraints is only a code).
 */
export function readConstraints(ident: Element, ns: NsPredicate, ctx: MapContext): Constraints | undefined {
  const all = select(ident, 'resourceConstraints/*', ns);
  const c: Constraints = {};
  const security = all.find((e) => e.localName === 'MD_SecurityConstraints');
  const classification = security ? ctx.code('KLASIFIKASI_KEAMANAN', first(security, 'classification', ns)) : undefined;
  if (classification) c.classification = classification;
  const limits = unique(all.flatMap((e) => textsAt(e, 'useLimitation', ns)));
  if (limits.length) c.useLimitation = limits.join('\n');
  const licence = unique(all.filter((e) => e.localName === 'MD_LegalConstraints').flatMap((e) => textsAt(e, 'otherConstraints', ns)));
  if (licence.length) c.license = licence.join('\n');
  const legal = readLegal(all.filter((e) => e.localName === 'MD_LegalConstraints'), ns, ctx);
  if (legal) c.legal = legal;
  return Object.keys(c).length ? c : undefined;
}

/**
 * Every MD_LegalConstraints block together (the model has one): the MD_RestrictionCode values of
 * accessConstraints and useConstraints, and otherConstraints with an Anchor's http(s) URI
 * (INSPIRE's "no limitations" codes). `license` above stays the joined text, for search and display.
 */
function readLegal(blocks: Element[], ns: NsPredicate, ctx: MapContext): LegalConstraints | undefined {
  const out: LegalConstraints = {};
  const codes = (name: 'accessConstraints' | 'useConstraints'): string[] =>
    unique(blocks.flatMap((b) => select(b, name, ns)).map((p) => ctx.enumCode(`/constraints/legal/${name}`, p)).filter((x): x is string => !!x));
  const access = codes('accessConstraints');
  const use = codes('useConstraints');
  if (access.length) out.accessConstraints = access;
  if (use.length) out.useConstraints = use;
  const other: AnchoredText[] = [];
  for (const p of blocks.flatMap((b) => select(b, 'otherConstraints', ns))) {
    const text = propText(p);
    if (!text) continue;
    const uri = anchorOf(p);
    if (!other.some((o) => o.text === text && o.uri === uri)) other.push(uri ? { text, uri } : { text });
  }
  if (other.length) out.otherConstraints = other;
  return Object.keys(out).length ? out : undefined;
}

export function readLineage(root: Element, ns: NsPredicate): { statement?: string; sources: string[]; processSteps: string[] } {
  // 19139 keeps lineage under dataQualityInfo, 19115-3 under resourceLineage
  const lineages = [...select(root, 'dataQualityInfo/DQ_DataQuality/lineage/LI_Lineage', ns), ...select(root, 'resourceLineage/LI_Lineage', ns)];
  const statement = lineages.map((l) => textAt(l, 'statement', ns)).find(Boolean);
  const sources = unique(lineages.flatMap((l) => select(l, 'source/LI_Source', ns))
    .map((s) => textAt(s, 'description', ns) ?? textAt(s, 'sourceCitation/CI_Citation/title', ns))
    .filter((s): s is string => !!s));
  // LI_ProcessStep (19115-2: LE_ProcessStep) descriptions, every lineage's, in document order
  const processSteps = lineages.flatMap((l) => select(l, 'processStep/*', ns)).map((p) => textAt(p, 'description', ns))
    .filter((s): s is string => !!s);
  return statement ? { statement, sources, processSteps } : { sources, processSteps };
}

/**
 * CI_OnlineResource elements → distributions. A link needs an absolute http(s)/ftp URL (our
 * schema) — others are dropped with a warning; protocols are normalised, unknown ones become
 * WWW:LINK with a warning, so no link is lost.
 */
export function readOnlineResources(resources: Element[], ns: NsPredicate, ctx: MapContext, operations: ReadonlySet<Element> = new Set()): Distribution[] {
  const out: Distribution[] = [];
  const seen = new Set<string>();
  for (const r of resources) {
    const raw = textAt(r, 'linkage', ns);
    if (!raw) continue;
    const url = normaliseUrl(raw);
    if (!url) {
      ctx.warn(`Tautan "${raw}" (${qpath(r)}) bukan URL http/https/ftp dan diabaikan.`);
      continue;
    }
    const rawProtocol = textAt(r, 'protocol', ns);
    let protocol = rawProtocol ? normaliseProtocol(rawProtocol) : 'WWW:LINK';
    if (!protocol) {
      ctx.warn(`Protokol "${rawProtocol}" tidak dikenal; tautan ${url} dicatat sebagai WWW:LINK.`);
      protocol = 'WWW:LINK';
    }
    const key = `${protocol} ${url}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const d: Distribution = { protocol, url };
    const name = textAt(r, 'name', ns);
    const description = textAt(r, 'description', ns);
    if (name) d.name = name;
    if (description) d.description = description;
    const fn = ctx.enumCode('/distributions/0/function', first(r, 'function', ns));
    if (fn) d.function = fn;
    const profile = textAt(r, 'applicationProfile', ns);
    if (profile) d.applicationProfile = profile;
    if (operations.has(r)) d.operation = true;
    out.push(d);
  }
  return out;
}

/** The online resources of distributionInfo (transfer options of the distribution and its distributors). */
export function distributionResources(root: Element, ns: NsPredicate): Element[] {
  return [
    ...select(root, 'distributionInfo/MD_Distribution/transferOptions/MD_DigitalTransferOptions/onLine/CI_OnlineResource', ns),
    ...select(root, 'distributionInfo/MD_Distribution/distributor/MD_Distributor/distributorTransferOptions/MD_DigitalTransferOptions/onLine/CI_OnlineResource', ns),
  ];
}

export function unique(xs: string[]): string[] {
  return [...new Set(xs)];
}

/** First non-empty text of several paths. */
export function firstText(el: Element, paths: string[], ns: NsPredicate): string | undefined {
  for (const p of paths) {
    const t = propText(first(el, p, ns));
    if (t) return t;
  }
  return undefined;
}
