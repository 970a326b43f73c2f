import type { MetadataDoc } from '../../catalogue/record.types';
import { jsonEqual } from '../../catalogue/merge-patch';
import { FIELD_TABLE, fieldValue, type FieldEntry } from './field-table';
import { childOrder } from './schema-order';
import { overviewRoles } from './overview-roles';
import { alignLocaleIds, documentLanguages, localePropertyLanguage, textGroupRoles } from './locale-ids';
import { referenceSystemRoles } from './reference-systems';
import { resolutionRoles } from './resolution-roles';
import { boxRoles } from './box-roles';
import { associatedBlocks, renderedAssociations } from './association-roles';
import { scanXml, textOf, type XmlRange } from './xml-ranges';

/**
 * Element-level editing of a stored ISO document (issue 19 §4): for each field of the table
 * whose value differs between `before` and `after`, the document's elements on the field's
 * paths are replaced by the render's elements on the same paths (in place, pairwise; extra ones
 * removed; new ones inserted in schema order, creating missing containers). Everything else
 * stays byte for byte: the work is done on the text, never on a re-serialised tree.
 *
 * `render` is the render of `after` in the document's family (the gmd render for ISO 19139 and
 * 19115-2 documents, the mdb render for 19115-3). Its elements are written with the document's
 * own prefixes; a namespace the document does not bind where the element goes is declared on it.
 */
export type PatchFamily = 'gmd' | 'mdb';

export interface DocumentPatch {
  xml: string;
  /** the fields (table entries) that were patched */
  fields: string[];
}

/** The table's fields whose value the edit changed. */
export function changedFields(before: MetadataDoc, after: MetadataDoc): FieldEntry[] {
  return FIELD_TABLE.filter((e) => !jsonEqual(fieldValue(before, e.field) ?? null, fieldValue(after, e.field) ?? null));
}

export function patchDocument(xml: string, family: PatchFamily, before: MetadataDoc, after: MetadataDoc, rendered: string): DocumentPatch {
  const fields = changedFields(before, after);
  let text = xml;
  // a translation refers to the document's own locale for its language, a new one to a free id
  const render = fields.some((e) => e.field === 'translations') ? alignLocaleIds(xml, rendered) : rendered;
  const renderRoot = scanXml(render);
  for (const entry of fields) {
    for (const path of entry[family]) text = patchPath(text, family, path, render, renderRoot, after);
  }
  return { xml: text, fields: fields.map((e) => e.field) };
}

// ---- paths ---------------------------------------------------------------------------------------

interface Step { name: string; negate: boolean; code: boolean; arg?: string }
interface Path { steps: Step[]; occurrence: 'all' | 'first' | 'rest' | 'crs' | 'otherCrs' | 'url' | 'otherUrl' | 'newLocale' | 'res' | 'otherRes' | 'box' | 'otherBox' | 'assoc' | 'lang' }

const STEP = /^([\w*.-]+)(?:\[(!?)(=?)([\w.-]+)\])?$/;

function parsePath(spec: string): Path {
  let occurrence: Path['occurrence'] = 'all';
  let body = spec;
  if (body.endsWith('#1')) { occurrence = 'first'; body = body.slice(0, -2); }
  else if (body.endsWith('#2+')) { occurrence = 'rest'; body = body.slice(0, -3); }
  else if (body.endsWith('#crs')) { occurrence = 'crs'; body = body.slice(0, -4); }
  else if (body.endsWith('#!crs')) { occurrence = 'otherCrs'; body = body.slice(0, -5); }
  else if (body.endsWith('#url')) { occurrence = 'url'; body = body.slice(0, -4); }
  else if (body.endsWith('#!url')) { occurrence = 'otherUrl'; body = body.slice(0, -5); }
  else if (body.endsWith('#res')) { occurrence = 'res'; body = body.slice(0, -4); }
  else if (body.endsWith('#!res')) { occurrence = 'otherRes'; body = body.slice(0, -5); }
  else if (body.endsWith('#box')) { occurrence = 'box'; body = body.slice(0, -4); }
  else if (body.endsWith('#!box')) { occurrence = 'otherBox'; body = body.slice(0, -5); }
  else if (body.endsWith('#lang')) { occurrence = 'lang'; body = body.slice(0, -5); }
  else if (body.endsWith('#assoc')) { occurrence = 'assoc'; body = body.slice(0, -6); }
  else if (body.endsWith('#newLocale')) { occurrence = 'newLocale'; body = body.slice(0, -10); }
  const steps = body.split('/').map((s) => {
    const m = STEP.exec(s);
    if (!m) throw new Error(`langkah jalur tidak dikenal: ${s}`);
    return { name: m[1]!, negate: m[2] === '!', code: m[3] === '=', arg: m[4] };
  });
  return { steps, occurrence };
}

