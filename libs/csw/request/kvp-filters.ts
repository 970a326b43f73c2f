import { invalid } from '../csw-error';
import type { FilterNode } from '../../search/filter/filter-ast';
import { envelopeGeometry, toWkt } from '../../search/filter/geometry';
import { freeTextNode, freeTextTokens } from '../../search/free-text';

/**
 * The GET-only search shortcuts of the product specification: `q` (free text) and
 * `BBOX=minX,minY,maxX,maxY` (WGS84, longitude first), turned into ordinary filter nodes
 * so they compile and combine exactly like a CONSTRAINT does.
 */

export interface KvpBbox {
  minx: number;
  miny: number;
  maxx: number;
  maxy: number;
}

/** CRS spellings that mean latitude-first (see csw-notes: axis order by srsName). */
const LAT_LON_CRS = new Set(['urn:x-ogc:def:crs:EPSG:6.11:4326', 'urn:ogc:def:crs:EPSG::4326', 'urn:ogc:def:crs:EPSG:6.6:4326', 'http://www.opengis.net/def/crs/EPSG/0/4326']);
const LON_LAT_CRS = new Set(['urn:ogc:def:crs:OGC:1.3:CRS84', 'urn:ogc:def:crs:OGC::CRS84', 'EPSG:4326', 'CRS:84', 'http://www.opengis.net/def/crs/OGC/1.3/CRS84']);

export function parseBboxParam(value: string): KvpBbox {
  const parts = value.split(',').map((p) => p.trim());
  if (parts.length !== 4 && parts.length !== 5) {
    throw invalid('bbox', 'BBOX harus berisi empat angka: minX,minY,maxX,maxY (bujur/lintang WGS84).');
  }
  const nums = parts.slice(0, 4).map((p) => (/^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(p) ? Number(p) : NaN));
  if (nums.some((n) => !Number.isFinite(n))) throw invalid('bbox', `BBOX "${value}" berisi nilai yang bukan angka.`);
  let [minx, miny, maxx, maxy] = nums as [number, number, number, number];
  const crs = parts[4];
  if (crs !== undefined) {
    if (LAT_LON_CRS.has(crs)) [minx, miny, maxx, maxy] = [miny, minx, maxy, maxx];
    else if (!LON_LAT_CRS.has(crs)) throw invalid('bbox', `CRS "${crs}" pada BBOX tidak didukung; gunakan WGS84 (EPSG:4326 / CRS84).`);
  }
  if (minx < -180 || minx > 180 || maxx < -180 || maxx > 180) throw invalid('bbox', 'Bujur pada BBOX harus di antara -180 dan 180.');
  if (miny < -90 || miny > 90 || maxy < -90 || maxy > 90) throw invalid('bbox', 'Lintang pada BBOX harus di antara -90 dan 90.');
  if (miny > maxy) throw invalid('bbox', 'minY pada BBOX tidak boleh lebih besar dari maxY.');
  return { minx, miny, maxx, maxy };
}

/**
 * minx > maxx crosses the antimeridian: envelopeGeometry splits it into two boxes, and a box
 * without width or height becomes the line or point it is (a polygon without area is invalid).
 */
export function bboxFilter(b: KvpBbox): FilterNode {
  return {
    op: 'spatial',
    spatial: 'bbox',
    property: 'ows:BoundingBox',
    geometryWkt: toWkt(envelopeGeometry(b.minx, b.miny, b.maxx, b.maxy)),
  };
}

/** Words of a free-text query (the validate echo writes them). */
export function freeTextWords(q: string): string[] {
  return freeTextTokens(q);
}

/**
 * `q`: every word must occur as a word (any Indonesian or English form, accents folded), ranked
 * by relevance when the request has no SortBy (libs/search/free-text.ts). A CONSTRAINT's
 * PropertyIsLike on csw:AnyText keeps its LIKE semantics.
 */
export function freeTextFilter(q: string): FilterNode | undefined {
  return freeTextNode(q);
}

/** AND of the given filters, dropping match-alls; `{op:'all'}` when nothing is left. */
export function combineAnd(nodes: (FilterNode | undefined)[]): FilterNode {
  const real = nodes.filter((n): n is FilterNode => n !== undefined && n.op !== 'all');
  if (real.length === 0) return { op: 'all' };
  if (real.length === 1) return real[0]!;
  return { op: 'and', children: real };
}
