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
