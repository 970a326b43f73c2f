/**
 * The metadata record model: an ISO 19115 core expressed as JSON.
 *
 * `MetadataDoc` is what producers write (validated by the JSON Schema in metadata.schema.ts);
 * `MetadataRecord` adds the fields the server manages. Two identifiers: the record `id` is the
 * internal key (REST paths, history, renders), chosen by the server; `fileIdentifier` is the
 * public one (ISO fileIdentifier, CSW dc:identifier and GetRecordById ID, OGC API – Records
 * item id, OAI-PMH identifier), the client's choice or else the id. They are equal for records
 * created without a chosen identifier and for records written before migration 040.
 *
 * Only `title` is required while a record is being written; the completeness rules that
 * a record must meet before it is submitted for review live in completeness.ts, so that
 * imported Dublin Core records (which often lack contacts or an abstract) still fit.
 * Code-list fields hold the `kode` of the reference list named in the comment.
 */

export const RECORD_STATUSES = ['DRAFT', 'QCQE_PROCESS', 'REVIEW', 'PUBLISHED', 'REJECTED', 'PRIVATE'] as const;
export type RecordStatus = (typeof RECORD_STATUSES)[number];

export const ROLES = ['PRODUSEN', 'QCQE', 'ADMIN'] as const;
export type Role = (typeof ROLES)[number];

export interface Keyword {
  /** JENIS_KATAKUNCI (MD_KeywordTypeCode: discipline, place, stratum, temporal, theme, …) */
  type: string;
  /** thesaurus title, e.g. "GEMET" */
  thesaurus?: string;
  /** the thesaurus's URI (gmx:Anchor xlink:href of its title), when known */
  thesaurusAnchor?: string;
  values: string[];
  /** the URIs of values in the thesaurus (gmx:Anchor xlink:href); a value without one is plain text */
  anchors?: KeywordAnchor[];
}

/** A keyword value and its URI (an entry of `Keyword.anchors`). */
export interface KeywordAnchor {
  value: string;
  uri: string;
}

export interface Contact {
  /** PERAN_KONTAK (CI_RoleCode: originator, custodian, pointOfContact, …) */
  role: string;
  organisationName: string;
  individualName?: string;
  positionName?: string;
  email?: string;
  phone?: string;
  address?: string;
  /** a web address of the contact (CI_Contact/onlineResource linkage) */
  onlineResource?: string;
  /**
   * where the resource names this party (issue 19 §4): `citation` = the citation's
   * citedResponsibleParty, absent = identificationInfo's pointOfContact
   */
  placement?: 'citation';
}

/** ISO dates as `YYYY-MM-DD` or a full ISO 8601 date-time. */
export interface RecordDates {
  creation?: string;
  publication?: string;
  revision?: string;
}

export interface BoundingBox {
  /** degrees, WGS84; west > east means the box crosses the antimeridian */
  west: number;
  east: number;
  south: number;
  north: number;
}

export interface TemporalExtent {
  start?: string;
  end?: string;
}

export interface Distribution {
  /** PROTOKOL_DISTRIBUSI (OGC:WMS, OGC:WFS, WWW:LINK, …) */
  protocol: string;
  url: string;
  name?: string;
  description?: string;
  /** CI_OnLineFunctionCode: download, information, offlineAccess, order, search, … */
  function?: string;
  /** applicationProfile */
  applicationProfile?: string;
  /**
   * set on a link the import read from a service operation's connect point
   * (containsOperations/SV_OperationMetadata/connectPoint), listed with the distributions for
   * search and links: it belongs to the operation, so an edit of the distributions neither
   * writes nor removes it (issue 19 §4; libs/import/doc-patch/field-table.ts)
   */
  operation?: boolean;
}

export interface Constraints {
  /** KLASIFIKASI_KEAMANAN (MD_ClassificationCode: unclassified, restricted, confidential, secret, topSecret) */
  classification?: string;
  useLimitation?: string;
  license?: string;
  /** MD_LegalConstraints' codes and other constraints (issue 19 §4) */
  legal?: LegalConstraints;
}

/** Legal constraints beyond the licence text (issue 19 §4): MD_LegalConstraints as ISO writes them. */
export interface LegalConstraints {
  /** MD_RestrictionCode values of accessConstraints (e.g. otherRestrictions, copyright, license) */
  accessConstraints?: string[];
  /** MD_RestrictionCode values of useConstraints */
  useConstraints?: string[];
  /** otherConstraints, each with its URI when written as gmx:Anchor (e.g. INSPIRE's "no limitations" codes) */
  otherConstraints?: AnchoredText[];
}

