import type { Element } from '@xmldom/xmldom';
import { asCswErrors, invalid } from '../csw-error';
import { resolveQueryable, type Queryable } from '../../search/queryables';
import { attr, childElements, display, GML32_NS, GML_NS, isGml, isOgc, OGC_NS, textOf } from './dom-helpers';
import { toDegrees } from '../../search/filter/distance-units';
import { MAX_FILTER_DEPTH, NOTHING, type ComparisonOp, type FilterNode, type SpatialOp } from '../../search/filter/filter-ast';
import { gmlToWkt } from './gml-geometry';

/**
 * OGC Filter Encoding 1.1.0 (the `ogc:Filter` of a CSW 2.0.2 constraint) → FilterNode.
 * Elements are matched by namespace URI + local name. Every error is an
 * InvalidParameterValue with locator `constraint`, worded for the person who wrote the filter.
 */
const COMPARISONS: Record<string, ComparisonOp> = {
  PropertyIsEqualTo: 'eq',
  PropertyIsNotEqualTo: 'ne',
  PropertyIsLessThan: 'lt',
  PropertyIsGreaterThan: 'gt',
  PropertyIsLessThanOrEqualTo: 'le',
  PropertyIsGreaterThanOrEqualTo: 'ge',
};

const SPATIALS: Record<string, SpatialOp> = {
  BBOX: 'bbox',
  Intersects: 'intersects',
  Within: 'within',
  Contains: 'contains',
  Disjoint: 'disjoint',
  Equals: 'equals',
  Overlaps: 'overlaps',
  Touches: 'touches',
  Crosses: 'crosses',
  Beyond: 'beyond',
  DWithin: 'dwithin',
};

/** ogc:Function names we evaluate; anything else is refused */
export const SUPPORTED_FUNCTIONS = ['upper', 'lower'] as const;
type FunctionName = (typeof SUPPORTED_FUNCTIONS)[number];

const FLIPPED: Record<ComparisonOp, ComparisonOp> = { eq: 'eq', ne: 'ne', lt: 'gt', gt: 'lt', le: 'ge', ge: 'le' };

type Expr = { kind: 'property'; q: Queryable; fn?: FunctionName } | { kind: 'literal'; value: string };

const err = (message: string): Error => invalid('constraint', message);

function parseOgcFilterUnwrapped(filterEl: Element): FilterNode {
  if (!isOgc(filterEl, 'Filter')) {
    throw err(`Filter harus berupa elemen Filter dalam namespace ${OGC_NS}, bukan ${display(filterEl)} (${filterEl.namespaceURI ?? 'tanpa namespace'}).`);
  }
  const kids = childElements(filterEl);
  if (kids.length === 0) return { op: 'all' };
  if (kids.every(isIdElement)) return { op: 'ids', ids: kids.map(idOf) };
  if (kids.length > 1) throw err('ogc:Filter hanya boleh berisi satu operator (gabungkan dengan ogc:And atau ogc:Or).');
  return parseOperator(kids[0]!, 1);
}

const isIdElement = (el: Element): boolean => isOgc(el, 'FeatureId') || isOgc(el, 'GmlObjectId');

function idOf(el: Element): string {
  const id =
    el.localName === 'FeatureId'
      ? attr(el, 'fid')
      : (el.getAttributeNS(GML_NS, 'id') || el.getAttributeNS(GML32_NS, 'id') || attr(el, 'gml:id') || attr(el, 'id'));
  if (!id || id.trim() === '') throw err(`ogc:${el.localName} memerlukan identifier (${el.localName === 'FeatureId' ? 'fid' : 'gml:id'}).`);
  return id.trim();
}

function parseOperator(el: Element, depth: number): FilterNode {
  if (depth > MAX_FILTER_DEPTH) throw err(`Filter bersarang lebih dari ${MAX_FILTER_DEPTH} tingkat.`);
  if (el.namespaceURI !== OGC_NS) throw err(`Elemen ${display(el)} bukan operator filter OGC.`);
  const name = el.localName ?? '';
  if (name === 'And' || name === 'Or') {
    const kids = childElements(el);
    if (kids.length === 0) throw err(`ogc:${name} memerlukan paling sedikit satu operand.`);
    return { op: name === 'And' ? 'and' : 'or', children: kids.map((k) => parseOperator(k, depth + 1)) };
  }
  if (name === 'Not') {
    const kids = childElements(el);
    if (kids.length !== 1) throw err('ogc:Not memerlukan tepat satu operand.');
    return { op: 'not', child: parseOperator(kids[0]!, depth + 1) };
  }
  const cmp = COMPARISONS[name];
  if (cmp) return parseComparison(el, cmp);
  const spatial = SPATIALS[name];
  if (spatial) return parseSpatial(el, spatial);
  switch (name) {
    case 'PropertyIsLike':
      return parseLike(el);
    case 'PropertyIsNull':
      return { op: 'null', property: nonGeometryProperty(singleProperty(el), 'PropertyIsNull', true).name };
    case 'PropertyIsBetween':
      return parseBetween(el);
    case 'FeatureId':
    case 'GmlObjectId':
      return { op: 'ids', ids: [idOf(el)] };
    case 'Function':
      throw err(`ogc:Function hanya dapat dipakai sebagai argumen operator perbandingan.`);
    default:
      throw err(`Operator filter ogc:${name} tidak dikenal atau tidak didukung.`);
  }
}

