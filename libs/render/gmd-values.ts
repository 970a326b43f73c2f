/**
 * Value rules for the ISO 19139 builder: where the JSON allows something the XSD does not
 * (free text where an enumeration is required, numbers in exponent notation, loose dates),
 * these functions decide what is written so that every render stays schema-valid.
 */

/** MD_TopicCategoryCode is an enumeration in ISO 19139 (19 values); 19115-1 added two more. */
export const GMD_TOPIC_CATEGORIES: ReadonlySet<string> = new Set([
  'farming', 'biota', 'boundaries', 'climatologyMeteorologyAtmosphere', 'economy', 'elevation', 'environment',
  'geoscientificInformation', 'health', 'imageryBaseMapsEarthCover', 'intelligenceMilitary', 'inlandWaters', 'location',
  'oceans', 'planningCadastre', 'society', 'structure', 'transportation', 'utilitiesCommunication',
]);

/** The concrete data-quality element names ISO 19139 declares. */
export const GMD_DQ_ELEMENTS: ReadonlySet<string> = new Set([
  'DQ_CompletenessCommission', 'DQ_CompletenessOmission', 'DQ_ConceptualConsistency', 'DQ_DomainConsistency',
  'DQ_FormatConsistency', 'DQ_TopologicalConsistency', 'DQ_AbsoluteExternalPositionalAccuracy',
  'DQ_GriddedDataPositionalAccuracy', 'DQ_RelativeInternalPositionalAccuracy', 'DQ_AccuracyOfATimeMeasurement',
  'DQ_TemporalConsistency', 'DQ_TemporalValidity', 'DQ_ThematicClassificationCorrectness',
  'DQ_NonQuantitativeAttributeAccuracy', 'DQ_QuantitativeAttributeAccuracy',
]);

/**
 * The 19139 element a data-quality entry is written as. ISO 19157 renamed one element; names
 * 19139 does not know (19157's usability and metaquality elements) become a domain-consistency
 * report that keeps the original name as its nameOfMeasure, so nothing is lost.
 */
export function gmdDqElement(name: string): { element: string; keepName: boolean } {
  if (name === 'DQ_NonQuantitativeAttributeCorrectness') return { element: 'DQ_NonQuantitativeAttributeAccuracy', keepName: false };
  if (GMD_DQ_ELEMENTS.has(name)) return { element: name, keepName: false };
  return { element: 'DQ_DomainConsistency', keepName: true };
}

/** A finite number as an xs:decimal lexical form (never exponent notation, which xs:decimal rejects). */
export function decimal(n: number): string | undefined {
  if (!Number.isFinite(n)) return undefined;
  if (Object.is(n, -0)) return '0';
  const s = String(n);
  if (!/e/i.test(s)) return s;
  const fixed = Math.abs(n) < 1 ? n.toFixed(20) : BigInt(Math.round(n)).toString();
  return fixed.includes('.') ? fixed.replace(/0+$/, '').replace(/\.$/, '') : fixed;
}

/** A positive whole number (scale denominators), or undefined. */
export function positiveInteger(n: number | undefined): string | undefined {
  if (n === undefined || !Number.isFinite(n)) return undefined;
  const r = Math.round(n);
  return r >= 1 ? String(r) : undefined;
}

const DATE_RE = /^\d{4}(-\d{2}(-\d{2})?)?$/;
const DATE_TIME_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?$/;

export type IsoDate = { kind: 'Date' | 'DateTime'; value: string };

/**
 * A record date as gco:Date (year, year-month or full date) or gco:DateTime. Anything else
 * is parsed as a date-time and written in UTC; a string no parser understands is dropped
 * rather than written as an invalid date.
 */
export function isoDate(value: string | undefined | null): IsoDate | undefined {
  if (!value) return undefined;
  const v = value.trim();
  if (DATE_RE.test(v)) return { kind: 'Date', value: v };
  if (DATE_TIME_RE.test(v)) return { kind: 'DateTime', value: /T\d{2}:\d{2}$/.test(v) ? `${v}:00` : v };
  const t = Date.parse(v);
  return Number.isNaN(t) ? undefined : { kind: 'DateTime', value: new Date(t).toISOString().replace('.000Z', 'Z') };
}

/** The metadata date stamp: always a date-time, second precision, UTC. */
export function dateStamp(updatedAt: string): IsoDate {
  const t = Date.parse(updatedAt);
  if (Number.isNaN(t)) return isoDate(updatedAt) ?? { kind: 'DateTime', value: '1970-01-01T00:00:00Z' };
  return { kind: 'DateTime', value: new Date(t).toISOString().replace(/\.\d{3}Z$/, 'Z') };
}

/** "EPSG:4326", "urn:ogc:def:crs:EPSG::4326", ".../EPSG/0/4326" → code 4326 in code space EPSG. */
export function referenceSystemId(value: string): { code: string; codeSpace?: string } {
  const v = value.trim();
  const m = /^EPSG:(\d+)$/i.exec(v) ?? /EPSG:[^:]*:(\d+)$/i.exec(v) ?? /\/EPSG\/\d+\/(\d+)$/i.exec(v);
  return m?.[1] ? { code: m[1], codeSpace: 'EPSG' } : { code: v };
}

/** Non-empty trimmed strings only; the schema forbids neither, but empty elements help no one. */
export function present(s: string | undefined | null): s is string {
  return typeof s === 'string' && s.trim() !== '';
}
