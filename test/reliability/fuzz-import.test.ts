import fc from 'fast-check';
import { validateMetadataDoc } from '../../libs/catalogue/validate-record';
import { importMetadataXml, ImportMappingError } from '../../libs/import';
import { createRenderer } from '../../libs/render';
import { XmlInputError } from '../../libs/xml/safe-parse';
import { SAMPLE_RECORDS } from '../helpers/sample-records';
import { hostile, unstorableStringAt, XML_ATTACKS } from './fuzz-arbitraries';
import { describeError, FUZZ_RUNS, FUZZ_TEST_TIMEOUT_MS, timed } from './fuzz-timing';

jest.setTimeout(FUZZ_TEST_TIMEOUT_MS);

/**
 * The import path (`importMetadataXml`: ISO 19139, ISO 19115-3 and Dublin Core → MetadataDoc),
 * 10,000 documents. Seeds are real documents — our own renders of the shared sample records in
 * every importable form — which are then mutated: element text replaced with hostile values,
 * elements removed, duplicated, moved and renamed, attributes changed, the text truncated. The
 * importer must either return a document the REST validator accepts and PostgreSQL can store, or throw XmlInputError
 * (unreadable XML → 400) or ImportMappingError (→ 422); never anything else, never a hang.
 */

const IMPORTABLE = ['gmd', 'mdb2016', 'mdb2018', 'dc-full'] as const;
let seeds: string[] = [];

beforeAll(async () => {
  const renderer = await createRenderer();
  seeds = SAMPLE_RECORDS.flatMap((rec) => {
    const all = renderer.renderAll(rec);
    return IMPORTABLE.map((f) => all[f]);
  });
}, 300_000);

type Mutation =
  | { kind: 'text'; at: number; value: string }
  | { kind: 'charref'; at: number; ref: string }
  | { kind: 'remove'; at: number }
  | { kind: 'duplicate'; at: number }
  | { kind: 'move'; at: number; to: number }
  | { kind: 'rename'; at: number; name: string }
  | { kind: 'attribute'; at: number; name: string; value: string };

const NAMES = [
  'gco:CharacterString', 'gco:Decimal', 'gco:Date', 'gco:DateTime', 'gmd:title', 'gmd:abstract', 'gmd:westBoundLongitude', 'gmd:MD_Keywords',
  'gmd:CI_ResponsibleParty', 'gmd:EX_GeographicBoundingBox', 'gmd:fileIdentifier', 'gmd:language', 'gmd:hierarchyLevel', 'dc:title', 'dc:identifier',
  'ows:BoundingBox', 'ows:LowerCorner', 'x',
];
const ATTRIBUTES = ['codeListValue', 'codeList', 'uom', 'crs', 'gco:nilReason', 'xlink:href', 'xsi:type', 'id', 'uuidref'];
const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('text' as const), at: fc.nat(), value: fc.oneof(hostile, fc.string({ maxLength: 30 }), fc.double().map(String)) }) },
  // character references parse into characters XML text cannot otherwise carry
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('charref' as const), at: fc.nat(), ref: fc.constantFrom('&#0;', '&#xD800;', '&#xDFFF;', '&#x1;', '&#xFFFE;', '&#x10FFFF;', '&#x110000;', '&#9;') }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('remove' as const), at: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('duplicate' as const), at: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('move' as const), at: fc.nat(), to: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('rename' as const), at: fc.nat(), name: fc.constantFrom(...NAMES) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('attribute' as const), at: fc.nat(), name: fc.constantFrom(...ATTRIBUTES), value: fc.oneof(hostile, fc.string({ maxLength: 20 })) }) },
);

const xmlEscape = (v: string): string => v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The seed as tokens (tags and the text between them). Mutating tokens instead of a DOM keeps
 * each case to the one parse the importer does; a tag split wrongly by a '>' inside an
 * attribute value only makes the input stranger, which is fine for a fuzz input.
 */
const tokenise = (xml: string): string[] => xml.split(/(<[^>]*>)/).filter((t) => t !== '');
const isOpen = (t: string): boolean => t.startsWith('<') && !/^<[/?!]/.test(t) && !t.endsWith('/>');
const isElement = (t: string): boolean => t.startsWith('<') && !/^<[/?!]/.test(t);
const isText = (t: string): boolean => !t.startsWith('<');

/** [start, end) token range of the element whose start tag is at `i` */
function elementRange(tokens: string[], i: number): [number, number] {
  if (!isOpen(tokens[i]!)) return [i, i + 1];
  let depth = 0;
  for (let k = i; k < tokens.length; k++) {
    const t = tokens[k]!;
    if (isOpen(t)) depth += 1;
    else if (t.startsWith('</')) depth -= 1;
    if (depth === 0) return [i, k + 1];
  }
  return [i, tokens.length];
}

