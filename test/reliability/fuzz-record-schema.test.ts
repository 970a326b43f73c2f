import fc from 'fast-check';
import { MAX_REPORTED_ERRORS, validateMetadataDoc, type ValidationResult } from '../../libs/catalogue/validate-record';
import { hostile, unstorableStringAt } from './fuzz-arbitraries';
import { describeError, FUZZ_RUNS, FUZZ_TEST_TIMEOUT_MS, timed } from './fuzz-timing';

jest.setTimeout(FUZZ_TEST_TIMEOUT_MS);

/**
 * The JSON record schema (validate-record.ts), 10,000 documents: near-valid documents with
 * random fields swapped for hostile values or wrong types, plus arbitrary JSON and JavaScript
 * values (importers hand over NaN, Infinity, undefined). The validator must never throw, and
 * must answer either a valid document or a bounded list of field errors with JSON Pointers.
 */

const anyValue = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, -0, undefined, 1e308, -1e308, Number.MIN_VALUE, 2 ** 53 + 1),
  hostile,
);
/** a field's value: usually plausible, sometimes anything */
const or = <T>(good: fc.Arbitrary<T>): fc.Arbitrary<unknown> => fc.oneof({ weight: 4, arbitrary: good }, { weight: 1, arbitrary: anyValue });
// long strings from a repeated piece: fast-check builds fc.string character by character, which is slow
const longText = fc.tuple(fc.string({ minLength: 1, maxLength: 6 }), fc.integer({ min: 80, max: 2_500 })).map(([s, n]) => s.repeat(n));
const text = fc.oneof({ weight: 3, arbitrary: fc.string({ maxLength: 30 }) }, { weight: 1, arbitrary: hostile }, { weight: 1, arbitrary: longText });
const code = (...codes: string[]) => fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...codes) }, { weight: 1, arbitrary: text });
const date = fc.oneof(fc.constantFrom('2024', '2024-05', '2024-05-01', '2024-02-30', '2024-05-01T08:00:00+07:00', '2023-02-29', '1900-01-01T24:00:00Z'), text);
const coordinate = fc.oneof(fc.double({ min: -200, max: 200 }), fc.double(), fc.integer());
const list = <T>(a: fc.Arbitrary<T>) => fc.array(a, { maxLength: 5 });

const nearDoc = fc.record(
  {
    fileIdentifier: or(fc.oneof(fc.constantFrom('rec-1', 'a.b:c-d_e'), text)),
    title: or(text),
    abstract: or(text),
    purpose: or(text),
    language: or(code('ind', 'eng', 'id', 'IND')),
    hierarchyLevel: or(code('dataset', 'series', 'service')),
    serviceType: or(code('view', 'download', 'OGC:WMS')),
    topicCategories: or(list(code('boundaries', 'elevation', 'oceans'))),
    keywords: or(list(fc.record({ type: or(code('theme', 'place')), thesaurus: or(text), values: or(list(text)) }, { requiredKeys: [] }))),
    contacts: or(list(fc.record({
      role: or(code('pointOfContact', 'author')), organisationName: or(text), individualName: or(text), positionName: or(text),
      email: or(fc.oneof(fc.emailAddress(), text)), phone: or(text), address: or(text),
    }, { requiredKeys: [] }))),
    dates: or(fc.record({ creation: or(date), publication: or(date), revision: or(date) }, { requiredKeys: [] })),
    progressStatus: or(code('completed', 'onGoing')),
    spatialRepresentationType: or(code('vector', 'grid')),
    referenceSystem: or(fc.oneof(fc.constantFrom('EPSG:4326', 'EPSG:23830', 'epsg:4326', 'EPSG:'), text)),
    spatialResolution: or(fc.record({ scaleDenominator: or(fc.double()), distance: or(fc.double()), distanceUom: or(text) }, { requiredKeys: [] })),
    extent: or(fc.record({
      bbox: or(fc.record({ west: or(coordinate), east: or(coordinate), south: or(coordinate), north: or(coordinate) }, { requiredKeys: [] })),
      temporal: or(fc.record({ start: or(date), end: or(date) }, { requiredKeys: [] })),
    }, { requiredKeys: [] })),
    maintenanceFrequency: or(code('annually', 'asNeeded')),
    distributions: or(list(fc.record({
      protocol: or(code('OGC:WMS', 'WWW:LINK')), url: or(fc.oneof(fc.webUrl(), fc.constantFrom('javascript:alert(1)', 'ftp://x', 'http://'), text)), name: or(text), description: or(text),
    }, { requiredKeys: [] }))),
    formats: or(list(text)),
    constraints: or(fc.record({ classification: or(code('unclassified', 'restricted')), useLimitation: or(text), license: or(text) }, { requiredKeys: [] })),
    dataQuality: or(list(fc.record({ element: or(code('DQ_CompletenessOmission')), evaluationMethod: or(code('directInternal')), result: or(text), pass: or(fc.boolean()) }, { requiredKeys: [] }))),
    lineage: or(text),
    thumbnailUrl: or(fc.oneof(fc.webUrl(), text)),
    resourceType: or(text),
    spatialCoverage: or(list(text)),
    relations: or(list(text)),
    sources: or(list(text)),
  },
  { requiredKeys: [] },
);

