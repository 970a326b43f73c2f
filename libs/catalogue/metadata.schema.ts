import type { ReferenceListName } from './reference-lists';
import type {
  AnchoredText, AssociatedResource, BoundingBox, ConformityReport, Constraints, Contact, DataQualityEntry, Distribution,
  FormatVersion, GraphicOverview, Keyword, KeywordAnchor, LegalConstraints, MetadataDoc, OperatesOn, RecordDates,
  ResourceIdentifier, ServiceOperation, SpatialResolution, TemporalExtent, TextTranslations, VerticalExtent,
} from './record.types';

/**
 * JSON Schema (draft 2020-12) of `MetadataDoc`: the document producers write. It is plain JSON
 * so the REST layer can publish it (OpenAPI, GET of the schema) unchanged; validate-record.ts
 * compiles it once with ajv. Code-list fields are plain strings here: their codes are checked
 * against the reference lists after the schema, so the error can name the list.
 *
 * The TypeScript types below make the schema follow `record.types.ts` exactly: every object's
 * `properties` must name every field of its interface and nothing else, and `required` must name
 * exactly the non-optional fields, or this file does not compile.
 */
export type JsonSchema = { readonly [keyword: string]: unknown };

type RequiredKeys<T> = { [K in keyof T]-?: {} extends Pick<T, K> ? never : K }[keyof T];

function objectSchema<T>(
  properties: { readonly [K in keyof T]-?: JsonSchema },
  required: Readonly<Record<RequiredKeys<T>, true>>,
  extra: JsonSchema = {},
): JsonSchema {
  const req = Object.keys(required);
  return { type: 'object', ...extra, ...(req.length ? { required: req } : {}), properties, additionalProperties: false };
}

/**
 * Patterns as data: validate-record.ts maps a failed pattern back to a specific Indonesian message.
 * ajv compiles them with the `u` flag, where `\-` inside a class is a valid escape.
 */
export const SCHEMA_PATTERNS = {
  /**
   * any identifier real catalogues publish (URLs, paths, spaces, `..`: issue 19); only blank
   * ends are refused. It never appears raw in a path: REST uses the internal key, OARec and
   * OAI-PMH percent-encode or wrap it
   */
  fileIdentifier: '^\\S(?:[\\s\\S]*\\S)?$',
  /** YYYY, YYYY-MM, YYYY-MM-DD or an RFC 3339 date-time (calendar days are checked after the schema) */
  isoDate:
    '^\\d{4}(?:-(?:0[1-9]|1[0-2])(?:-(?:0[1-9]|[12]\\d|3[01])' +
    '(?:[Tt](?:[01]\\d|2[0-3]):[0-5]\\d:(?:[0-5]\\d|60)(?:\\.\\d{1,9})?(?:[Zz]|[+-](?:[01]\\d|2[0-3]):[0-5]\\d))?)?)?$',
  epsg: '^EPSG:\\d{4,6}$',
  /** `format: uri` accepts any scheme (javascript:, data:, urn:); links must be fetchable */
  url: '^(?:[Hh][Tt][Tt][Pp][Ss]?|[Ff][Tt][Pp])://',
  nonBlank: '\\S',
} as const;

export const LIMITS = {
  title: 500,
  longText: 10_000,
  text: 2_000,
  code: 200,
  email: 254,
  arrayItems: 200,
} as const;

const text = (maxLength: number = LIMITS.text): JsonSchema => ({ type: 'string', maxLength });
const nonEmptyText = (maxLength: number = LIMITS.text): JsonSchema => ({ type: 'string', minLength: 1, maxLength });
const code = (list: ReferenceListName): JsonSchema => ({
  type: 'string',
  minLength: 1,
  maxLength: LIMITS.code,
  description: `Kode dari daftar referensi ${list} (GET /api/referensi/${list})`,
});
const arrayOf = (items: JsonSchema, extra: JsonSchema = {}): JsonSchema => ({
  type: 'array', maxItems: LIMITS.arrayItems, ...extra, items,
});
// anchored patterns bound the length themselves; a maxLength next to them would only double the message
const isoDate: JsonSchema = {
  type: 'string',
  pattern: SCHEMA_PATTERNS.isoDate,
  description: 'YYYY, YYYY-MM, YYYY-MM-DD atau tanggal-waktu RFC 3339',
};
const url: JsonSchema = { type: 'string', maxLength: LIMITS.text, format: 'uri', pattern: SCHEMA_PATTERNS.url };
const email: JsonSchema = { type: 'string', maxLength: LIMITS.email, format: 'email' };