function nth(tokens: string[], pred: (t: string) => boolean, n: number, skipRoot = false): number | undefined {
  const idx: number[] = [];
  tokens.forEach((t, i) => { if (pred(t)) idx.push(i); });
  if (skipRoot) idx.shift();
  return idx.length ? idx[n % idx.length] : undefined;
}

/** Applies the mutations to a seed document's text. */
function mutate(seed: string, mutations: Mutation[]): string {
  let tokens = tokenise(seed);
  for (const m of mutations) {
    if (m.kind === 'text' || m.kind === 'charref') {
      const i = nth(tokens, (t) => isText(t) && t.trim() !== '', m.at);
      if (i !== undefined) tokens[i] = m.kind === 'text' ? xmlEscape(m.value) : `${tokens[i]}${m.ref}`;
      continue;
    }
    const i = nth(tokens, isElement, m.at, m.kind !== 'attribute');
    if (i === undefined) continue;
    const [a, b] = elementRange(tokens, i);
    const slice = tokens.slice(a, b);
    switch (m.kind) {
      case 'remove':
        tokens.splice(a, b - a);
        break;
      case 'duplicate':
        tokens.splice(a, 0, ...slice);
        break;
      case 'move': {
        tokens.splice(a, b - a);
        const to = nth(tokens, isOpen, m.to);
        if (to !== undefined) tokens.splice(to + 1, 0, ...slice);
        break;
      }
      case 'rename': {
        const old = /^<([^\s/>]+)/.exec(tokens[a]!)?.[1];
        if (!old) break;
        tokens[a] = tokens[a]!.replace(old, m.name);
        if (b - a > 1 && tokens[b - 1] === `</${old}>`) tokens[b - 1] = `</${m.name}>`;
        break;
      }
      case 'attribute':
        tokens[a] = tokens[a]!.replace(/^(<[^\s/>]+)/, `$1 ${m.name}="${xmlEscape(m.value)}"`);
        break;
    }
    tokens = tokens.filter((t) => t !== undefined);
  }
  return tokens.join('');
}

const documentText = fc.oneof(
  { weight: 8, arbitrary: fc.tuple(fc.nat(), fc.array(mutation, { minLength: 1, maxLength: 6 })).map(([i, ms]) => mutate(seeds[i % seeds.length]!, ms)) },
  // cut anywhere: malformed input must be an XmlInputError
  { weight: 1, arbitrary: fc.tuple(fc.nat(), fc.nat()).map(([i, at]) => { const s = seeds[i % seeds.length]!; return s.slice(0, at % s.length); }) },
  { weight: 1, arbitrary: fc.oneof(fc.constantFrom(...XML_ATTACKS), fc.string({ maxLength: 100 })) },
);

describe('the import path under mutated documents', () => {
  it('imports every seed unmutated (the seeds are meaningful)', () => {
    expect(seeds.length).toBe(SAMPLE_RECORDS.length * IMPORTABLE.length);
    for (const s of seeds) expect(validateMetadataDoc(importMetadataXml(s).doc).ok).toBe(true);
  });

  it(`${FUZZ_RUNS} mutated documents → a valid document, XmlInputError or ImportMappingError`, () => {
    const outcomes = { imported: 0, xml: 0, mapping: 0 };
    fc.assert(
      fc.property(documentText, (text) => {
        const { value, error } = timed('importMetadataXml', () => importMetadataXml(text));
        if (error instanceof XmlInputError) outcomes.xml += 1;
        else if (error instanceof ImportMappingError) outcomes.mapping += 1;
        else if (error !== undefined) throw new Error(`bukan kesalahan domain: ${describeError(error)}`);
        else {
          const check = validateMetadataDoc(value!.doc);
          if (!check.ok) throw new Error(`hasil impor tidak valid: ${JSON.stringify(check.errors.slice(0, 3))}`);
          // storable too: PostgreSQL refuses NUL and lone surrogates, which would be a 500 at insert
          const bad = unstorableStringAt(value!.doc);
          if (bad) throw new Error(`hasil impor memuat teks yang tidak dapat disimpan di ${bad}`);
          outcomes.imported += 1;
        }
      }),
      { numRuns: FUZZ_RUNS },
    );
    // every outcome is reached, so the mutations are neither too mild nor too destructive
    expect(outcomes.imported).toBeGreaterThan(FUZZ_RUNS / 10);
    expect(outcomes.mapping).toBeGreaterThan(FUZZ_RUNS / 100);
    expect(outcomes.xml).toBeGreaterThan(FUZZ_RUNS / 100);
  });
});