function hasDescendant(el: XmlRange, test: (d: XmlRange) => boolean): boolean {
  return el.children.some((c) => test(c) || hasDescendant(c, test));
}

function stepMatches(el: XmlRange, s: Step): boolean {
  if (s.name !== '*' && el.local !== s.name) return false;
  if (!s.arg || s.arg === '1') return true;
  const arg = s.arg;
  const found = s.code
    ? hasDescendant(el, (d) => d.attrs.get('codeListValue') === arg)
    : hasDescendant(el, (d) => d.local === arg);
  return s.negate ? !found : found;
}

function select(text: string, root: XmlRange, path: Path): XmlRange[] {
  let level: XmlRange[] = [root];
  for (const s of path.steps) {
    level = level.flatMap((el) => el.children.filter((c) => stepMatches(c, s)));
    if (s.arg === '1') level = level.slice(0, 1);
  }
  if (path.occurrence === 'first') return level.slice(0, 1);
  if (path.occurrence === 'rest') return level.slice(1);
  if (path.occurrence === 'crs') return referenceSystemRoles(text, level).chosen;
  if (path.occurrence === 'otherCrs') return referenceSystemRoles(text, level).additional;
  if (path.occurrence === 'url') return overviewRoles(text, level).first;
  if (path.occurrence === 'otherUrl') return overviewRoles(text, level).rest;
  if (path.occurrence === 'lang') return textGroupRoles(text, level).model;
  if (path.occurrence === 'assoc') return associatedBlocks(text, level);
  if (path.occurrence === 'box') return boxRoles(text, level).first;
  if (path.occurrence === 'otherBox') return boxRoles(text, level).rest;
  if (path.occurrence === 'res') return resolutionRoles(text, level).primary;
  if (path.occurrence === 'otherRes') return resolutionRoles(text, level).additional;
  return level;
}

// ---- the patch of one path ---------------------------------------------------------------------

interface Edit { start: number; end: number; text: string }

/** The occurrence whose elements the "other" ones follow in the document. */
const COMPANION: Partial<Record<Path['occurrence'], Path['occurrence']>> = {
  rest: 'first', otherCrs: 'crs', otherUrl: 'url', otherRes: 'res', otherBox: 'box',
};

function patchPath(text: string, family: PatchFamily, spec: string, render: string, renderRoot: XmlRange, after: MetadataDoc): string {
  const docRoot = scanXml(text);
  const alternatives = spec.split('|').map(parsePath);
  let chosen = alternatives[alternatives.length - 1]!;
  let docEls = select(text, docRoot, chosen);
  let renEls = select(render, renderRoot, chosen);
  const byLanguage = alternatives.find((a) => a.occurrence === 'lang' && keepsOtherLanguages(text, docRoot, a));
  if (byLanguage) {
    chosen = byLanguage;
    docEls = select(text, docRoot, chosen);
    renEls = select(render, renderRoot, chosen);
  }
  for (const alt of byLanguage ? [] : alternatives.slice(0, -1).filter((a) => a.occurrence !== 'lang')) {
    const d = select(text, docRoot, alt);
    const r = select(render, renderRoot, alt);
    if (d.length > 0 && r.length > 0) { chosen = alt; docEls = d; renEls = r; break; }
  }
  if (chosen.occurrence === 'assoc') {
    // the render's blocks of the edited associated resources are its last (association-roles.ts)
    renEls = renEls.slice(renEls.length - Math.min(renEls.length, renderedAssociations(after)));
  }
  if (chosen.occurrence === 'newLocale') {
    // the document's locale declarations stay (its other free texts point at them); only the
    // render's declarations of a language the document does not declare yet are added
    const declared = documentLanguages(text);
    docEls = [];
    renEls = renEls.filter((r) => !declared.has(localePropertyLanguage(render, r) ?? ''));
  }
  if (docEls.length === 0 && renEls.length === 0) return text;
  const edits: Edit[] = [];
  const paired = Math.min(docEls.length, renEls.length);
  for (let i = 0; i < paired; i++) {
    const d = docEls[i]!;
    edits.push({ start: d.start, end: d.end, text: snippet(render, renEls[i]!, d.parent!.scope) });
  }
  // an object removed from a property it was alone in takes the property along (an empty property is invalid)
  for (const d of docEls.slice(paired)) {
    const e = isRequired(d) ? requiredRemoval(text, d) : removal(text, !isProperty(d) && d.parent?.parent && d.parent.children.length === 1 ? d.parent : d);
    if (e) edits.push(e);
  }
  const extra = renEls.slice(paired);
  if (extra.length > 0) {
    // the first of new "other" elements (an additional box, resolution …) goes after the field's first one
    const companion = COMPANION[chosen.occurrence];
    const last = docEls[paired - 1] ?? (companion ? select(text, docRoot, { ...chosen, occurrence: companion }).pop() : undefined);
    if (last) {
      const sep = separatorBefore(text, last);
      edits.push({ start: last.end, end: last.end, text: extra.map((r) => sep + snippet(render, r, last.parent!.scope)).join('') });
    } else {
      edits.push(insertion(text, docRoot, chosen, family, render, extra));
    }
  }
  edits.sort((a, b) => b.start - a.start);
  let out = text;
  for (const e of edits) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
}

