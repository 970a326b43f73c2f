import { checkBox, parseDegree } from '../bbox';
import { childNamed, propText, type XmlRange } from './xml-ranges';

/**
 * Which bounding boxes hold `extent.bbox` and which `extent.additionalBboxes`, by the import's
 * rule (iso-extent.ts readExtents), not by position: the import reads the boxes it can (four
 * numeric corners in range), the first of them is the record's first box and the others are the
 * additional ones; a box it cannot read (an empty `<EX_GeographicBoundingBox/>`, out-of-range
 * corners) is kept in the document and read by neither field. Pairing by position would write
 * the edited box over such an empty one and leave the old first box to read back as an
 * additional one. `els` are boxes or the geographicElement properties holding them.
 */
const SIDES = ['westBoundLongitude', 'eastBoundLongitude', 'southBoundLatitude', 'northBoundLatitude'] as const;

function readable(text: string, el: XmlRange): boolean {
  const box = el.local === 'EX_GeographicBoundingBox' ? el : childNamed(el, 'EX_GeographicBoundingBox');
  if (!box) return false;
  try {
    const [west, east, south, north] = SIDES.map((s) => parseDegree(propText(text, childNamed(box, s)), s));
    checkBox({ west: west!, east: east!, south: south!, north: north! }, box.qname, () => undefined);
    return true;
  } catch {
    return false; // the import's ImportMappingError: a box it does not read
  }
}

/** `els` (document order) split as the import reads them: the first readable box, the other readable ones. */
export function boxRoles(text: string, els: XmlRange[]): { first: XmlRange[]; rest: XmlRange[] } {
  const boxes = els.filter((el) => readable(text, el));
  return { first: boxes.slice(0, 1), rest: boxes.slice(1) };
}