function resolveProperty(el: Element): Queryable {
  const name = textOf(el).trim();
  const q = resolveQueryable(name);
  if (!q) throw err(`PropertyName "${name.slice(0, 100)}" tidak dikenal sebagai queryable.`);
  return q;
}

function parseExpression(el: Element): Expr {
  if (isOgc(el, 'PropertyName')) return { kind: 'property', q: resolveProperty(el) };
  if (isOgc(el, 'Literal')) return { kind: 'literal', value: textOf(el) };
  if (isOgc(el, 'Function')) {
    const fname = (attr(el, 'name') ?? '').trim();
    const fn = SUPPORTED_FUNCTIONS.find((f) => f === fname.toLowerCase());
    if (!fn) throw err(`ogc:Function "${fname.slice(0, 60)}" tidak didukung (yang didukung: ${SUPPORTED_FUNCTIONS.join(', ')}).`);
    const args = childElements(el);
    if (args.length !== 1) throw err(`ogc:Function ${fname} memerlukan tepat satu argumen.`);
    const inner = parseExpression(args[0]!);
    if (inner.kind === 'literal') return { kind: 'literal', value: fn === 'upper' ? inner.value.toUpperCase() : inner.value.toLowerCase() };
    if (inner.fn) throw err('ogc:Function bertingkat tidak didukung.');
    return { kind: 'property', q: inner.q, fn };
  }
  throw err(`Ekspresi ${display(el)} tidak didukung (gunakan ogc:PropertyName, ogc:Literal atau ogc:Function).`);
}

function nonGeometryProperty(q: Queryable, opName: string, allowGeometry = false): Queryable {
  if (q.kind === 'geometry' && !allowGeometry) throw err(`Operator ${opName} tidak berlaku untuk properti geometri ${q.name}; gunakan operator spasial.`);
  return q;
}

function singleProperty(el: Element): Queryable {
  const kids = childElements(el);
  if (kids.length !== 1 || !isOgc(kids[0]!, 'PropertyName')) throw err(`ogc:${el.localName} memerlukan tepat satu ogc:PropertyName.`);
  return resolveProperty(kids[0]!);
}

/** `upper(x) = 'ABC'` ⇔ x equals 'abc' ignoring case; `upper(x) = 'Abc'` can never hold */
const foldable = (fn: FunctionName, value: string): boolean =>
  value === (fn === 'upper' ? value.toUpperCase() : value.toLowerCase());

function parseComparison(el: Element, op: ComparisonOp): FilterNode {
  const kids = childElements(el);
  if (kids.length !== 2) throw err(`ogc:${el.localName} memerlukan tepat dua ekspresi.`);
  let a = parseExpression(kids[0]!);
  let b = parseExpression(kids[1]!);
  let cmp = op;
  if (a.kind === 'literal' && b.kind === 'property') {
    [a, b] = [b, a];
    cmp = FLIPPED[op];
  }
  if (a.kind !== 'property' || b.kind !== 'literal') {
    throw err(`ogc:${el.localName} memerlukan satu ogc:PropertyName dan satu ogc:Literal.`);
  }
  const q = nonGeometryProperty(a.q, el.localName ?? 'perbandingan');
  const matchCaseAttr = (attr(el, 'matchCase') ?? 'true').trim().toLowerCase();
  let matchCase = !(matchCaseAttr === 'false' || matchCaseAttr === '0');
  if (a.fn) {
    if (cmp !== 'eq' && cmp !== 'ne') throw err(`ogc:Function ${a.fn} hanya didukung dengan PropertyIsEqualTo, PropertyIsNotEqualTo dan PropertyIsLike.`);
    if (!foldable(a.fn, b.value)) return cmp === 'eq' ? NOTHING : { op: 'not', child: { op: 'null', property: q.name } };
    matchCase = false;
  }
  return { op: 'compare', cmp, property: q.name, value: b.value, matchCase };
}

