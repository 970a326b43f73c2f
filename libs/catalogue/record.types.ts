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
}

export interface Constraints {
  /** KLASIFIKASI_KEAMANAN (MD_ClassificationCode: unclassified, restricted, confidential, secret, topSecret) */
  classification?: string;
  useLimitation?: string;
  license?: string;
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
  /** TOPIK_KATEGORI (MD_TopicCategoryCode) */
  topicCategories?: string[];
  keywords?: Keyword[];
  contacts?: Contact[];
  dates?: RecordDates;
  /** STATUS_PROGRES (MD_ProgressCode) — the ISO progress code, never the workflow status */
  progressStatus?: string;
  /** REPRESENTASI_SPASIAL (MD_SpatialRepresentationTypeCode) */
  spatialRepresentationType?: string;
  /** EPSG code, e.g. "EPSG:4326" */
  referenceSystem?: string;
  spatialResolution?: SpatialResolution;
  extent?: { bbox?: BoundingBox; temporal?: TemporalExtent };
  /** FREKUENSI_PEMBARUAN (MD_MaintenanceFrequencyCode) */
  maintenanceFrequency?: string;
  distributions?: Distribution[];
  /** distribution format names (ISO MD_Format name; dc:format), e.g. "GeoTIFF", "image/png" */
  formats?: string[];
  constraints?: Constraints;
  dataQuality?: DataQualityEntry[];
  lineage?: string;
  thumbnailUrl?: string;
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
