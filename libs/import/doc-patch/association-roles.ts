import type { MetadataDoc } from '../../catalogue/record.types';
import { schemaEnum } from '../schema-at';
import { propText, textOf, type XmlRange } from './xml-ranges';

/**
 * Which aggregations (19139 aggregationInfo, 19115-3 associatedResource) hold
 * `associatedResources`, by the import's rule (iso-associations.ts), not every one: a block
 * names a resource (an identifier or a title) and has an association type of the model's list.
 * A block with another type (pygeometa's `IsReferencedBy`) is in the document only (and its
 * identifier in `relations`): an edit of the associated resources leaves it as written. On the
 * render's side the associated resources are the last blocks, after the ones it writes for the
 * relations no associated resource names (gmd-identification.ts aggregationInfo): those belong
 * to `relations` (a service's operatesOn href the import does not keep as operatesOn is one).
 */
const kids = (el: XmlRange | undefined, local: string): XmlRange[] => (el?.children ?? []).filter((c) => local === '*' || c.local === local);

/** The elements at a slash path of local names below `el` (`*` any). */
const at = (el: XmlRange, path: string): XmlRange[] => path.split('/').reduce<XmlRange[]>((level, s) => level.flatMap((e) => kids(e, s)), [el]);

const enumKey = (s: string): string => s.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The association type as the import reads it (map-context.ts enumValue): one of the model's values, else undefined. */
function associationType(text: string, block: XmlRange): string | undefined {
  const prop = kids(block, 'associationType')[0];
  if (!prop) return undefined;
  const code = prop.children[0];
  const raw = (code?.attrs.get('codeListValue')?.trim() || textOf(text, code ?? prop).trim());
  if (!raw) return undefined;
  const values = schemaEnum('/associatedResources/0/associationType');
  const k = enumKey(raw.includes('#') ? raw.slice(raw.lastIndexOf('#') + 1) : raw);
  return values.find((v) => v === raw) ?? values.find((v) => enumKey(v) === k);
}

function namesResource(text: string, block: XmlRange): boolean {
  const texts = ['aggregateDataSetIdentifier/*/code', 'aggregateDataSetName/CI_Citation/identifier/*/code', 'name/CI_Citation/identifier/*/code',
    'metadataReference/CI_Citation/identifier/*/code', 'aggregateDataSetName/CI_Citation/title', 'name/CI_Citation/title', 'metadataReference/CI_Citation/title'];
  if (texts.some((p) => at(block, p).some((e) => propText(text, e) !== undefined))) return true;
  const ref = kids(block, 'metadataReference')[0];
  return [...(ref?.attrs ?? [])].some(([k, v]) => (k === 'uuidref' || k.endsWith(':title')) && v.trim() !== '');
}

/** The document's blocks (aggregationInfo / associatedResource properties) the import reads as associated resources. */
export function associatedBlocks(text: string, els: XmlRange[]): XmlRange[] {
  return els.filter((el) => {
    const block = el.children.find((c) => c.local === 'MD_AggregateInformation' || c.local === 'MD_AssociatedResource');
    return block !== undefined && namesResource(text, block) && associationType(text, block) !== undefined;
  });
}

/** How many blocks the render writes for the edited associated resources (the last ones it writes). */
export function renderedAssociations(after: MetadataDoc): number {
  return (after.associatedResources ?? []).filter((a) => a.identifier?.trim() || a.title?.trim()).length;
}
