/**
 * The order of the child properties of the containers a patch writes into, from the ISO 19139
 * and 19115-3 XSDs (sequence order; 19115-3 names where they differ are merged into the same
 * list in their own place). An inserted element goes after the last sibling that comes before
 * it here; a container not listed takes new elements at its end.
 */
const IDENT = [
  'citation', 'abstract', 'purpose', 'credit', 'status', 'pointOfContact', 'spatialRepresentationType', 'spatialResolution',
  'temporalResolution', 'topicCategory', 'extent', 'additionalDocumentation', 'processingLevel', 'resourceMaintenance',
  'graphicOverview', 'resourceFormat', 'descriptiveKeywords', 'resourceSpecificUsage', 'resourceConstraints',
  'aggregationInfo', 'associatedResource',
];
// 19139 MD_DataIdentification puts its own properties after the abstract ones
const GMD_DATA_IDENT = [
  'citation', 'abstract', 'purpose', 'credit', 'status', 'pointOfContact', 'resourceMaintenance', 'graphicOverview',
  'resourceFormat', 'descriptiveKeywords', 'resourceSpecificUsage', 'resourceConstraints', 'aggregationInfo',
  'spatialRepresentationType', 'spatialResolution', 'language', 'characterSet', 'topicCategory', 'environmentDescription',
  'extent', 'supplementalInformation',
];
// srv:SV_ServiceIdentification: the abstract identification's properties, then its own
const GMD_SERVICE_IDENT = [
  'citation', 'abstract', 'purpose', 'credit', 'status', 'pointOfContact', 'resourceMaintenance', 'graphicOverview',
  'resourceFormat', 'descriptiveKeywords', 'resourceSpecificUsage', 'resourceConstraints', 'aggregationInfo',
  'serviceType', 'serviceTypeVersion', 'accessProperties', 'restrictions', 'keywords', 'extent', 'coupledResource', 'couplingType',
  'containsOperations', 'operatesOn',
];

const ORDERS: Record<string, { gmd: readonly string[]; mdb: readonly string[] }> = {
  MD_Metadata: {
    gmd: ['fileIdentifier', 'language', 'characterSet', 'parentIdentifier', 'hierarchyLevel', 'hierarchyLevelName', 'contact',
      'dateStamp', 'metadataStandardName', 'metadataStandardVersion', 'dataSetURI', 'locale', 'spatialRepresentationInfo',
      'referenceSystemInfo', 'metadataExtensionInfo', 'identificationInfo', 'contentInfo', 'distributionInfo', 'dataQualityInfo',
      'portrayalCatalogueInfo', 'metadataConstraints', 'applicationSchemaInfo', 'metadataMaintenance', 'series', 'describes',
      'propertyType', 'featureType', 'featureAttribute', 'acquisitionInformation'],
    mdb: ['metadataIdentifier', 'defaultLocale', 'parentMetadata', 'metadataScope', 'contact', 'dateInfo', 'metadataStandard',
      'metadataProfile', 'alternativeMetadataReference', 'otherLocale', 'metadataLinkage', 'spatialRepresentationInfo',
      'referenceSystemInfo', 'metadataExtensionInfo', 'identificationInfo', 'contentInfo', 'distributionInfo', 'dataQualityInfo',
      'resourceLineage', 'portrayalCatalogueInfo', 'metadataConstraints', 'applicationSchemaInfo', 'metadataMaintenance',
      'acquisitionInformation'],
  },
  MD_DataIdentification: { gmd: GMD_DATA_IDENT, mdb: [...IDENT, 'defaultLocale', 'otherLocale', 'environmentDescription', 'supplementalInformation'] },
  SV_ServiceIdentification: {
    gmd: GMD_SERVICE_IDENT,
    mdb: [...IDENT, 'serviceType', 'serviceTypeVersion', 'accessProperties', 'couplingType', 'coupledResource',
      'operatedDataset', 'profile', 'serviceStandard', 'containsOperations', 'operatesOn', 'containsChain'],
  },
  CI_Citation: {
    gmd: ['title', 'alternateTitle', 'date', 'edition', 'editionDate', 'identifier', 'citedResponsibleParty', 'presentationForm',
      'series', 'otherCitationDetails', 'collectiveTitle', 'ISBN', 'ISSN'],
    mdb: ['title', 'alternateTitle', 'date', 'edition', 'editionDate', 'identifier', 'citedResponsibleParty', 'presentationForm',
      'series', 'otherCitationDetails', 'ISBN', 'ISSN', 'onlineResource', 'graphic'],
  },
  EX_Extent: {
    gmd: ['description', 'geographicElement', 'temporalElement', 'verticalElement'],
    mdb: ['description', 'geographicElement', 'temporalElement', 'verticalElement'],
  },
  MD_Distribution: {
    gmd: ['distributionFormat', 'distributor', 'transferOptions'],
    mdb: ['description', 'distributionFormat', 'distributor', 'transferOptions'],
  },
  MD_DigitalTransferOptions: {
    gmd: ['unitsOfDistribution', 'transferSize', 'onLine', 'offLine'],
    mdb: ['unitsOfDistribution', 'transferSize', 'onLine', 'offLine', 'transferFrequency', 'distributionFormat'],
  },
  DQ_DataQuality: { gmd: ['scope', 'report', 'lineage'], mdb: ['scope', 'standaloneQualityReport', 'report'] },
  LI_Lineage: { gmd: ['statement', 'processStep', 'source'], mdb: ['statement', 'scope', 'additionalDocumentation', 'source', 'processStep'] },
  MD_LegalConstraints: {
    gmd: ['useLimitation', 'accessConstraints', 'useConstraints', 'otherConstraints'],
    mdb: ['useLimitation', 'constraintApplicationScope', 'graphic', 'reference', 'releasability', 'responsibleParty',
      'accessConstraints', 'useConstraints', 'otherConstraints'],
  },
  MD_SecurityConstraints: {
    gmd: ['useLimitation', 'classification', 'userNote', 'classificationSystem', 'handlingDescription'],
    mdb: ['useLimitation', 'constraintApplicationScope', 'graphic', 'reference', 'releasability', 'responsibleParty',
      'classification', 'userNote', 'classificationSystem', 'handlingDescription'],
  },
  MD_MaintenanceInformation: {
    gmd: ['maintenanceAndUpdateFrequency', 'dateOfNextUpdate', 'userDefinedMaintenanceFrequency', 'updateScope',
      'updateScopeDescription', 'maintenanceNote', 'contact'],
    mdb: ['maintenanceAndUpdateFrequency', 'maintenanceDate', 'userDefinedMaintenanceFrequency', 'maintenanceScope',
      'maintenanceNote', 'contact'],
  },
};
ORDERS.MI_Metadata = ORDERS.MD_Metadata!;

/** The schema order of `container`'s children, or undefined when it is not listed. */
export function childOrder(container: string, family: 'gmd' | 'mdb'): readonly string[] | undefined {
  return ORDERS[container]?.[family];
}