/**
 * Properties their object cannot be without (XSD minOccurs 1) that a field's path removes: a
 * distributor whose party the edit removed still holds its order process, formats or links.
 */
const REQUIRED: Record<string, readonly string[]> = { MD_Distributor: ['distributorContact'] };

const isRequired = (d: XmlRange): boolean => isProperty(d) && (REQUIRED[d.parent?.local ?? ''] ?? []).includes(d.local);

const GCO = ['http://www.isotc211.org/2005/gco', 'http://standards.iso.org/iso/19115/-3/gco/1.0'];

/**
 * The removal of a required property: an empty one (the import read nothing from it) stays as it
 * was; the object goes with its property when the property was all it held; else the property
 * stays, emptied, with gco:nilReason="missing" (valid, read as nothing, and the object's other
 * content is kept).
 */
function requiredRemoval(text: string, d: XmlRange): Edit | undefined {
  if (!holdsValue(text, d)) return undefined;
  const object = d.parent!;
  if (object.parent?.parent && object.children.every((c) => c === d || !holdsValue(text, c))) return removal(text, object.parent);
  const bound = [...d.scope].find(([p, uri]) => p !== '' && GCO.includes(uri))?.[0];
  const gcoUri = GCO[d.ns.startsWith('http://standards.iso.org/iso/19115/-3/') ? 1 : 0]!;
  const nil = bound ? `${bound}:nilReason="missing"` : `xmlns:gco="${gcoUri}" gco:nilReason="missing"`;
  return { start: d.start, end: d.end, text: `<${d.qname} ${nil}/>` };
}

/**
 * Whether a free text holds translations in languages the model does not edit (`#lang` paths):
 * then a translations edit replaces only the Indonesian and English text groups (the PT_FreeText
 * keeps a group, so it stays valid); else the whole property, which holds nothing else to keep.
 */
function keepsOtherLanguages(text: string, root: XmlRange, path: Path): boolean {
  return textGroupRoles(text, select(text, root, { ...path, occurrence: 'all' })).other.length > 0;
}

/** The element and the whitespace before it (so a removed element leaves no blank line). */
function removal(text: string, el: XmlRange): Edit {
  let start = el.start;
  while (start > 0 && /\s/.test(text[start - 1]!)) start--;
  if (text[start - 1] !== '>') start = el.start;
  return { start, end: el.end, text: '' };
}

/** The whitespace written before an element (its indentation), or nothing. */
function separatorBefore(text: string, el: XmlRange): string {
  let i = el.start;
  while (i > 0 && /\s/.test(text[i - 1]!)) i--;
  return text.slice(i, el.start);
}

/**
 * New elements where the document has none: the container is found along the path (first
 * match at each step); the missing part of the chain is created from the render's ancestors.
 */
function insertion(text: string, docRoot: XmlRange, path: Path, family: PatchFamily, render: string, extra: XmlRange[]): Edit {
  const steps = path.steps.slice(0, -1);
  // the render's ancestors of the new elements, root's child first
  const ancestors: XmlRange[] = [];
  for (let a = extra[0]!.parent; a && a.parent; a = a.parent) ancestors.unshift(a);
  let container = docRoot;
  let depth = 0;
  for (const s of steps) {
    const next = container.children.find((c) => stepMatches(c, { ...s, arg: undefined, negate: false, code: false }));
    if (!next) break;
    container = next;
    depth++;
  }
  // a property holds one object: a missing object goes into a new property of its own
  while (depth > 0 && depth < ancestors.length && isProperty(container) && container.children.length > 0) {
    container = container.parent!;
    depth--;
  }
  const missing = ancestors.slice(depth);
  const newLocal = (missing[0] ?? extra[0]!).local;
  // a property the container's schema has no place for (a data-only property in a service identification)
  const order = childOrder(container.local, family);
  if (order && !order.includes(newLocal)) return { start: 0, end: 0, text: '' };
  const scope = container.scope;
  let inner = extra.map((r) => snippet(render, r, scope, missing.length > 0)).join('');
  const nsDecls = missing.length > 0 ? declarationsFor(render, extra, missing, scope) : '';
  for (let i = missing.length - 1; i >= 0; i--) {
    const a = missing[i]!;
    const name = rename(a.qname, a.scope, scope);
    // mandatory first children of a created object come along from the render
    const mandatory = a.children.filter((c) => (MANDATORY[a.local] ?? []).includes(c.local)).map((c) => snippet(render, c, scope, true)).join('');
    inner = `<${name}${i === 0 ? nsDecls : ''}>${mandatory}${inner}</${name}>`;
  }
  return placeIn(text, container, newLocal, family, inner);
}