/** A text with the URI that names it (gmx:Anchor / gcx:Anchor xlink:href). */
export interface AnchoredText {
  text: string;
  uri?: string;
}

/** A resource identifier (MD_Identifier / RS_Identifier): the code and the namespace it is unique in. */
export interface ResourceIdentifier {
  code: string;
  codeSpace?: string;
}

/** Translations of a free text (PT_FreeText, issue 19 §4), by ISO 639-2/T language code. */
export interface TextTranslations {
  ind?: string;
  eng?: string;
}

/** DQ_DomainConsistency / DQ_ConformanceResult: a conformity report against a specification (INSPIRE). */
export interface ConformityReport {
  /** the specification's citation title, e.g. "COMMISSION REGULATION (EU) No 1089/2010 …" */
  specification: string;
  /** the specification's URI when its title is a gmx:Anchor */
  specificationAnchor?: string;
  /** the specification's date (YYYY-MM-DD) */
  specificationDate?: string;
  /** CI_DateTypeCode of that date: publication (default), creation or revision */
  specificationDateType?: string;
  explanation?: string;
  /** true conformant, false not conformant, absent not evaluated (gco:Boolean nilled) */
  pass?: boolean;
}

/** A vertical extent (EX_VerticalExtent). */
export interface VerticalExtent {
  minimum?: number;
  maximum?: number;
  /** the vertical CRS as written (an EPSG URN or a name) */
  crs?: string;
}

/** A distribution format with its version (MD_Format name + version). */
export interface FormatVersion {
  format: string;
  version: string;
}

/** An associated resource (MD_AssociatedResource / aggregationInfo): another record or resource. */
export interface AssociatedResource {
  /** DS_AssociationTypeCode: crossReference, largerWorkCitation, partOfSeamlessDatabase, series, isComposedOf, … */
  associationType: string;
  /** the related resource's identifier (code) */
  identifier?: string;
  title?: string;
}

/** A service operation (SV_OperationMetadata). */
export interface ServiceOperation {
  /** operationName, e.g. GetCapabilities */
  name: string;
  /** DCPList code, e.g. WebServices */
  dcp?: string;
  /** connectPoint linkage */
  url?: string;
}

/** A dataset a service operates on (srv:operatesOn). */
export interface OperatesOn {
  /** the dataset's identifier (uuidref) */
  uuidref?: string;
  /** a link to the dataset's metadata (xlink:href) */
  href?: string;
  /** xlink:title */
  title?: string;
}

/** A browse graphic beyond `thumbnailUrl` (MD_BrowseGraphic). */
export interface GraphicOverview {
  url: string;
  description?: string;
}

export interface DataQualityEntry {
  /** DQ_ELEMEN (ISO 19157 element, e.g. DQ_CompletenessOmission) */
  element: string;
  /** METOD_EVALUASI (DQ_EvaluationMethodTypeCode: directInternal, directExternal, indirect) */
  evaluationMethod?: string;
  result?: string;
  pass?: boolean;
}

export interface SpatialResolution {
  /** equivalent scale 1:N */
  scaleDenominator?: number;
  /** ground distance */
  distance?: number;
  /** unit of `distance`, default "m" */
  distanceUom?: string;
}

