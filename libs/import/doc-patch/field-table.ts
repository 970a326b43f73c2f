import type { Distribution } from '../../catalogue/record.types';
import { editableDistributions } from '../../catalogue/operation-links';

/**
 * Which elements of an ISO document hold each field of the record JSON (issue 19 §4: an edit
 * changes exactly the elements of the fields that changed). One entry per field, as data: the
 * patcher (patch-document.ts) removes the document's elements on these paths and puts the
 * render's elements on the same paths in their place.
 *
 * Path syntax (local names; the namespace set is the document's own):
 * - steps separated by `/`; `*` is any element (the identification: MD_DataIdentification,
 *   SV_ServiceIdentification, MI_… in 19115-2 documents);
 * - `name[child]` the element has a descendant named `child`; `name[!child]` it has none;
 *   `name[=code]` a descendant carries codeListValue="code"; `name[1]` the first match only;
 * - a trailing `#1` takes the first match only, `#2+` every match after the first (a field that
 *   is "the first" of a repeated element, and its "additional" sibling field);
 * - `#crs` / `#!crs` (referenceSystemInfo only): the element the import reads as the EPSG code,
 *   and the other coded ones (reference-systems.ts: the import's rule, not the position);
 * - `#url` / `#!url` (graphicOverview only): the first overview with a URL file name, and the
 *   other ones with a URL (overview-roles.ts);
 * - `#res` / `#!res` (spatialResolution only): the elements of the first scale and the first
 *   distance, and the other ones with a value (resolution-roles.ts: the import's rule);
 * - `#box` / `#!box` (bounding boxes only): the first box the import can read, and the other
 *   readable ones (box-roles.ts); a box it cannot read is left as written;
 * - `#assoc` (aggregations only): the blocks the import reads as associated resources, and the
 *   render's last ones (association-roles.ts);
 * - `#lang` (PT_FreeText text groups only): the Indonesian and English groups, chosen (before the
 *   other alternatives) when the document's free text also holds other languages, which stay;
 * - `#newLocale` (root locale declarations only): the document's are kept, the render's of a
 *   language the document does not declare are added (locale-ids.ts);
 * - `a|b`: alternatives, finest first: the first one that matches in both the document and the
 *   render is used, else the last (a title written as PT_FreeText keeps its translations when
 *   only its CharacterString changes).
 *
 * `gmd` serves ISO 19139 and 19115-2 documents, `mdb` ISO 19115-3 (both namespace sets).
 */
export interface FieldEntry {
  /** JSON path of the field, dot-separated (`extent.bbox`, `constraints.license`) */
  field: string;
  gmd: readonly string[];
  mdb: readonly string[];
}

// the import reads the first identification only (a THREDDS record's further service
// identifications are not the record's: an edit must not pair or remove their elements)
const ID = 'identificationInfo[1]/*';
const CIT = `${ID}/citation/CI_Citation`;
const EX = `${ID}/extent/EX_Extent`;
const DIST = 'distributionInfo/MD_Distribution';
const DQ = 'dataQualityInfo/DQ_DataQuality';
const LIN = `${DQ}/lineage/LI_Lineage`;

const MID = 'identificationInfo[1]/*';
const MCIT = `${MID}/citation/CI_Citation`;
const MEX = `${MID}/extent/EX_Extent`;
const MDIST = 'distributionInfo/MD_Distribution';
const MLIN = 'resourceLineage/LI_Lineage';

/** Text properties: the CharacterString alone when both sides have one, else the whole property. */
const text = (path: string): string => `${path}/CharacterString|${path}`;
/** Translated text: its model-language text groups (`#lang`) when it holds others, else the whole property. */
const lang = (path: string): string => `${path}/PT_FreeText/textGroup#lang|${path}`;
/** Bounding boxes: the box object when both sides have one there, else the whole geographicElement. */
const box = (extent: string, occurrence: string): string =>
  `${extent}/geographicElement[EX_GeographicBoundingBox]/EX_GeographicBoundingBox${occurrence}|${extent}/geographicElement[EX_GeographicBoundingBox]${occurrence}`;