const keywordAnchor = objectSchema<KeywordAnchor>({ value: nonEmptyText(), uri: url }, { value: true, uri: true });

const keyword = objectSchema<Keyword>(
  {
    type: code('JENIS_KATAKUNCI'),
    thesaurus: text(),
    thesaurusAnchor: url,
    values: arrayOf(nonEmptyText(), { minItems: 1 }),
    // by the value itself: an anchor belongs to a value, whatever its place in the list
    anchors: arrayOf(keywordAnchor),
  },
  { type: true, values: true },
);

const contact = objectSchema<Contact>(
  {
    role: code('PERAN_KONTAK'),
    // may be empty in an imported record; completeness.ts requires one before review
    organisationName: text(),
    individualName: text(),
    positionName: text(),
    email,
    phone: text(100),
    address: text(),
    onlineResource: url,
    placement: { type: 'string', enum: ['citation'], description: 'citation = citedResponsibleParty; kosong = pointOfContact' },
  },
  { role: true, organisationName: true },
);

/** ISO code lists that have no reference list of ours: their values as the standard names them */
const RESTRICTION_CODES = [
  'copyright', 'patent', 'patentPending', 'trademark', 'license', 'intellectualPropertyRights', 'restricted',
  'otherRestrictions', 'unrestricted', 'licenceUnrestricted', 'licenceEndUser', 'licenceDistributor', 'private',
  'statutory', 'confidential', 'SBU', 'in-confidence',
] as const;
const enumOf = (values: readonly string[]): JsonSchema => ({ type: 'string', enum: [...values] });

const anchoredText = objectSchema<AnchoredText>({ text: nonEmptyText(LIMITS.longText), uri: url }, { text: true });

const legal = objectSchema<LegalConstraints>(
  {
    accessConstraints: arrayOf(enumOf(RESTRICTION_CODES)),
    useConstraints: arrayOf(enumOf(RESTRICTION_CODES)),
    otherConstraints: arrayOf(anchoredText),
  },
  {},
);

const resourceIdentifier = objectSchema<ResourceIdentifier>({ code: nonEmptyText(), codeSpace: text() }, { code: true });

const translations = objectSchema<TextTranslations>({ ind: text(LIMITS.longText), eng: text(LIMITS.longText) }, {});

const conformityReport = objectSchema<ConformityReport>(
  {
    specification: nonEmptyText(),
    specificationAnchor: url,
    specificationDate: isoDate,
    specificationDateType: enumOf(['creation', 'publication', 'revision']),
    explanation: text(),
    pass: { type: 'boolean' },
  },
  { specification: true },
);

const verticalExtent = objectSchema<VerticalExtent>(
  { minimum: { type: 'number' }, maximum: { type: 'number' }, crs: text() },
  {},
);

const formatVersion = objectSchema<FormatVersion>({ format: nonEmptyText(), version: nonEmptyText(LIMITS.code) }, { format: true, version: true });

const associatedResource = objectSchema<AssociatedResource>(
  {
    associationType: enumOf([
      'crossReference', 'largerWorkCitation', 'partOfSeamlessDatabase', 'source', 'stereoMate', 'isComposedOf',
      'collectiveTitle', 'series', 'dependency', 'revisionOf',
    ]),
    identifier: text(),
    title: text(),
  },
  { associationType: true },
);

const serviceOperation = objectSchema<ServiceOperation>({ name: nonEmptyText(LIMITS.code), dcp: text(LIMITS.code), url }, { name: true });

const operatesOn = objectSchema<OperatesOn>({ uuidref: text(), href: url, title: text() }, {});

const graphicOverview = objectSchema<GraphicOverview>({ url, description: text() }, { url: true });

const dates = objectSchema<RecordDates>({ creation: isoDate, publication: isoDate, revision: isoDate }, {});

const bbox = objectSchema<BoundingBox>(
  {
    west: { type: 'number', minimum: -180, maximum: 180 },
    east: { type: 'number', minimum: -180, maximum: 180 },
    south: { type: 'number', minimum: -90, maximum: 90 },
    north: { type: 'number', minimum: -90, maximum: 90 },
  },
  { west: true, east: true, south: true, north: true },
  { description: 'Derajat WGS84; west > east berarti kotak melintasi antimeridian; south ≤ north' },
);

const temporal = objectSchema<TemporalExtent>({ start: isoDate, end: isoDate }, {});

const extent = objectSchema<NonNullable<MetadataDoc['extent']>>(
  { bbox, additionalBboxes: arrayOf(bbox), vertical: verticalExtent, temporal },
  {},
);

