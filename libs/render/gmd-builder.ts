import type { SaxonNode } from 'saxon-js';
import type { MetadataRecord } from '../catalogue/record.types';
import { code, date, str } from './gmd-xml';
import { dateStamp, present, referenceSystemId } from './gmd-values';
import { identificationInfo, language, responsibleParty } from './gmd-identification';
import { dataQualityInfo, distributionInfo } from './gmd-distribution-quality';
import { NS } from './xml-namespaces';
import { createTree, type XmlNodeBuilder } from './gmd-tree';
import { XSI_NAMESPACE, hasTranslations, locales } from './gmd-locales';

/**
 * JSON record → ISO 19139 gmd:MD_Metadata (the `gmd` render and the source of every other
 * form). Only `title` is guaranteed, so every mandatory ISO property has a nil-reason
 * fallback and optional ones are omitted when empty: the result is valid against the
 * ISO 19139 XSD for any record.
 *
 * Mapping decisions other parts rely on (import, DC stylesheet):
 * - fileIdentifier = the record's public identifier (fileIdentifier, else its id); dateStamp = updatedAt (gco:DateTime, UTC);
 * - language is written both as the metadata language and the resource language;
 * - hierarchyLevelName carries resourceType (the DC type kept from a Dublin Core import);
 * - every contact is an identificationInfo pointOfContact with its role (a citation-placed one the
 *   citation's citedResponsibleParty); gmd:contact is each metadataContact, else repeats the first
 *   contact whose role is pointOfContact (else the first contact);
 * - a service record is written as srv:SV_ServiceIdentification (gmd-service.ts);
 * - translations are PT_FreeText with gmd:locale declarations, and only then is xsi declared on the root;
 * - relations are aggregationInfo identifiers, spatialCoverage EX_GeographicDescription codes,
 *   sources LI_Source descriptions, thumbnailUrl the graphicOverview file name.
 *
 * The output has no XML declaration: CSW responses embed renders as they are.
 */
export function buildGmd(record: MetadataRecord): string {
  return buildGmdTree(record).text;
}

/** The namespaces the gmd form declares on its root (and nowhere else). */
export const GMD_ROOT_NAMESPACES: Readonly<Record<string, string>> = {
  gmd: NS.gmd, gco: NS.gco, gml: NS.gml, gmx: NS.gmx, srv: NS.srv, xlink: NS.xlink,
};

/**
 * The gmd text and the same document as a SaxonJS tree, built in one go (gmd-tree.ts): every
 * other form is transformed from that tree, so the text is never parsed back.
 */
export function buildGmdTree(record: MetadataRecord): { text: string; tree: SaxonNode } {
  // xsi only when a PT_FreeText needs it: the documents of records without translations stay as they were
  const t = createTree('gmd:MD_Metadata', hasTranslations(record) ? { ...GMD_ROOT_NAMESPACES, ...XSI_NAMESPACE } : GMD_ROOT_NAMESPACES);
  writeGmd(t.root, record);
  return { text: t.markup(), tree: t.document() };
}

/**
 * Writes the content of gmd:MD_Metadata into `root`, an element that already declares
 * GMD_ROOT_NAMESPACES. Any builder with xmlbuilder2's `ele`/`txt` works: the tests run it on
 * xmlbuilder2 too and compare the text.
 */
export function writeGmd(root: XmlNodeBuilder, record: MetadataRecord): void {
  const r = record;
  str(root, 'gmd:fileIdentifier', r.fileIdentifier ?? r.id);
  if (present(r.language)) language(root, 'gmd:language', r.language);
  code(root, 'gmd:characterSet', 'MD_CharacterSetCode', 'utf8');
  str(root, 'gmd:parentIdentifier', r.parentIdentifier);
  if (present(r.hierarchyLevel)) code(root, 'gmd:hierarchyLevel', 'MD_ScopeCode', r.hierarchyLevel);
  str(root, 'gmd:hierarchyLevelName', r.resourceType);
  const contacts = r.contacts ?? [];
  const metadataContacts = (r.metadataContacts ?? []).filter((c) => present(c.organisationName) || present(c.individualName));
  const metadataContact = contacts.find((c) => c.role === 'pointOfContact') ?? contacts[0];
  if (metadataContacts.length > 0) for (const c of metadataContacts) responsibleParty(root.ele('gmd:contact'), c);
  else if (metadataContact) responsibleParty(root.ele('gmd:contact'), metadataContact);
  else root.ele('gmd:contact', { 'gco:nilReason': 'missing' });
  date(root, 'gmd:dateStamp', dateStamp(r.updatedAt));
  str(root, 'gmd:metadataStandardName', 'ISO 19115:2003/19139');
  str(root, 'gmd:metadataStandardVersion', '1.0');
  locales(root, r);
  if (present(r.referenceSystem)) referenceSystem(root, referenceSystemId(r.referenceSystem));
  for (const rs of r.additionalReferenceSystems ?? []) if (present(rs.code)) referenceSystem(root, rs);
  identificationInfo(root, r);
  distributionInfo(root, r);
  dataQualityInfo(root, r);
}

function referenceSystem(root: XmlNodeBuilder, id: { code: string; codeSpace?: string }): void {
  const rs = root.ele('gmd:referenceSystemInfo').ele('gmd:MD_ReferenceSystem').ele('gmd:referenceSystemIdentifier').ele('gmd:RS_Identifier');
  str(rs, 'gmd:code', id.code);
  str(rs, 'gmd:codeSpace', id.codeSpace);
}