function oneChar(value: string | undefined, fallback: string, name: string, allowEmpty: boolean): string {
  if (value === undefined) return fallback;
  const n = [...value].length;
  if (n > 1 || (n === 0 && !allowEmpty)) throw err(`Atribut ${name} pada ogc:PropertyIsLike harus berupa satu karakter.`);
  return value;
}

function parseLike(el: Element): FilterNode {
  const kids = childElements(el);
  if (kids.length !== 2) throw err('ogc:PropertyIsLike memerlukan ogc:PropertyName dan ogc:Literal.');
  const a = parseExpression(kids[0]!);
  const b = parseExpression(kids[1]!);
  if (a.kind !== 'property' || b.kind !== 'literal') throw err('ogc:PropertyIsLike memerlukan ogc:PropertyName lalu ogc:Literal.');
  const q = nonGeometryProperty(a.q, 'PropertyIsLike');
  const wildCard = oneChar(attr(el, 'wildCard'), '*', 'wildCard', false);
  const singleChar = oneChar(attr(el, 'singleChar'), '?', 'singleChar', false);
  const escapeChar = oneChar(attr(el, 'escapeChar') ?? attr(el, 'escape'), '\\', 'escapeChar', true);
  if (wildCard === singleChar || wildCard === escapeChar || singleChar === escapeChar) {
    throw err('wildCard, singleChar dan escapeChar pada ogc:PropertyIsLike harus berbeda.');
  }
  const matchCaseAttr = (attr(el, 'matchCase') ?? 'true').trim().toLowerCase();
  let matchCase = !(matchCaseAttr === 'false' || matchCaseAttr === '0');
  if (a.fn) {
    if (!foldable(a.fn, b.value)) return NOTHING;
    matchCase = false;
  }
  return { op: 'like', property: q.name, pattern: b.value, wildCard, singleChar, escapeChar, matchCase };
}

function boundary(el: Element | undefined, name: string): string {
  if (!el || !isOgc(el, name)) throw err(`ogc:PropertyIsBetween memerlukan ogc:${name}.`);
  const inner = childElements(el);
  if (inner.length !== 1) throw err(`ogc:${name} memerlukan tepat satu ogc:Literal.`);
  const e = parseExpression(inner[0]!);
  if (e.kind !== 'literal') throw err(`ogc:${name} memerlukan ogc:Literal.`);
  return e.value;
}

function parseBetween(el: Element): FilterNode {
  const kids = childElements(el);
  if (kids.length !== 3) throw err('ogc:PropertyIsBetween memerlukan ogc:PropertyName, ogc:LowerBoundary dan ogc:UpperBoundary.');
  const p = parseExpression(kids[0]!);
  if (p.kind !== 'property' || p.fn) throw err('ogc:PropertyIsBetween memerlukan ogc:PropertyName sebagai ekspresi pertama.');
  const q = nonGeometryProperty(p.q, 'PropertyIsBetween');
  return { op: 'between', property: q.name, lower: boundary(kids[1], 'LowerBoundary'), upper: boundary(kids[2], 'UpperBoundary') };
}

function parseSpatial(el: Element, spatial: SpatialOp): FilterNode {
  const kids = childElements(el);
  const propEl = kids.find((k) => isOgc(k, 'PropertyName'));
  const geomEls = kids.filter(isGml);
  const distEl = kids.find((k) => isOgc(k, 'Distance'));
  const stray = kids.find((k) => k !== propEl && k !== distEl && !isGml(k));
  if (stray) throw err(`Elemen ${display(stray)} tidak diharapkan di dalam ogc:${el.localName}.`);
  // BBOX may omit the property (Filter 1.1.0): it then means the record's bounding box
  const q = propEl ? resolveProperty(propEl) : spatial === 'bbox' ? resolveQueryable('ows:BoundingBox')! : undefined;
  if (!q) throw err(`ogc:${el.localName} memerlukan ogc:PropertyName.`);
  if (q.kind !== 'geometry') throw err(`Operator spasial ogc:${el.localName} hanya berlaku untuk properti geometri (ows:BoundingBox), bukan ${q.name}.`);
  if (geomEls.length !== 1) throw err(`ogc:${el.localName} memerlukan tepat satu geometri GML.`);
  const node: FilterNode = { op: 'spatial', spatial, property: q.name, geometryWkt: gmlToWkt(geomEls[0]!) };
  if (spatial === 'dwithin' || spatial === 'beyond') {
    if (!distEl) throw err(`ogc:${el.localName} memerlukan ogc:Distance.`);
    return { ...node, distanceDegrees: toDegrees(textOf(distEl), attr(distEl, 'units')) };
  }
  return node;
}

/** the search core's query errors surface as CswError (InvalidParameterValue) */
export const parseOgcFilter = asCswErrors(parseOgcFilterUnwrapped);