export interface MetadataDoc {
  /**
   * the public identifier; optional on create (then the record id). 409 when the caller's
   * organisation or a record that is or was public uses it; fixed once the record is published
   */
  fileIdentifier?: string;
  /** absent only for a record whose document has none (issue 19: nothing is invented); required to submit */
  title?: string;
  abstract?: string;
  purpose?: string;
  /** translations of title, abstract and purpose (PT_FreeText; issue 19 §4) */
  translations?: { title?: TextTranslations; abstract?: TextTranslations; purpose?: TextTranslations };
  /** the citation's alternateTitle(s) */
  alternateTitles?: string[];
  /** the citation's edition */
  edition?: string;
  /** the citation's identifier(s) (MD_Identifier code + codeSpace) */
  resourceIdentifiers?: ResourceIdentifier[];
  /** the metadata's parentIdentifier (gmd:parentIdentifier / mdb:parentMetadata) */
  parentIdentifier?: string;
  /** BAHASA (ISO 639-2/T: ind, eng, …) */
  language?: string;
  /** LEVEL_HIERARKI (MD_ScopeCode: dataset, series, service, …) */
  hierarchyLevel?: string;
  /**
   * srv:serviceType of a service record (apiso:ServiceType): an INSPIRE spatial data service
   * type (discovery, view, download, transformation, invoke, other) or free text such as
   * "OGC:WMS" or "THREDDS OPeNDAP", as harvested records carry them
   */
  serviceType?: string;
  /** srv:serviceTypeVersion(s) */
  serviceTypeVersions?: string[];
  /** srv:couplingType (SV_CouplingType: loose, mixed, tight) */
  couplingType?: string;
  /** srv:containsOperations */
  operations?: ServiceOperation[];
  /** srv:operatesOn: the datasets a service serves */
  operatesOn?: OperatesOn[];
  /** TOPIK_KATEGORI (MD_TopicCategoryCode) */
  topicCategories?: string[];
  keywords?: Keyword[];
  contacts?: Contact[];
  /**
   * the metadata's own contact(s) (gmd:contact / mdb:contact), when the document names one apart
   * from the resource's contacts; absent = the first resource contact stands for it
   */
  metadataContacts?: Contact[];
  /** distributorContact(s) of the distribution */
  distributors?: Contact[];
  dates?: RecordDates;
  /** STATUS_PROGRES (MD_ProgressCode) — the ISO progress code, never the workflow status */
  progressStatus?: string;
  /** REPRESENTASI_SPASIAL (MD_SpatialRepresentationTypeCode) */
  spatialRepresentationType?: string;
  /** EPSG code, e.g. "EPSG:4326" */
  referenceSystem?: string;
  /** the second and later reference systems, as written (code + codeSpace) */
  additionalReferenceSystems?: ResourceIdentifier[];
  spatialResolution?: SpatialResolution;
  /** the second and later spatial resolutions */
  additionalResolutions?: SpatialResolution[];
  /**
   * `bbox` is the box that bounds every geographic box of the record (what search and the map use);
   * `additionalBboxes` the boxes after the first, as written (issue 19 §4: several extents), so a
   * record with several boxes renders the bounding box and then those; `vertical` the first
   * vertical extent
   */
  extent?: { bbox?: BoundingBox; additionalBboxes?: BoundingBox[]; vertical?: VerticalExtent; temporal?: TemporalExtent };
  /** FREKUENSI_PEMBARUAN (MD_MaintenanceFrequencyCode) */
  maintenanceFrequency?: string;
  distributions?: Distribution[];
  /** distribution format names (ISO MD_Format name; dc:format), e.g. "GeoTIFF", "image/png" */
  formats?: string[];
  /** versions of the formats named in `formats` (MD_Format version) */
  formatVersions?: FormatVersion[];
  constraints?: Constraints;
  dataQuality?: DataQualityEntry[];
  /** conformity reports (DQ_DomainConsistency with a DQ_ConformanceResult) */
  conformity?: ConformityReport[];
  lineage?: string;
  /** LI_ProcessStep descriptions of the lineage */
  processSteps?: string[];
  /** associated resources (aggregationInfo / associatedResource) */
  associatedResources?: AssociatedResource[];
  thumbnailUrl?: string;
  /** browse graphics after the first (the first is `thumbnailUrl`) */
  additionalOverviews?: GraphicOverview[];
  /** DCMI type URI kept from an imported Dublin Core record (dc:type); when absent it is derived from hierarchyLevel */
  resourceType?: string;
  /** place names or codes (dct:spatial; ISO EX_GeographicDescription) */
  spatialCoverage?: string[];
  /** related resources (dc:relation) */
  relations?: string[];
  /** sources the resource derives from (dc:source; ISO lineage source) */
  sources?: string[];
}

/** Fields the server owns; a client that sends them on create or patch gets a 422. */
export interface RecordServerFields {
  id: string;
  status: RecordStatus;
  organisationId: string;
  ownerId: string;
  reviewerId: string | null;
  version: number;
  createdAt: string;
  updatedAt: string;
  publishedAt: string | null;
  /**
   * set on a revision's working copy only: the key of the PUBLISHED record it revises. The copy
   * carries that record's fileIdentifier and is never public itself (migration 075)
   */
  revisionOf?: string;
}

export type MetadataRecord = MetadataDoc & RecordServerFields;

export const SERVER_FIELDS: readonly (keyof RecordServerFields)[] = [
  'id', 'status', 'organisationId', 'ownerId', 'reviewerId', 'version', 'createdAt', 'updatedAt', 'publishedAt', 'revisionOf',
];
