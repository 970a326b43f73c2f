import type { Element } from '@xmldom/xmldom';
import type { AssociatedResource } from '../catalogue/record.types';
import { clean, first, select, textAt, type NsPredicate } from './dom';
import type { MapContext } from './map-context';
import { XLINK } from './rich-view-text';

/**
 * Associated resources (issue 19 §4). ISO 19139: aggregationInfo/MD_AggregateInformation
 * (aggregateDataSetIdentifier code, aggregateDataSetName citation); ISO 19115-3:
 * associatedResource/MD_AssociatedResource (name citation, metadataReference by uuidref or
 * citation). The association type is required by the model: a block without a known one stays
 * in the document only (and in `relations`, which is unchanged).
 */
export function readAssociatedResources(ident: Element, ns: NsPredicate, ctx: MapContext): AssociatedResource[] {
  const out: AssociatedResource[] = [];
  const blocks = [...select(ident, 'aggregationInfo/MD_AggregateInformation', ns), ...select(ident, 'associatedResource/MD_AssociatedResource', ns)];
  for (const a of blocks) {
    const named = first(a, 'aggregateDataSetName/CI_Citation', ns) ?? first(a, 'name/CI_Citation', ns);
    const ref = first(a, 'metadataReference', ns);
    const byRef = ref ? first(ref, 'CI_Citation', ns) : undefined;
    const identifier = textAt(a, 'aggregateDataSetIdentifier/*/code', ns)
      ?? (named ? textAt(named, 'identifier/*/code', ns) : undefined)
      ?? clean(ref?.getAttribute('uuidref'))
      ?? (byRef ? textAt(byRef, 'identifier/*/code', ns) : undefined);
    const title = (named ? textAt(named, 'title', ns) : undefined) ?? (byRef ? textAt(byRef, 'title', ns) : undefined)
      ?? clean(ref?.getAttributeNS(XLINK, 'title'));
    if (!identifier && !title) continue;
    const typeEl = first(a, 'associationType', ns);
    const associationType = ctx.enumCode('/associatedResources/0/associationType', typeEl);
    if (!associationType) {
      if (!typeEl) ctx.warn(`Sumber daya terkait "${title ?? identifier}" tanpa associationType; disimpan di dokumen saja.`);
      continue;
    }
    const entry: AssociatedResource = { associationType };
    if (identifier) entry.identifier = identifier;
    if (title) entry.title = title;
    out.push(entry);
  }
  return out;
}
