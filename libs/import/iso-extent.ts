import type { Element } from '@xmldom/xmldom';
import type { BoundingBox, TemporalExtent, VerticalExtent } from '../catalogue/record.types';
import { checkBox, parseDegree, unionBoxes } from './bbox';
import { isImportMappingError } from './import-error';
import { childElements, clean, first, propText, qpath, select, textAt, type NsPredicate } from './dom';
import type { MapContext } from './map-context';
import { GML_NS } from './namespaces';
import { XLINK } from './rich-view-text';
import { normaliseDate, parseNumber } from './values';

/**
 * `EX_Extent`s of the identification section (gmd:extent, srv:extent, mri:extent — same local
 * names in both encodings): every EX_GeographicBoundingBox unioned into one box,
 * EX_GeographicDescription codes as spatial coverage, and the first gml:TimePeriod /
 * gml:TimeInstant (GML 3.1 or 3.2) as the temporal extent. The boxes after the first are kept
 * apart as well (`additionalBboxes`, issue 19 §4) and the first EX_VerticalExtent is read.
 */
export interface IsoExtent {
  bbox?: BoundingBox;
  additionalBboxes: BoundingBox[];
  vertical?: VerticalExtent;
  temporal?: TemporalExtent;
  spatialCoverage: string[];
}

export function readExtents(ident: Element, ns: NsPredicate, ctx: MapContext): IsoExtent {
  const extents = select(ident, 'extent/EX_Extent', ns);
  const boxes: BoundingBox[] = [];
  const coverage: string[] = [];
  let temporal: TemporalExtent | undefined;
  let vertical: VerticalExtent | undefined;
  for (const ex of extents) {
    for (const b of select(ex, 'geographicElement/EX_GeographicBoundingBox', ns)) {
      // a box that is not one (empty or out-of-range corners) stays in the document as written;
      // the record's footprint is made of the others
      try {
        boxes.push(readBox(b, ns, ctx));
      } catch (err) {
        if (!isImportMappingError(err)) throw err;
        ctx.warn(`${err.element}: ${err.message} Kotak ini disimpan di dokumen, tidak dipakai untuk cakupan rekaman.`);
      }
    }
    for (const code of select(ex, 'geographicElement/EX_GeographicDescription/geographicIdentifier/*/code', ns)) {
      const v = propText(code);
      if (v && !coverage.includes(v)) coverage.push(v);
    }
    if (!vertical) {
      for (const v of select(ex, 'verticalElement/EX_VerticalExtent', ns)) {
        vertical = readVertical(v, ns, ctx);
        if (vertical) break;
      }
    }
    if (!temporal) {
      for (const holder of select(ex, 'temporalElement/*/extent', ns)) {
        temporal = readTime(holder, ctx);
        if (temporal) break;
      }
    }
  }
  // `bbox` stays the union of every box (the record's footprint in search); the boxes after the
  // first are kept as written so that none is lost
  const out: IsoExtent = { spatialCoverage: coverage, additionalBboxes: boxes.slice(1) };
  const bbox = unionBoxes(boxes);
  if (bbox) out.bbox = bbox;
  if (vertical) out.vertical = vertical;
  if (temporal) out.temporal = temporal;
  return out;
}

function readBox(el: Element, ns: NsPredicate, ctx: MapContext): BoundingBox {
  const at = qpath(el);
  const side = (name: string): number => parseDegree(textAt(el, name, ns), `${at}/${first(el, name, ns)?.nodeName ?? name}`);
  return checkBox(
    { west: side('westBoundLongitude'), east: side('eastBoundLongitude'), south: side('southBoundLatitude'), north: side('northBoundLatitude') },
    at,
    (m) => ctx.warn(m),
  );
}

/**
 * minimumValue / maximumValue (gco:Real) and the vertical CRS as written: the verticalCRS's
 * xlink:href, else its inline GML CRS's name (or identifier); 19115-3's verticalCRSId code.
 */
function readVertical(v: Element, ns: NsPredicate, ctx: MapContext): VerticalExtent | undefined {
  const out: VerticalExtent = {};
  for (const [key, name] of [['minimum', 'minimumValue'], ['maximum', 'maximumValue']] as const) {
    const raw = textAt(v, name, ns);
    const n = parseNumber(raw);
    if (n !== undefined) out[key] = n;
    else if (raw) ctx.warn(`Nilai ${name} "${raw}" bukan angka; disimpan di dokumen saja.`);
  }
  const crsEl = first(v, 'verticalCRS', ns);
  const inline = crsEl ? childElements(crsEl)[0] : undefined;
  const named = inline ? childElements(inline).find((k) => k.localName === 'name') ?? childElements(inline).find((k) => k.localName === 'identifier') : undefined;
  const crs = clean(crsEl?.getAttributeNS(XLINK, 'href')) ?? clean(named?.textContent)
    ?? textAt(v, 'verticalCRSId/MD_ReferenceSystem/referenceSystemIdentifier/*/code', ns);
  if (crs) out.crs = crs;
  return Object.keys(out).length ? out : undefined;
}

/** gml:TimePeriod (beginPosition/endPosition or begin/end TimeInstant) or gml:TimeInstant. */
function readTime(holder: Element, ctx: MapContext): TemporalExtent | undefined {
  const period = first(holder, 'TimePeriod', GML_NS);
  const instant = first(holder, 'TimeInstant', GML_NS);
  let start: string | undefined;
  let end: string | undefined;
  if (period) {
    start = position(first(period, 'beginPosition', GML_NS) ?? first(period, 'begin/TimeInstant/timePosition', GML_NS));
    end = position(first(period, 'endPosition', GML_NS) ?? first(period, 'end/TimeInstant/timePosition', GML_NS));
  } else if (instant) {
    start = end = position(first(instant, 'timePosition', GML_NS));
  } else {
    return undefined;
  }
  const t: TemporalExtent = {};
  const s = normaliseDate(start);
  const e = normaliseDate(end);
  if (start && !s) ctx.warn(`Awal rentang waktu "${start}" bukan tanggal ISO dan diabaikan.`);
  if (end && !e) ctx.warn(`Akhir rentang waktu "${end}" bukan tanggal ISO dan diabaikan.`);
  if (s) t.start = s;
  if (e) t.end = e;
  return s || e ? t : undefined;
}

/** A GML position; `indeterminatePosition="now|unknown"` without a value means open-ended. */
function position(el: Element | undefined): string | undefined {
  return el ? clean(el.textContent) : undefined;
}
