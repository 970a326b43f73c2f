import { normaliseUrl } from '../values';
import { childNamed, propText, type XmlRange } from './xml-ranges';

/**
 * Which graphicOverview elements hold `thumbnailUrl` and which `additionalOverviews`, by the
 * import's rule (map-iso.ts), not by position: the thumbnail is the first overview whose file
 * name is a URL; every other one with a URL is an additional overview. An overview without a URL
 * (an empty `<graphicOverview/>` before the real one) is read by neither field and left alone:
 * pairing by position would write the new thumbnail over it and leave the old one to read back
 * as an additional overview.
 */
export function overviewRoles(text: string, els: XmlRange[]): { first: XmlRange[]; rest: XmlRange[] } {
  const first: XmlRange[] = [];
  const rest: XmlRange[] = [];
  for (const el of els) {
    const fileName = childNamed(childNamed(el, 'MD_BrowseGraphic'), 'fileName');
    if (!normaliseUrl(propText(text, fileName))) continue;
    (first.length === 0 ? first : rest).push(el);
  }
  return { first, rest };
}
