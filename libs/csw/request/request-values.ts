import { invalid } from '../csw-error';
import {
  ELEMENT_SETS, MAX_RECORDS_CAP, OUTPUT_FORMATS, OUTPUT_SCHEMAS, RESULT_TYPES, SCHEMA_LANGUAGE, SCHEMA_LANGUAGE_ALIASES,
  recordTypeFor,
} from '../capabilities';
import { NS, STANDARD_PREFIXES, type QName } from '../namespaces';
import { resolveQueryable } from '../../search/queryables';
import type { ElementSet, ResultType } from './csw-request';

/**
 * Value checks shared by the KVP and XML parsers. `locator` is always the lower-case KVP
 * name of the parameter, also for XML requests, so one request fails the same way in both
 * encodings. Allowed values come from the capabilities table.
 */

export function checkOutputSchema(value: string | undefined, fallback: string): string {
  if (value === undefined) return fallback;
  if (!(value in OUTPUT_SCHEMAS)) {
    throw invalid('outputschema', `outputSchema "${value}" tidak didukung. Nilai yang didukung: ${Object.keys(OUTPUT_SCHEMAS).join(', ')}.`);
  }
  return value;
}

export function checkOutputFormat(value: string | undefined, locator = 'outputformat'): string {
  if (value === undefined) return 'application/xml';
  // a media type may carry parameters ("application/xml; charset=UTF-8"); only the type matters
  const type = value.split(';')[0]!.trim();
  if (!(OUTPUT_FORMATS as readonly string[]).includes(type)) {
    throw invalid(locator, `outputFormat "${value}" tidak didukung. Nilai yang didukung: ${OUTPUT_FORMATS.join(', ')}.`);
  }
  return 'application/xml';
}

export function checkElementSet(value: string | undefined, locator = 'elementsetname'): ElementSet {
  if (value === undefined) return 'summary';
  const v = value.trim();
  if (!(ELEMENT_SETS as readonly string[]).includes(v)) {
    throw invalid(locator, `ElementSetName "${value}" tidak valid. Nilai yang didukung: ${ELEMENT_SETS.join(', ')}.`);
  }
  return v as ElementSet;
}

export function checkResultType(value: string | undefined, fallback: ResultType): ResultType {
  if (value === undefined) return fallback;
  if (!(RESULT_TYPES as readonly string[]).includes(value)) {
    throw invalid('resulttype', `resultType "${value}" tidak valid. Nilai yang didukung: ${RESULT_TYPES.join(', ')}.`);
  }
  return value as ResultType;
}

export function checkSchemaLanguage(value: string | undefined): string {
  if (value === undefined) return SCHEMA_LANGUAGE;
  if (!SCHEMA_LANGUAGE_ALIASES.includes(value.trim())) {
    throw invalid('schemalanguage', `schemaLanguage "${value}" tidak didukung. Nilai yang didukung: ${SCHEMA_LANGUAGE}.`);
  }
  return SCHEMA_LANGUAGE;
}

const INTEGER = /^\s*\+?\d{1,15}\s*$/;

export function parseStartPosition(value: string | undefined): number {
  if (value === undefined) return 1;
  const n = INTEGER.test(value) ? Number(value) : NaN;
  // beyond 2^31 no catalogue has records, and PostgreSQL's OFFSET would still take it
  if (!Number.isSafeInteger(n) || n < 1 || n > 2_147_483_647) {
    throw invalid('startposition', `startPosition "${value}" harus bilangan bulat positif (1 atau lebih).`);
  }
  return n;
}

export function parseMaxRecords(value: string | undefined, fallback: number): number {
  if (value === undefined) return Math.min(fallback, MAX_RECORDS_CAP);
  const n = INTEGER.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n) || n < 0) {
    throw invalid('maxrecords', `maxRecords "${value}" harus bilangan bulat 0 atau lebih.`);
  }
  return Math.min(n, MAX_RECORDS_CAP);
}

export type PrefixResolver = (prefix: string) => string | undefined;

/** Request bindings first, then the standard prefixes (csw, gmd, mdb, dc, dct, ows, …). */
export function prefixResolver(bindings: Record<string, string>, inScope?: PrefixResolver): PrefixResolver {
  return (prefix) => inScope?.(prefix) ?? bindings[prefix] ?? STANDARD_PREFIXES[prefix];
}

/**
 * A `prefix:local` name → QName. Unqualified names and unknown prefixes are errors: a
 * type name must be qualified (CSW 2.0.2, 10.8.4.7), and guessing a namespace hides typos.
 */
