/**
 * The "rich view" of a record (issue 19 point 7): what a reader of the public record page and a
 * client of the GeoJSON record want to see of the ISO document beyond the JSON model — read from
 * the stored document itself (libs/import/rich-view.ts), never from the model, so nothing the
 * document carries is reduced and nothing it lacks is invented. Every field is optional or an
 * empty list: a missing element stays missing.
 *
 * Language codes are ISO 639-2/T as the importer normalises them (`eng`, `ind`, `nor` …).
 */

/** A free text and its PT_FreeText translations (language → text). */
export interface LocalisedText {
  /** the text in the document's own language (gco:CharacterString); absent when only translations exist */
  text?: string;
  /** language code → translated text (LocalisedCharacterString of a PT_Locale) */
  translations?: Record<string, string>;
}

/** A value that may be a gmx:Anchor / gcx:Anchor: the text and the anchor's xlink:href. */
export interface AnchoredText {
  text: string;
  href?: string;
}

export interface RichIdentifier {
  code: string;
  codeSpace?: string;
  /** the code's anchor href, when it is a gmx:Anchor */
  href?: string;
}

export interface RichConformity {
  /** specification title (anchor href kept) */
  specification?: AnchoredText;
  /** specification date (CI_Date) and its type */
  specificationDate?: string;
  specificationDateType?: string;
  explanation?: string;
  /** the degree: true = conformant, false = not conformant; absent = not evaluated (nil) */
  pass?: boolean;
}

/** A quality report that is not a conformity result (quantitative or descriptive). */
export interface RichQualityResult {
  /** the report element's local name, e.g. DQ_AbsoluteExternalPositionalAccuracy */
  element: string;
  measure?: string;
  value?: string;
  unit?: string;
}

export interface RichResolution {
  scaleDenominator?: number;
  distance?: number;
  uom?: string;
}

export interface RichDate {
  /** CI_DateTypeCode: creation, publication, revision (others as written) */
  type: string;
  date: string;
}

/** One resourceConstraints block. */
export interface RichConstraint {
  kind: 'legal' | 'security' | 'other';
  /** MD_RestrictionCode values of accessConstraints / useConstraints */
  access: string[];
  use: string[];
  /** otherConstraints (with their anchors' hrefs: INSPIRE limitations, licences) */
  other: AnchoredText[];
  useLimitation: string[];
  /** MD_ClassificationCode of a security constraint */
  classification?: string;
}

/** An aggregated / associated resource (aggregationInfo, associatedResource). */
export interface RichAssociation {
  /** DS_AssociationTypeCode: crossReference, largerWorkCitation, partOfSeamlessDatabase … */
  type?: string;
  initiativeType?: string;
  title?: string;
  code?: string;
  href?: string;
  uuidref?: string;
}

/** srv:operatesOn: the datasets a service operates on. */
export interface RichOperatesOn {
  uuidref?: string;
  href?: string;
  title?: string;
}

export interface RichFormat {
  name: string;
  version?: string;
}

export interface RichLineage {
  statement?: LocalisedText;
  processSteps: number;
  sources: number;
}

export interface RichView {
  title?: LocalisedText;
  abstract?: LocalisedText;
  purpose?: LocalisedText;
  lineage?: RichLineage;
  conformity: RichConformity[];
  qualityResults: RichQualityResult[];
  resolutions: RichResolution[];
  referenceSystems: RichIdentifier[];
  resourceDates: RichDate[];
  maintenanceFrequency?: string;
  identifiers: RichIdentifier[];
  constraints: RichConstraint[];
  associations: RichAssociation[];
  operatesOn: RichOperatesOn[];
  formats: RichFormat[];
  /** languages of the document's PT_Locales (the languages translations may be in) */
  locales: string[];
}
