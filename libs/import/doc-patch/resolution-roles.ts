import { parseNumber } from '../values';
import { childNamed, propText, type XmlRange } from './xml-ranges';

/**
 * Which spatialResolution elements hold `spatialResolution` and which `additionalResolutions`,
 * by the import's rule (map-iso.ts readResolutions), not by position: MD_Resolution is a choice,
 * so a scale and a distance are two elements, and `spatialResolution` is the first scale and the
 * first distance wherever they stand (a DGIWG record writes the distance first, then the scale).
 * Pairing by position would leave the primary distance to read back after an edit of the scale,
 * or turn the old scale into an additional resolution. Elements with neither value are read by
 * neither field and are left as they are.
 */

function valuesOf(text: string, prop: XmlRange): { scale: boolean; distance: boolean } {
  const res = childNamed(prop, 'MD_Resolution');
  const scale = parseNumber(propText(text, childNamed(childNamed(childNamed(res, 'equivalentScale'), 'MD_RepresentativeFraction'), 'denominator')));
  const distance = parseNumber(propText(text, childNamed(res, 'distance')));
  return { scale: scale !== undefined && scale >= 1, distance: distance !== undefined && distance > 0 };
}

/** `els` (spatialResolution elements, document order) split as the import reads them. */
export function resolutionRoles(text: string, els: XmlRange[]): { primary: XmlRange[]; additional: XmlRange[] } {
  const primary: XmlRange[] = [];
  const additional: XmlRange[] = [];
  let scale = false;
  let distance = false;
  for (const el of els) {
    const v = valuesOf(text, el);
    // the element gives the first scale or the first distance: it is (part of) the primary resolution
    if ((v.scale && !scale) || (v.distance && !distance)) primary.push(el);
    else if (v.scale || v.distance) additional.push(el);
    scale ||= v.scale;
    distance ||= v.distance;
  }
  return { primary, additional };
}