export function parseQName(raw: string, resolve: PrefixResolver, locator: string): QName {
  const name = raw.trim();
  const m = /^([A-Za-z_][\w.-]*):([A-Za-z_][\w.-]*)$/.exec(name);
  if (!m) {
    if (/^[A-Za-z_][\w.-]*$/.test(name)) throw invalid(locator, `Nama tipe "${name}" tidak berkualifikasi (harus berawalan, mis. csw:Record).`);
    throw invalid(locator, `Nama "${name}" bukan QName yang valid.`);
  }
  const ns = resolve(m[1]!);
  if (!ns) throw invalid(locator, `Awalan namespace "${m[1]}" pada "${name}" tidak dikenal; deklarasikan lewat NAMESPACE.`);
  return { ns, local: m[2]!, prefix: m[1]! };
}

/** GetRecords type names: must be one of the advertised record types. */
export function checkRecordTypes(names: QName[], locator = 'typenames'): QName[] {
  for (const q of names) {
    if (q.ns === NS.csw && (q.local === 'SummaryRecord' || q.local === 'BriefRecord')) {
      throw invalid(locator, `csw:${q.local} adalah tampilan (ElementSetName), bukan nama tipe; gunakan csw:Record.`);
    }
    if (!recordTypeFor(q)) throw invalid(locator, `Nama tipe "${q.prefix ? `${q.prefix}:` : ''}${q.local}" tidak didukung.`);
  }
  return names;
}

const DC_ELEMENTS = new Set(['contributor', 'coverage', 'creator', 'date', 'description', 'format', 'identifier', 'language', 'publisher', 'relation', 'rights', 'source', 'subject', 'title', 'type']);
const DCT_ELEMENTS = new Set([
  'abstract', 'accessRights', 'alternative', 'audience', 'available', 'bibliographicCitation', 'conformsTo', 'created', 'dateAccepted',
  'dateCopyrighted', 'dateSubmitted', 'educationLevel', 'extent', 'hasFormat', 'hasPart', 'hasVersion', 'isFormatOf', 'isPartOf',
  'isReferencedBy', 'isReplacedBy', 'isRequiredBy', 'issued', 'isVersionOf', 'license', 'mediator', 'medium', 'modified', 'provenance',
  'references', 'replaces', 'requires', 'rightsHolder', 'spatial', 'tableOfContents', 'temporal', 'valid',
]);

/** Whether `q` names a child a csw:Record may have (record.xsd: DCMI terms + ows:BoundingBox). */
export function isDcRecordElement(q: QName): boolean {
  if (q.ns === NS.dc) return DC_ELEMENTS.has(q.local);
  if (q.ns === NS.dct) return DCT_ELEMENTS.has(q.local) || DC_ELEMENTS.has(q.local);
  if (q.ns === NS.ows) return q.local === 'BoundingBox' || q.local === 'WGS84BoundingBox';
  return false;
}

/**
 * Ad hoc ElementName values. For Dublin Core output they must be csw:Record children; for
 * ISO output any queryable name is accepted (the ISO views are not cut per element: the
 * full record is returned, see get-records.handler.ts).
 */
export function parseElementNames(raw: string[], outputSchema: string, resolve: PrefixResolver): QName[] {
  const dc = OUTPUT_SCHEMAS[outputSchema] === 'dc';
  return raw.map((r) => {
    const name = r.trim();
    // XPath-ish names ("/csw:Record/dc:title") name the last step
    const last = name.split('/').filter((s) => s !== '').pop() ?? '';
    if (!last.includes(':')) {
      // unqualified: Dublin Core element names are unambiguous enough to accept
      const q = dc ? ([{ ns: NS.dc, local: last }, { ns: NS.dct, local: last }] as QName[]).find(isDcRecordElement) : undefined;
      if (q) return q;
      if (!dc && resolveQueryable(last)) return { ns: NS.apiso, local: last };
      throw invalid('elementname', `ElementName "${name}" tidak dikenal.`);
    }
    let q: QName;
    try {
      q = parseQName(last, resolve, 'elementname');
    } catch {
      throw invalid('elementname', `ElementName "${name}" tidak dikenal.`);
    }
    const ok = dc ? isDcRecordElement(q) : !!resolveQueryable(last) || isDcRecordElement(q);
    if (!ok) throw invalid('elementname', `ElementName "${name}" tidak dikenal.`);
    return q;
  });
}
