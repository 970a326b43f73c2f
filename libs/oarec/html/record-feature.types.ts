/**
 * The parts of an OGC API – Records GeoJSON record (recordGeoJSON) and FeatureCollection the
 * pages read. Loose on purpose: the pages show what is there and skip what is not, so any
 * valid record renders, including harvested ones with few fields.
 */
export interface OarecLink {
  href: string;
  rel?: string;
  type?: string;
  title?: string;
  hreflang?: string;
  /** distribution links carry their protocol (e.g. OGC:WMS) */
  protocol?: string;
  name?: string;
  description?: string;
}

export interface OarecContact {
  name?: string;
  organization?: string;
  position?: string;
  phones?: { value: string }[];
  emails?: { value: string }[];
  addresses?: { deliveryPoint?: string[]; city?: string; administrativeArea?: string; postalCode?: string; country?: string }[];
  links?: OarecLink[];
  roles?: string[];
  hoursOfService?: string;
  contactInstructions?: string;
}

export interface OarecTheme {
  concepts: { id: string; title?: string; url?: string }[];
  scheme: string;
}

export interface OarecRecordProperties {
  type?: string;
  title?: string;
  description?: string;
  keywords?: string[];
  themes?: OarecTheme[];
  language?: { code: string; name?: string } | string;
  languages?: ({ code: string; name?: string } | string)[];
  resourceLanguages?: ({ code: string; name?: string } | string)[];
  externalIds?: { scheme?: string; value: string }[];
  formats?: { name?: string; mediaType?: string }[];
  contacts?: OarecContact[];
  license?: string;
  rights?: string;
  created?: string;
  updated?: string;
  [extra: string]: unknown;
}

export interface OarecTime {
  interval?: (string | null)[];
  date?: string;
  timestamp?: string;
}

export interface OarecGeometry {
  type: string;
  coordinates: unknown;
}

export interface OarecRecord {
  id: string;
  type: 'Feature';
  geometry: OarecGeometry | null;
  time?: OarecTime | null;
  properties: OarecRecordProperties | null;
  links?: OarecLink[];
  conformsTo?: string[];
}

export interface OarecItems {
  type: 'FeatureCollection';
  features: OarecRecord[];
  numberMatched?: number;
  numberReturned?: number;
  timeStamp?: string;
  links?: OarecLink[];
  /** the free text with its spelling corrected ("maksud Anda"), when nothing or almost nothing matched */
  suggestion?: string;
  /** the features are the typo-tolerant fallback's: nothing matched the words themselves */
  typoTolerant?: boolean;
  /** relevance order over this many matches only (more matched): the order is approximate */
  rankWindow?: number;
}

/** One facet: the query parameter that narrows by it and the values with their counts. */
export interface FacetGroup {
  name: string;
  title?: string;
  /** `approximate`: counted from a sample of a large result (libs/search/facet-counts.ts), shown as "sekitar" */
  values: { value: string; count: number; title?: string; approximate?: boolean }[];
}

/**
 * Facets as the Records routes hand them over: either a list of groups, or an object keyed by
 * query parameter whose values are `{value, count}` lists.
 */
export type Facets = FacetGroup[] | Record<string, { value: string; count: number; title?: string; approximate?: boolean }[]>;

/**
 * The `iso:` properties of a single record (libs/oarec/responses/record-rich.ts): the rich view
 * of its ISO document. Each one may be absent.
 */
export interface OarecRichProperties {
  'iso:purpose'?: string;
  'iso:lineage'?: { statement?: string; processSteps?: number; sources?: number };
  'iso:conformity'?: { specification?: string; specificationHref?: string; date?: string; dateType?: string; pass?: boolean; explanation?: string }[];
  'iso:qualityResults'?: { element: string; measure?: string; value?: string; unit?: string }[];
  'iso:spatialResolution'?: { scaleDenominator?: number; distance?: number; uom?: string }[];
  'iso:referenceSystems'?: { code: string; codeSpace?: string; href?: string }[];
  'iso:resourceDates'?: { type: string; date: string }[];
  'iso:maintenanceFrequency'?: string;
  'iso:identifiers'?: { code: string; codeSpace?: string; href?: string }[];
  'iso:constraints'?: {
    kind: 'legal' | 'security' | 'other'; access?: string[]; use?: string[]; other?: { text: string; href?: string }[];
    useLimitation?: string[]; classification?: string;
  }[];
  'iso:associations'?: { type?: string; initiativeType?: string; title?: string; code?: string; href?: string; uuidref?: string }[];
  'iso:operatesOn'?: { uuidref?: string; href?: string; title?: string }[];
  /** field (title, description, purpose, lineage) → RFC 5646 tag → text */
  'iso:translations'?: Record<string, Record<string, string>>;
  'iso:locales'?: string[];
}
