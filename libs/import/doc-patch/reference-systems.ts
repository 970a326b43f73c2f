import { normaliseCrs } from '../normalise-crs';
import { childNamed, attrNS, propText, type XmlRange } from './xml-ranges';

/**
 * Which referenceSystemInfo elements hold `referenceSystem` and which `additionalReferenceSystems`,
 * by the import's rule (map-iso.ts readReferenceSystems), not by position: the first identifier
 * that reads as an EPSG code is `referenceSystem` wherever it stands; every other identifier
 * with a code is an additional one, in document order. A document may name a non-EPSG system
 * first (a national grid name, then its EPSG code) while the render writes the EPSG code first:
 * pairing by position would overwrite the one the edit kept. Elements without a code are read
 * by neither field and are left as they are.
 */
const XLINK = 'http://www.w3.org/1999/xlink';

/** Each element's reading: 'epsg' (an EPSG code), 'other' (another coded identifier) or undefined (none). */
function readingOf(text: string, info: XmlRange): 'epsg' | 'other' | undefined {
  const rs = childNamed(info, 'MD_ReferenceSystem');
  const ids = (rs?.children ?? []).filter((c) => c.local === 'referenceSystemIdentifier').flatMap((c) => c.children);
  let reading: 'epsg' | 'other' | undefined;
  for (const id of ids) {
    const codeEl = childNamed(id, 'code');
    const raw = propText(text, codeEl);
    if (!raw) continue;
    const href = codeEl?.children[0] ? attrNS(codeEl.children[0], XLINK, 'href') : undefined;
    if (normaliseCrs(raw, propText(text, childNamed(id, 'codeSpace'))) ?? (href ? normaliseCrs(href) : undefined)) return 'epsg';
    reading = 'other';
  }
  return reading;
}

/** `els` (referenceSystemInfo elements, document order) split as the import reads them. */
export function referenceSystemRoles(text: string, els: XmlRange[]): { chosen: XmlRange[]; additional: XmlRange[] } {
  const chosen: XmlRange[] = [];
  const additional: XmlRange[] = [];
  for (const el of els) {
    const r = readingOf(text, el);
    if (r === 'epsg' && chosen.length === 0) chosen.push(el);
    else if (r !== undefined) additional.push(el);
  }
  return { chosen, additional };
}