const spatialResolution = objectSchema<SpatialResolution>(
  {
    scaleDenominator: { type: 'integer', minimum: 1 },
    distance: { type: 'number', exclusiveMinimum: 0 },
    distanceUom: nonEmptyText(LIMITS.code),
  },
  {},
);

const distribution = objectSchema<Distribution>(
  {
    protocol: code('PROTOKOL_DISTRIBUSI'),
    url,
    name: text(),
    description: text(),
    function: enumOf([
      'download', 'information', 'offlineAccess', 'order', 'search', 'completeMetadata', 'browseGraphic', 'upload',
      'emailService', 'browsing', 'fileAccess',
    ]),
    applicationProfile: text(),
    operation: { type: 'boolean' },
  },
  { protocol: true, url: true },
);

const constraints = objectSchema<Constraints>(
  { classification: code('KLASIFIKASI_KEAMANAN'), useLimitation: text(), license: text(), legal },
  {},
);

const dataQualityEntry = objectSchema<DataQualityEntry>(
  { element: code('DQ_ELEMEN'), evaluationMethod: code('METOD_EVALUASI'), result: text(), pass: { type: 'boolean' } },
  { element: true },
);

export const METADATA_SCHEMA_ID = 'https://geokatalog.example/schemas/metadata-doc.schema.json';

export const METADATA_SCHEMA: JsonSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: METADATA_SCHEMA_ID,
  title: 'Dokumen metadata geokatalog',
  description: 'Inti ISO 19115 sebagai JSON. Field yang dikelola server (id, status, version, …) tidak boleh dikirim.',
  ...objectSchema<MetadataDoc>(
    {
      fileIdentifier: { type: 'string', maxLength: LIMITS.text, pattern: SCHEMA_PATTERNS.fileIdentifier },
      title: { type: 'string', minLength: 1, maxLength: LIMITS.title, pattern: SCHEMA_PATTERNS.nonBlank },
      abstract: text(LIMITS.longText),
      purpose: text(LIMITS.longText),
      translations: objectSchema<NonNullable<MetadataDoc['translations']>>(
        { title: translations, abstract: translations, purpose: translations },
        {},
      ),
      alternateTitles: arrayOf(nonEmptyText(LIMITS.title)),
      edition: text(LIMITS.code),
      resourceIdentifiers: arrayOf(resourceIdentifier),
      parentIdentifier: text(),
      language: code('BAHASA'),
      hierarchyLevel: code('LEVEL_HIERARKI'),
      // not a reference list: INSPIRE names six types, harvested records carry others
      serviceType: {
        ...nonEmptyText(LIMITS.code),
        pattern: SCHEMA_PATTERNS.nonBlank,
        description: 'Jenis layanan (srv:serviceType), mis. discovery, view, download, transformation, invoke, other',
      },
      serviceTypeVersions: arrayOf(nonEmptyText(LIMITS.code)),
      couplingType: enumOf(['loose', 'mixed', 'tight']),
      operations: arrayOf(serviceOperation),
      operatesOn: arrayOf(operatesOn),
      topicCategories: arrayOf(code('TOPIK_KATEGORI'), { uniqueItems: true }),
      keywords: arrayOf(keyword),
      contacts: arrayOf(contact),
      metadataContacts: arrayOf(contact),
      distributors: arrayOf(contact),
      dates,
      progressStatus: code('STATUS_PROGRES'),
      spatialRepresentationType: code('REPRESENTASI_SPASIAL'),
      referenceSystem: { type: 'string', pattern: SCHEMA_PATTERNS.epsg },
      additionalReferenceSystems: arrayOf(resourceIdentifier),
      spatialResolution,
      additionalResolutions: arrayOf(spatialResolution),
      extent,
      maintenanceFrequency: code('FREKUENSI_PEMBARUAN'),
      distributions: arrayOf(distribution),
      formats: arrayOf(nonEmptyText()),
      formatVersions: arrayOf(formatVersion),
      constraints,
      dataQuality: arrayOf(dataQualityEntry),
      conformity: arrayOf(conformityReport),
      lineage: text(LIMITS.longText),
      processSteps: arrayOf(nonEmptyText(LIMITS.longText)),
      associatedResources: arrayOf(associatedResource),
      thumbnailUrl: url,
      additionalOverviews: arrayOf(graphicOverview),
      resourceType: nonEmptyText(),
      spatialCoverage: arrayOf(nonEmptyText()),
      relations: arrayOf(nonEmptyText()),
      sources: arrayOf(nonEmptyText()),
    },
    {},
  ),
};