/** server-managed and unknown members, and names that touch Object.prototype */
const junk = fc.dictionary(fc.constantFrom('id', 'status', 'version', '__proto__', 'constructor', 'toString', 'hasOwnProperty', 'extra', ''), anyValue, { maxKeys: 3 });

/** a document built only from plausible values: valid often enough to exercise the success path */
const plausibleDoc = fc.record({
  title: fc.string({ minLength: 1, maxLength: 60 }).filter((s) => s.trim() !== ''),
  abstract: fc.string({ maxLength: 200 }),
  language: fc.constantFrom('ind', 'eng'),
  topicCategories: fc.array(fc.constantFrom('boundaries', 'elevation', 'oceans'), { maxLength: 3 }),
  extent: fc.record({ bbox: fc.record({ west: fc.double({ min: -180, max: 0, noNaN: true }), east: fc.double({ min: 0, max: 180, noNaN: true }), south: fc.double({ min: -90, max: 0, noNaN: true }), north: fc.double({ min: 0, max: 90, noNaN: true }) }) }, { requiredKeys: [] }),
}, { requiredKeys: ['title'] });

/** as it arrives over HTTP: through JSON text (so "__proto__" is a real own member) */
const viaJson = (v: unknown): unknown => {
  const s = JSON.stringify(v);
  return s === undefined ? undefined : JSON.parse(s);
};

/** plain checks, not expect(): this runs for every error of 10,000 documents */
function checkResult(r: ValidationResult): void {
  const fail = (msg: string): never => {
    throw new Error(msg);
  };
  if (r.ok) {
    // the title may be absent (an imported document without one keeps none: issue 19); when present it is text
    if (typeof r.doc !== 'object' || (r.doc.title !== undefined && typeof r.doc.title !== 'string')) fail('dokumen valid dengan judul bukan teks');
    // a valid document stays valid (the REST layer validates again after a merge patch)
    if (!validateMetadataDoc(viaJson(r.doc)).ok) fail('dokumen valid menjadi tidak valid setelah JSON');
    // and it can be stored: PostgreSQL refuses NUL (text) and lone surrogates (jsonb) with an error
    const bad = unstorableStringAt(r.doc);
    if (bad) fail(`dokumen valid memuat teks yang tidak dapat disimpan di ${bad}`);
    return;
  }
  if (r.errors.length === 0 || r.errors.length > MAX_REPORTED_ERRORS) fail(`jumlah kesalahan ${r.errors.length}`);
  for (const e of r.errors) {
    if (typeof e.path !== 'string' || !(e.path === '' || e.path.startsWith('/'))) fail(`path bukan JSON Pointer: ${String(e.path)}`);
    if (typeof e.message !== 'string' || e.message.length === 0) fail(`pesan kosong di ${e.path}`);
  }
}

describe('the metadata JSON schema under random documents', () => {
  it(`${FUZZ_RUNS} near-valid, hostile and arbitrary documents: never a throw, always a valid doc or field errors`, () => {
    let valid = 0;
    const input = fc.oneof(
      { weight: 4, arbitrary: nearDoc.map(viaJson) },
      { weight: 2, arbitrary: fc.tuple(nearDoc, junk).map(([d, j]) => viaJson({ ...j, ...d })) },
      { weight: 2, arbitrary: nearDoc }, // as JS callers (importers) hand it over
      { weight: 1, arbitrary: plausibleDoc.map(viaJson) },
      { weight: 1, arbitrary: anyValue.map(viaJson) },
      { weight: 1, arbitrary: fc.anything({ maxDepth: 3 }) },
    );
    fc.assert(
      fc.property(input, (doc) => {
        const { value, error } = timed('validateMetadataDoc', () => validateMetadataDoc(doc));
        if (error !== undefined) throw new Error(`validateMetadataDoc melempar: ${describeError(error)}`);
        checkResult(value!);
        if (value!.ok) valid += 1;
      }),
      { numRuns: FUZZ_RUNS },
    );
    // the generator reaches valid documents too, so the success path is exercised
    expect(valid).toBeGreaterThan(0);
  });

  it('a document with thousands of unknown members reports a bounded list of errors', () => {
    const doc: Record<string, unknown> = { title: 'x' };
    for (let i = 0; i < 20_000; i++) doc[`k${i}`] = i;
    const { value } = timed('validateMetadataDoc', () => validateMetadataDoc(doc));
    expect(value!.ok).toBe(false);
    expect((value as { errors: unknown[] }).errors.length).toBeLessThanOrEqual(MAX_REPORTED_ERRORS);
  });
});