/** An edit that puts `markup` into `container` after the last child that precedes `local` in schema order. */
function placeIn(text: string, container: XmlRange, local: string, family: PatchFamily, markup: string): Edit {
  if (container.end === container.openEnd) {
    // <x/>: opened and closed around the new content
    const open = text.slice(container.start, container.openEnd).replace(/\s*\/>$/, '>');
    return { start: container.start, end: container.end, text: `${open}${markup}</${container.qname}>` };
  }
  const order = childOrder(container.local, family);
  const rank = order?.indexOf(local) ?? -1;
  const kids = container.children;
  if (rank >= 0) {
    const before = kids.filter((k) => { const r = order!.indexOf(k.local); return r >= 0 && r <= rank; });
    const after = before[before.length - 1];
    if (after) return { start: after.end, end: after.end, text: separatorBefore(text, after) + markup };
    const firstKid = kids[0];
    if (firstKid) return { start: firstKid.start, end: firstKid.start, text: markup + separatorBefore(text, firstKid) };
  }
  const lastKid = kids[kids.length - 1];
  const close = container.end - `</${container.qname}>`.length;
  return { start: close, end: close, text: (lastKid ? separatorBefore(text, lastKid) : '') + markup };
}

/** Children an object cannot be without that come before the ones a field writes (DQ_DataQuality's scope). */
const MANDATORY: Record<string, readonly string[]> = { DQ_DataQuality: ['scope'] };

const isProperty = (el: XmlRange): boolean => /^[a-z]/.test(el.local);

// ---- names and namespaces ----------------------------------------------------------------------

function prefixFor(uri: string, target: Map<string, string>, element: boolean): string | undefined {
  // exact URIs only: a 19139 document that also binds GML 3.2 still takes GML 3.1 in its gmd content
  for (const [p, v] of target) if (v === uri && (p !== '' || element)) return p;
  return undefined;
}

/** The prefix a namespace the target does not bind is declared under: the render's, unless the target uses it for another URI. */
function unboundPrefix(prefix: string, uri: string, target: Map<string, string>): string {
  let p = prefix;
  for (let n = 1; target.has(p) && target.get(p) !== uri; n++) p = `${prefix}${n}`;
  return p;
}

/** A render qname in the target's prefixes; an unbound namespace keeps the render's prefix (declared by the caller). */
function rename(qname: string, from: Map<string, string>, target: Map<string, string>, element = true): string {
  const c = qname.indexOf(':');
  const prefix = c < 0 ? '' : qname.slice(0, c);
  const local = c < 0 ? qname : qname.slice(c + 1);
  if (prefix === 'xmlns' || qname === 'xmlns') return qname;
  const uri = from.get(prefix);
  if (uri === undefined) return qname;
  const p = prefixFor(uri, target, element) ?? unboundPrefix(prefix, uri, target);
  return p === '' ? local : `${p}:${local}`;
}

const XSI = 'http://www.w3.org/2001/XMLSchema-instance';
/** a `prefix:type="value"` attribute (the caller checks that the prefix is xsi's) */
const XSI_TYPE = /(\s)([\w.-]+:type)(\s*=\s*)"([^"]*)"/g;
const isXsi = (attr: string, scope: Map<string, string>): boolean => scope.get(attr.split(':')[0]!) === XSI;

