import type { Element, Node } from '@xmldom/xmldom';
import { invalid } from '../csw-error';
import { attr, childElements, isGml, textOf } from './dom-helpers';
import { checkGeometry, envelopeGeometry, toWkt, type Geometry, type Pos } from '../../search/filter/geometry';
import { axisOrderFor, type AxisOrder } from '../../search/filter/srs-name';

/**
 * GML geometries of a spatial filter (GML 3.1.1 and 3.2, plus the GML 2 forms older
 * clients send: Box, coordinates, outerBoundaryIs) → WKT in lon/lat. The srsName may sit on
 * the geometry or on any enclosing element up to the filter; its axis order decides whether
 * each pair is swapped.
 */
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

function numbers(text: string, what: string): number[] {
  const parts = text.trim().split(/\s+/).filter((p) => p !== '');
  return parts.map((p) => {
    if (!NUMBER.test(p)) throw invalid('constraint', `Koordinat "${p.slice(0, 40)}" pada ${what} bukan angka.`);
    return Number(p);
  });
}

function srsNameOf(el: Element): string | undefined {
  for (let n: Node | null = el; n && n.nodeType === 1; n = n.parentNode) {
    const e = n as Element;
    const s = attr(e, 'srsName');
    if (s !== undefined && s.trim() !== '') return s;
    if (e.localName === 'Filter') break;
  }
  return undefined;
}

function dimensionOf(el: Element): number {
  for (let n: Node | null = el; n && n.nodeType === 1; n = n.parentNode) {
    const d = attr(n as Element, 'srsDimension');
    if (d !== undefined) {
      if (d.trim() !== '2' && d.trim() !== '3') throw invalid('constraint', `srsDimension "${d}" tidak didukung.`);
      return Number(d.trim());
    }
    if ((n as Element).localName === 'Filter') break;
  }
  return 2;
}

const orient = (a: number, b: number, order: AxisOrder): Pos => (order === 'latlon' ? [b, a] : [a, b]);

function pairs(values: number[], dim: number, order: AxisOrder, what: string): Pos[] {
  if (values.length === 0 || values.length % dim !== 0) throw invalid('constraint', `Jumlah koordinat tidak valid pada ${what}.`);
  const out: Pos[] = [];
  for (let i = 0; i < values.length; i += dim) out.push(orient(values[i]!, values[i + 1]!, order));
  return out;
}

/** gml:coordinates with its decimal / cs / ts separators (GML 2) */
function coordinatesText(el: Element, order: AxisOrder): Pos[] {
  const decimal = attr(el, 'decimal') || '.';
  const cs = attr(el, 'cs') || ',';
  const ts = attr(el, 'ts') || ' ';
  const tuples = textOf(el).trim().split(ts === ' ' ? /\s+/ : ts).filter((t) => t.trim() !== '');
  return tuples.map((t) => {
    const v = t.split(cs).map((x) => x.trim().split(decimal).join('.'));
    const nums = numbers(v.join(' '), 'gml:coordinates');
    if (nums.length < 2 || nums.length > 3) throw invalid('constraint', 'Jumlah koordinat tidak valid pada gml:coordinates.');
    return orient(nums[0]!, nums[1]!, order);
  });
}

/** the positions held directly by a LinearRing / LineString / Point / Envelope-like element */
function positionsOf(el: Element, order: AxisOrder): Pos[] {
  const kids = childElements(el).filter(isGml);
  const out: Pos[] = [];
  for (const k of kids) {
    switch (k.localName) {
      case 'posList':
        out.push(...pairs(numbers(textOf(k), 'gml:posList'), dimensionOf(k), order, 'gml:posList'));
        break;
      case 'pos':
      case 'lowerCorner':
      case 'upperCorner': {
        const v = numbers(textOf(k), `gml:${k.localName}`);
        if (v.length !== dimensionOf(k)) throw invalid('constraint', `Jumlah koordinat tidak valid pada gml:${k.localName}.`);
        out.push(orient(v[0]!, v[1]!, order));
        break;
      }
      case 'coordinates':
        out.push(...coordinatesText(k, order));
        break;
      case 'coord': {
        const x = childElements(k).find((c) => c.localName === 'X');
        const y = childElements(k).find((c) => c.localName === 'Y');
        if (!x || !y) throw invalid('constraint', 'gml:coord memerlukan X dan Y.');
        const v = numbers(`${textOf(x)} ${textOf(y)}`, 'gml:coord');
        out.push(orient(v[0]!, v[1]!, order));
        break;
      }
      default:
        break;
    }
  }
  return out;
}

function ringOf(boundary: Element, order: AxisOrder): Pos[] {
  const ring = childElements(boundary).find((c) => isGml(c) && c.localName === 'LinearRing');
  if (!ring) throw invalid('constraint', `gml:${boundary.localName} harus berisi gml:LinearRing.`);
  return positionsOf(ring, order);
}

function parseGeometry(el: Element): Geometry {
  if (!isGml(el)) throw invalid('constraint', `Geometri ${el.tagName} bukan elemen GML.`);
  const order = axisOrderFor(srsNameOf(el));
  switch (el.localName) {
    case 'Envelope':
    case 'Box': {
      const pos = positionsOf(el, order);
      if (pos.length !== 2) throw invalid('constraint', `gml:${el.localName} memerlukan tepat dua sudut.`);
      const [lower, upper] = pos as [Pos, Pos];
      return envelopeGeometry(lower[0], lower[1], upper[0], upper[1]);
    }
    case 'Point': {
      const pos = positionsOf(el, order);
      if (pos.length !== 1) throw invalid('constraint', 'Jumlah koordinat tidak valid pada gml:Point.');
      return { type: 'Point', coords: pos[0]! };
    }
    case 'LineString':
      return checkGeometry({ type: 'LineString', coords: positionsOf(el, order) });
    case 'Polygon': {
      const rings: Pos[][] = [];
      for (const k of childElements(el).filter(isGml)) {
        if (k.localName === 'exterior' || k.localName === 'outerBoundaryIs') rings.unshift(ringOf(k, order));
        else if (k.localName === 'interior' || k.localName === 'innerBoundaryIs') rings.push(ringOf(k, order));
      }
      if (rings.length === 0) throw invalid('constraint', 'gml:Polygon memerlukan gml:exterior.');
      return checkGeometry({ type: 'Polygon', rings });
    }
    default:
      throw invalid('constraint', `Geometri gml:${el.localName} tidak didukung (gunakan Envelope, Polygon, Point atau LineString).`);
  }
}

/** A GML geometry element as lon/lat WKT (SRID 4326). */
export function gmlToWkt(el: Element): string {
  return toWkt(parseGeometry(el));
}
