import type { Element } from '@xmldom/xmldom';
import type { BoundingBox, TemporalExtent } from '../catalogue/record.types';
import { checkBox, parseDegree, unionBoxes } from './bbox';
import { isImportMappingError } from './import-error';
import { clean, first, propText, qpath, select, textAt, type NsPredicate } from './dom';
import type { MapContext } from './map-context';
import { GML_NS } from './namespaces';
import { normaliseDate } from './values';

/**
 * `EX_Extent`s of the identification section (gmd:extent, srv:extent, mri:extent — same local
 * names in both encodings): every EX_GeographicBoundingBox unioned into one box,
 * EX_GeographicDescription codes as spatial coverage, and the first gml:TimePeriod /
 * gml:TimeInstant (GML 3.1 or 3.2) as the temporal extent.
 */
export interface IsoExtent {
  bbox?: BoundingBox;
  temporal?: TemporalExtent;
  spatialCoverage: string[];
}

export function readExtents(ident: Element, ns: NsPredicate, ctx: MapContext): IsoExtent {
  const extents = select(ident, 'extent/EX_Extent', ns);
  const boxes: BoundingBox[] = [];
  const coverage: string[] = [];
  let temporal: TemporalExtent | undefined;
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
    if (!temporal) {
      for (const holder of select(ex, 'temporalElement/*/extent', ns)) {
        temporal = readTime(holder, ctx);
        if (temporal) break;
      }
    }
  }
  const out: IsoExtent = { spatialCoverage: coverage };
  const bbox = unionBoxes(boxes);
  if (bbox) out.bbox = bbox;
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