/** xmlns declarations for the namespaces the markup uses that `target` does not bind (under the render's prefixes). */
function declarationsFor(render: string, els: XmlRange[], wrappers: XmlRange[], target: Map<string, string>): string {
  const needed = new Map<string, string>();
  const visit = (el: XmlRange): void => {
    const tag = render.slice(el.start, el.openEnd);
    // element and attribute names, and the type an xsi:type value names (a QName in the content's namespaces)
    const prefixes = [...tag.matchAll(/[<\s]([\w.-]+):[\w.-]+/g)].map((m) => m[1]!);
    for (const m of tag.matchAll(XSI_TYPE)) if (isXsi(m[2]!, el.scope) && m[4]!.includes(':')) prefixes.push(m[4]!.split(':')[0]!);
    for (const p of prefixes) {
      if (p === 'xmlns') continue;
      const uri = el.scope.get(p);
      if (uri !== undefined && prefixFor(uri, target, true) === undefined) needed.set(unboundPrefix(p, uri, target), uri);
    }
    el.children.forEach(visit);
  };
  wrappers.forEach((w) => visit({ ...w, children: [] }));
  els.forEach(visit);
  return [...needed].map(([p, u]) => ` xmlns:${p}="${u}"`).join('');
}

/**
 * The render's element as text for the document: every element and attribute name in the
 * document's prefixes; namespaces unbound there declared on the element (unless `declared`
 * by a created wrapper).
 */
function snippet(render: string, el: XmlRange, target: Map<string, string>, wrapped = false): string {
  const raw = render.slice(el.start, el.end);
  const scope = el.scope;
  const out = raw.replace(/<(\/?)([^\s/>]+)([^>]*)>/g, (_m, slash: string, name: string, rest: string) => {
    const attrs = rest
      .replace(XSI_TYPE, (_a, sp: string, an: string, eq: string, value: string) => `${sp}${an}${eq}"${isXsi(an, scope) ? rename(value, scope, target) : value}"`)
      .replace(/(\s)([\w.-]+:[\w.-]+)(\s*=)/g, (_a, sp: string, an: string, eq: string) => `${sp}${rename(an, scope, target, false)}${eq}`);
    return `<${slash}${rename(name, scope, target)}${attrs}>`;
  });
  if (wrapped) return out;
  const decls = declarationsFor(render, [el], [], target);
  if (!decls) return out;
  const tagEnd = /^<[^\s/>]+/.exec(out)![0].length;
  return out.slice(0, tagEnd) + decls + out.slice(tagEnd);
}

/**
 * The document without the elements of one field (every path, at its coarsest alternative):
 * what an edit of that field must leave exactly as it was (the property test compares it).
 */
export function cutFieldElements(xml: string, family: PatchFamily, field: string): string {
  const entry = FIELD_TABLE.find((e) => e.field === field);
  if (!entry) throw new Error(`bidang ${field} tidak ada di tabel`);
  let text = xml;
  for (const spec of entry[family]) {
    const alternatives = spec.split('|').map(parsePath);
    const root = scanXml(text);
    // the text groups the model edits, where the free text has others to keep (as patchPath chooses)
    const path = alternatives.find((a) => a.occurrence === 'lang' && keepsOtherLanguages(text, root, a)) ?? alternatives[alternatives.length - 1]!;
    const els = select(text, root, path);
    const edits = els.map((el) => removal(text, el)).sort((a, b) => b.start - a.start);
    for (const e of edits) text = text.slice(0, e.start) + text.slice(e.end);
  }
  for (const spec of entry[family]) text = cutHollowObjects(text, spec.split('|').pop()!);
  return text;
}

/**
 * An object with mandatory children (MANDATORY) on a field's path that holds nothing else once
 * the field is cut belongs to the field: a patch that creates it (a first conformity report or
 * lineage in a document without DQ_DataQuality) must write its mandatory scope too, and that
 * scope is the field's doing, not a change elsewhere. Cut with its property, in both documents alike.
 */
function cutHollowObjects(text: string, spec: string): string {
  const path = parsePath(spec);
  let out = text;
  for (let depth = path.steps.length - 1; depth >= 1; depth--) {
    const step = path.steps[depth - 1]!;
    if (!MANDATORY[step.name]) continue;
    const objects = select(out, scanXml(out), { steps: path.steps.slice(0, depth), occurrence: 'all' });
    const hollow = objects.filter((o) => o.parent && o.parent.parent && o.children
      .filter((c) => !MANDATORY[o.local]!.includes(c.local)).every((c) => !holdsValue(out, c)));
    const edits = hollow.map((o) => removal(out, o.parent!)).sort((a, b) => b.start - a.start);
    for (const e of edits) out = out.slice(0, e.start) + out.slice(e.end);
  }
  return out;
}

/** Text or an attribute (other than a namespace declaration) anywhere in the element. */
function holdsValue(text: string, el: XmlRange): boolean {
  if ([...el.attrs.keys()].some((k) => k !== 'xmlns' && !k.startsWith('xmlns:'))) return true;
  if (el.children.length === 0) return textOf(text, el).trim() !== '';
  return el.children.some((c) => holdsValue(text, c));
}