export const FIELD_TABLE: readonly FieldEntry[] = [
  { field: 'fileIdentifier', gmd: [text('fileIdentifier')], mdb: ['metadataIdentifier/MD_Identifier/code'] },
  { field: 'parentIdentifier', gmd: ['parentIdentifier'], mdb: ['parentMetadata'] },
  { field: 'language', gmd: ['language', `${ID}/language`], mdb: ['defaultLocale', `${MID}/defaultLocale`] },
  { field: 'hierarchyLevel', gmd: ['hierarchyLevel'], mdb: ['metadataScope/MD_MetadataScope/resourceScope'] },
  { field: 'resourceType', gmd: ['hierarchyLevelName'], mdb: ['metadataScope/MD_MetadataScope/name'] },
  { field: 'metadataContacts', gmd: ['contact'], mdb: ['contact'] },
  { field: 'referenceSystem', gmd: ['referenceSystemInfo#crs'], mdb: ['referenceSystemInfo#crs'] },
  { field: 'additionalReferenceSystems', gmd: ['referenceSystemInfo#!crs'], mdb: ['referenceSystemInfo#!crs'] },
  { field: 'title', gmd: [text(`${CIT}/title`)], mdb: [text(`${MCIT}/title`)] },
  // the Indonesian and English text groups where a free text has others (French, German …) to keep, else the whole property
  { field: 'translations', gmd: [lang(`${CIT}/title`), lang(`${ID}/abstract`), lang(`${ID}/purpose`), 'locale#newLocale'], mdb: [lang(`${MCIT}/title`), lang(`${MID}/abstract`), lang(`${MID}/purpose`), 'otherLocale#newLocale'] },
  { field: 'alternateTitles', gmd: [`${CIT}/alternateTitle`], mdb: [`${MCIT}/alternateTitle`] },
  { field: 'dates.creation', gmd: [`${CIT}/date[=creation]`], mdb: [`${MCIT}/date[=creation]`] },
  { field: 'dates.publication', gmd: [`${CIT}/date[=publication]`], mdb: [`${MCIT}/date[=publication]`] },
  { field: 'dates.revision', gmd: [`${CIT}/date[=revision]`], mdb: [`${MCIT}/date[=revision]`] },
  { field: 'edition', gmd: [`${CIT}/edition`], mdb: [`${MCIT}/edition`] },
  { field: 'resourceIdentifiers', gmd: [`${CIT}/identifier`], mdb: [`${MCIT}/identifier`] },
  { field: 'contacts', gmd: [`${CIT}/citedResponsibleParty`, `${ID}/pointOfContact`], mdb: [`${MCIT}/citedResponsibleParty`, `${MID}/pointOfContact`] },
  { field: 'abstract', gmd: [text(`${ID}/abstract`)], mdb: [text(`${MID}/abstract`)] },
  { field: 'purpose', gmd: [text(`${ID}/purpose`)], mdb: [text(`${MID}/purpose`)] },
  { field: 'progressStatus', gmd: [`${ID}/status`], mdb: [`${MID}/status`] },
  { field: 'maintenanceFrequency', gmd: [`${ID}/resourceMaintenance/MD_MaintenanceInformation/maintenanceAndUpdateFrequency|${ID}/resourceMaintenance`], mdb: [`${MID}/resourceMaintenance/MD_MaintenanceInformation/maintenanceAndUpdateFrequency|${MID}/resourceMaintenance`] },
  { field: 'thumbnailUrl', gmd: [`${ID}/graphicOverview#url`], mdb: [`${MID}/graphicOverview#url`] },
  { field: 'additionalOverviews', gmd: [`${ID}/graphicOverview#!url`], mdb: [`${MID}/graphicOverview#!url`] },
  { field: 'keywords', gmd: [`${ID}/descriptiveKeywords`], mdb: [`${MID}/descriptiveKeywords`] },
  { field: 'constraints.useLimitation', gmd: [`${ID}/resourceConstraints/*/useLimitation`], mdb: [`${MID}/resourceConstraints/*/useLimitation`] },
  { field: 'constraints.license', gmd: [`${ID}/resourceConstraints/MD_LegalConstraints/otherConstraints`], mdb: [`${MID}/resourceConstraints/MD_LegalConstraints/otherConstraints`] },
  { field: 'constraints.legal', gmd: [`${ID}/resourceConstraints/MD_LegalConstraints/accessConstraints`, `${ID}/resourceConstraints/MD_LegalConstraints/useConstraints`, `${ID}/resourceConstraints/MD_LegalConstraints/otherConstraints`], mdb: [`${MID}/resourceConstraints/MD_LegalConstraints/accessConstraints`, `${MID}/resourceConstraints/MD_LegalConstraints/useConstraints`, `${MID}/resourceConstraints/MD_LegalConstraints/otherConstraints`] },
  { field: 'constraints.classification', gmd: [`${ID}/resourceConstraints/MD_SecurityConstraints/classification`], mdb: [`${MID}/resourceConstraints/MD_SecurityConstraints/classification`] },
  { field: 'relations', gmd: [`${ID}/aggregationInfo[!aggregateDataSetName]`], mdb: [`${MID}/associatedResource[!name]`] },
  { field: 'associatedResources', gmd: [`${ID}/aggregationInfo#assoc`], mdb: [`${MID}/associatedResource#assoc`] },
  { field: 'spatialRepresentationType', gmd: [`${ID}/spatialRepresentationType`], mdb: [`${MID}/spatialRepresentationType`] },
  { field: 'spatialResolution', gmd: [`${ID}/spatialResolution#res`], mdb: [`${MID}/spatialResolution#res`] },
  { field: 'additionalResolutions', gmd: [`${ID}/spatialResolution#!res`], mdb: [`${MID}/spatialResolution#!res`] },
  { field: 'topicCategories', gmd: [`${ID}/topicCategory`], mdb: [`${MID}/topicCategory`] },
  { field: 'serviceType', gmd: [`${ID}/serviceType`], mdb: [`${MID}/serviceType`] },
  { field: 'serviceTypeVersions', gmd: [`${ID}/serviceTypeVersion`], mdb: [`${MID}/serviceTypeVersion`] },
  { field: 'couplingType', gmd: [`${ID}/couplingType`], mdb: [`${MID}/couplingType`] },
  { field: 'operations', gmd: [`${ID}/containsOperations`], mdb: [`${MID}/containsOperations`] },
  { field: 'operatesOn', gmd: [`${ID}/operatesOn`], mdb: [`${MID}/operatesOn`] },
  // the box object alone when both sides have one (a geographicElement that also holds a description keeps it)
  { field: 'extent.bbox', gmd: [box(EX, '#box')], mdb: [box(MEX, '#box')] },
  { field: 'extent.additionalBboxes', gmd: [box(EX, '#!box')], mdb: [box(MEX, '#!box')] },
  { field: 'spatialCoverage', gmd: [`${EX}/geographicElement[EX_GeographicDescription]`], mdb: [`${MEX}/geographicElement[EX_GeographicDescription]`] },
  { field: 'extent.temporal', gmd: [`${EX}/temporalElement`], mdb: [`${MEX}/temporalElement`] },
  { field: 'extent.vertical', gmd: [`${EX}/verticalElement`], mdb: [`${MEX}/verticalElement`] },
  // the import reads formats (and their versions) from the distribution, its distributors and the
  // identification's resourceFormat; the render writes them all as distributionFormat, so an edit
  // owns all three (else a resource format's old version would still read back)
  { field: 'formats', gmd: [`${DIST}/distributionFormat`, `${DIST}/distributor/MD_Distributor/distributorFormat`, `${ID}/resourceFormat`], mdb: [`${MDIST}/distributionFormat`, `${MDIST}/distributor/MD_Distributor/distributorFormat`, `${MID}/resourceFormat`] },
  { field: 'formatVersions', gmd: [`${DIST}/distributionFormat`, `${DIST}/distributor/MD_Distributor/distributorFormat`, `${ID}/resourceFormat`], mdb: [`${MDIST}/distributionFormat`, `${MDIST}/distributor/MD_Distributor/distributorFormat`, `${MID}/resourceFormat`] },
  // the contact only: a distributor's own formats and transfer options belong to `formats` and `distributions`
  { field: 'distributors', gmd: [`${DIST}/distributor/MD_Distributor/distributorContact`], mdb: [`${MDIST}/distributor/MD_Distributor/distributorContact`] },
  // the import reads the links of every transfer options block, the distribution's and its distributors'
  { field: 'distributions', gmd: [`${DIST}/transferOptions/MD_DigitalTransferOptions/onLine`, `${DIST}/distributor/MD_Distributor/distributorTransferOptions/MD_DigitalTransferOptions/onLine`], mdb: [`${MDIST}/transferOptions/MD_DigitalTransferOptions/onLine`, `${MDIST}/distributor/MD_Distributor/distributorTransferOptions/MD_DigitalTransferOptions/onLine`] },
  { field: 'dataQuality', gmd: [`${DQ}/report`], mdb: ['dataQualityInfo/DQ_DataQuality/report'] },
  { field: 'conformity', gmd: [`${DQ}/report[DQ_DomainConsistency]`], mdb: ['dataQualityInfo/DQ_DataQuality/report[DQ_DomainConsistency]'] },
  { field: 'lineage', gmd: [text(`${LIN}/statement`)], mdb: [text(`${MLIN}/statement`)] },
  { field: 'processSteps', gmd: [`${LIN}/processStep`], mdb: [`${MLIN}/processStep`] },
  { field: 'sources', gmd: [`${LIN}/source`], mdb: [`${MLIN}/source`] },
];

/**
 * The value of a dot-separated field path, as far as an edit of that field owns it: the
 * distributions without the service connect points listed among them (operation-links.ts).
 */
export function fieldValue(doc: unknown, field: string): unknown {
  let v: unknown = doc;
  for (const k of field.split('.')) v = v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined;
  if (field === 'distributions' && Array.isArray(v)) return editableDistributions(v as Distribution[]);
  return v;
}
