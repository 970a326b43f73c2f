import type { XmlNodeBuilder as XMLBuilder } from './gmd-tree';
import type { BoundingBox, MetadataRecord, SpatialResolution } from '../catalogue/record.types';
import { nil, num, str, xmlAttr } from './gmd-xml';
import { decimal, isoDate, positiveInteger, present } from './gmd-values';

/** Spatial resolution and extent of the identification (data or service). */

/** MD_Resolution is a choice: a scale and a ground distance are two spatialResolution elements. */
export function resolution(id: XMLBuilder, res: SpatialResolution | undefined): void {
  if (!res) return;
  const scale = positiveInteger(res.scaleDenominator);
  if (scale) {
    const rf = id.ele('gmd:spatialResolution').ele('gmd:MD_Resolution').ele('gmd:equivalentScale').ele('gmd:MD_RepresentativeFraction');
    num(rf, 'gmd:denominator', 'Integer', scale);
  }
  const dist = res.distance !== undefined ? decimal(res.distance) : undefined;
  if (dist !== undefined) {
    // gml:UomIdentifier allows no white space
    const uom = present(res.distanceUom) ? res.distanceUom.trim().replace(/\s+/g, '') : 'm';
    id.ele('gmd:spatialResolution').ele('gmd:MD_Resolution').ele('gmd:distance').ele('gco:Distance', { uom: xmlAttr(uom) }).txt(dist);
  }
}

/** A box as four xs:decimal texts, or undefined when one side is not a finite number. */
function boxValues(b: BoundingBox | undefined): string[] | undefined {
  if (!b) return undefined;
  const box = [decimal(b.west), decimal(b.east), decimal(b.south), decimal(b.north)];
  return box.every((v) => v !== undefined) ? (box as string[]) : undefined;
}

/** `prop` is gmd:extent (data) or srv:extent (service); EX_Extent's order: geographic, temporal, vertical elements. */
export function extent(id: XMLBuilder, r: MetadataRecord, prop: 'gmd:extent' | 'srv:extent'): void {
  const boxes = [boxValues(r.extent?.bbox), ...(r.extent?.additionalBboxes ?? []).map(boxValues)].filter((b) => b !== undefined);
  const places = (r.spatialCoverage ?? []).filter(present);
  const t = r.extent?.temporal;
  const start = isoDate(t?.start);
  const end = isoDate(t?.end);
  const hasTime = !!(start || end);
  const v = r.extent?.vertical;
  const vMin = v?.minimum !== undefined ? decimal(v.minimum) : undefined;
  const vMax = v?.maximum !== undefined ? decimal(v.maximum) : undefined;
  const hasVertical = vMin !== undefined || vMax !== undefined || present(v?.crs);
  if (boxes.length === 0 && places.length === 0 && !hasTime && !hasVertical) return;
  const ex = id.ele(prop).ele('gmd:EX_Extent');
  for (const box of boxes) {
    const bb = ex.ele('gmd:geographicElement').ele('gmd:EX_GeographicBoundingBox');
    const names = ['gmd:westBoundLongitude', 'gmd:eastBoundLongitude', 'gmd:southBoundLatitude', 'gmd:northBoundLatitude'];
    names.forEach((n, i) => num(bb, n, 'Decimal', box[i] as string));
  }
  for (const p of places) {
    const gd = ex.ele('gmd:geographicElement').ele('gmd:EX_GeographicDescription');
    str(gd.ele('gmd:geographicIdentifier').ele('gmd:MD_Identifier'), 'gmd:code', p);
  }
  if (hasTime) {
    const tp = ex.ele('gmd:temporalElement').ele('gmd:EX_TemporalExtent').ele('gmd:extent').ele('gml:TimePeriod', { 'gml:id': 'temporal-extent' });
    // an open end is written as "unknown": the JSON does not say whether the resource is ongoing
    if (start) tp.ele('gml:beginPosition').txt(start.value);
    else tp.ele('gml:beginPosition', { indeterminatePosition: 'unknown' });
    if (end) tp.ele('gml:endPosition').txt(end.value);
    else tp.ele('gml:endPosition', { indeterminatePosition: 'unknown' });
  }
  if (hasVertical) {
    const ve = ex.ele('gmd:verticalElement').ele('gmd:EX_VerticalExtent');
    if (vMin !== undefined) num(ve, 'gmd:minimumValue', 'Real', vMin);
    else nil(ve, 'gmd:minimumValue', 'unknown');
    if (vMax !== undefined) num(ve, 'gmd:maximumValue', 'Real', vMax);
    else nil(ve, 'gmd:maximumValue', 'unknown');
    // the CRS by reference: a URI or URN as xlink:href, a bare name as xlink:title
    const crs = v?.crs?.trim();
    if (!crs) nil(ve, 'gmd:verticalCRS', 'unknown');
    else if (/^[a-z][a-z0-9+.-]*:/i.test(crs) && !/\s/.test(crs)) ve.ele('gmd:verticalCRS', { 'xlink:href': xmlAttr(crs) });
    else ve.ele('gmd:verticalCRS', { 'xlink:title': xmlAttr(crs) });
  }
}
