import SaxonJS, { type SaxonNode } from 'saxon-js';
import { XMLSerializer, type Node as XmldomNode } from '@xmldom/xmldom';
import type { LightDocument } from '../xml/light-dom';
import type { MetadataRecord } from '../catalogue/record.types';
import { createLogger } from '../logger';
import { crosswalkedDocuments, type CrosswalkWarn } from './crosswalked-forms';
import { DOCUMENT_FORMS, FULL_FORM, embeddable, parsedOnce, type RenderDocument, type RenderInput } from './document-forms';
import { gmdBrief, gmdSummary, mdbBrief, mdbSummary } from './element-sets';
import { RENDER_FORMATS, type RenderFormat } from './formats';
import { buildGmdTree } from './gmd-builder';
import { mdb2018ToMdb2016 } from './mdb2016';
import { dublinCoreRecords, type DublinCoreRecords } from './dublin-core/records';
import type { DomNode } from './dublin-core/dom';
import { RENDER_PLAN, SOURCE_FORMATS, dcServiceTopics, planOrder, planStylesheets } from './render-plan';
import { compileStylesheets, type CompileOptions } from './stylesheet-compiler';

export type RenderSet = Record<RenderFormat, string>;

export interface Renderer {
  /**
   * every form of the record: gmd is built and parsed once, each stylesheet runs on a tree; a
   * record with a stored document (`isoDocument`) gets its own schema's forms from it (document-forms.ts)
   * and the other schemas' forms from it through the crosswalks (crosswalked-forms.ts)
   */
  renderAll(record: RenderInput): RenderSet;
  /** one form, running only the stages it depends on */
  render(record: RenderInput, format: RenderFormat): string;
  /** what start-up cost: stylesheets compiled (not found in the cache) and total milliseconds */
  readonly startup: { compiled: readonly string[]; ms: number; cacheDir: string };
}

export class RenderError extends Error {
  constructor(readonly format: RenderFormat, readonly recordId: string, cause: unknown) {
    super(`Render ${format} untuk rekaman ${recordId} gagal: ${(cause as Error)?.message ?? String(cause)}`, { cause });
    this.name = 'RenderError';
  }
}

/**
 * A tree SaxonJS built (destination "document"), serialised by xmldom: byte for byte what
 * SaxonJS's serializer writes (the render tests compare them, up to the order of the root's
 * namespace declarations) at a tenth of the cost. Like every render, no XML declaration: CSW
 * responses embed renders as they are.
 */
const serializer = new XMLSerializer();
function serializeTree(tree: SaxonNode): string {
  return serializer.serializeToString(tree as unknown as XmldomNode);
}

/**
 * xsl:result-document outputs stay in memory (SaxonJS would write them to files otherwise),
 * keyed by their href resolved against this base.
 */
const RESULT_BASE = 'file:///geokatalog-render/';
const RESULT_DOCUMENTS = { baseOutputURI: RESULT_BASE, deliverResultDocument: () => ({ destination: 'serialized' as const }) };

/** Parameter names without a namespace, as SaxonJS wants them: Q{}name. */
function paramsOf(values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [`Q{}${k}`, v]));
}

function resultDocument(docs: Record<string, string>, name: string): string {
  const doc = docs[RESULT_BASE + name];
  if (typeof doc !== 'string') throw new Error(`stylesheet tidak menghasilkan dokumen "${name}"`);
  return doc;
}

/**
 * SaxonJS 2.7 formats a debug line describing the transform options on every call, calling
 * toString() on the source node, which serialises the whole source document only to throw the
 * string away. A source tree gets a constant toString so that each transform skips that work.
 */
function asSource(tree: SaxonNode): SaxonNode {
  Object.defineProperty(tree, 'toString', { value: () => '[render source]', enumerable: false });
  return tree;
}

/** Used once at start: a stylesheet that compiles but fails at run time must fail the start too. */
const SMOKE_RECORD: MetadataRecord = {
  id: 'render-smoke-test', title: 'Uji render', status: 'DRAFT', organisationId: 'org', ownerId: 'user', reviewerId: null,
  version: 1, createdAt: '2024-01-01T00:00:00Z', updatedAt: '2024-01-01T00:00:00Z', publishedAt: null,
  hierarchyLevel: 'service', abstract: 'a', keywords: [{ type: 'theme', values: ['k'] }],
  contacts: [{ role: 'pointOfContact', organisationName: 'o' }], dataQuality: [{ element: 'DQ_DomainConsistency', pass: true }],
  lineage: 'l', extent: { bbox: { west: 1, east: 2, south: 3, north: 4 }, temporal: { start: '2020-01-01' } },
  distributions: [{ protocol: 'OGC:WMS', url: 'https://example.org/wms' }], formats: ['f'],
};

export interface RendererOptions extends CompileOptions {
  /**
   * Where a failed crosswalk is reported (the form falls back to the JSON projection); default a
   * pino warning. Worker threads get the default: a function does not cross to them.
   */
  warn?: CrosswalkWarn;
}

let defaultLog: ReturnType<typeof createLogger> | undefined;
const defaultWarn: CrosswalkWarn = (fields, msg) => (defaultLog ??= createLogger('warn', 'render')).warn(fields, msg);

/**
 * Creates the renderer: compiles (or loads from the cache) every stylesheet once and renders a
 * test record through every form, so that a broken stylesheet rejects here, at start-up.
 */
export async function createRenderer(opts: RendererOptions = {}): Promise<Renderer> {
  const t0 = performance.now();
  const warn = opts.warn ?? defaultWarn;
  const compiledSet = await compileStylesheets(planStylesheets(), opts);
  const sefs = compiledSet.sef;

  const sefFor = (stylesheet: string): object => {
    const sef = sefs.get(stylesheet);
    if (!sef) throw new Error(`stylesheet ${stylesheet} tidak dimuat`);
    return sef;
  };

  /** Renders `wanted` (and what they depend on) from one built gmd. */
  const run = (record: MetadataRecord, wanted: readonly RenderFormat[]): Partial<RenderSet> => {
    const out: Partial<RenderSet> = {};
    const trees: Partial<Record<RenderFormat, SaxonNode>> = {};
    // outputs of a stylesheet already run for this record (one pass, several forms)
    const done = new Map<string, { principal: string; documents: Record<string, string> }>();
    let dc: DublinCoreRecords | undefined;
    let current: RenderFormat = 'gmd';
    try {
      // the gmd text and its tree come from one build: the text is never parsed back
      const gmd = buildGmdTree(record);
      out.gmd = gmd.text;
      trees.gmd = asSource(gmd.tree);
      const order = planOrder(wanted);
      for (const f of order) {
        if (f === 'gmd') continue;
        current = f;
        const stage = RENDER_PLAN[f];
        if (stage.kind === 'mdb2016-namespaces') {
          out[f] = mdb2018ToMdb2016(out.mdb2018 as string);
          continue;
        }
        if (stage.kind === 'dublin-core') {
          dc ??= dublinCoreRecords(trees.gmd as unknown as DomNode, dcServiceTopics(record));
          out[f] = dc[stage.record];
          continue;
        }
        if (stage.kind === 'element-set') {
          const tree = trees[stage.from];
          if (!tree) throw new Error(`sumber ${stage.from} belum tersedia`);
          out[f] = stage.write(tree);
          continue;
        }
        const earlier = done.get(stage.stylesheet);
        if (earlier) {
          out[f] = stage.resultDocument ? resultDocument(earlier.documents, stage.resultDocument) : earlier.principal;
          continue;
        }
        const source = trees[stage.from];
        if (!source) throw new Error(`sumber ${stage.from} belum tersedia`);
        const sef = sefFor(stage.stylesheet);
        const params = stage.params ? { stylesheetParams: paramsOf(stage.params(record)) } : {};
        // a form other stages read from is built as a tree (and serialised from it) whether or
        // not they run this time, so that its bytes never depend on what else was asked for
        if (SOURCE_FORMATS.has(f)) {
          const doc = SaxonJS.transform({ stylesheetInternal: sef, sourceNode: source, destination: 'document', ...params }, 'sync').principalResult as SaxonNode;
          trees[f] = asSource(doc);
          out[f] = serializeTree(doc);
          continue;
        }
        const res = SaxonJS.transform({ stylesheetInternal: sef, sourceNode: source, destination: 'serialized', ...params, ...RESULT_DOCUMENTS }, 'sync');
        const outputs = { principal: res.principalResult as string, documents: res.resultDocuments ?? {} };
        done.set(stage.stylesheet, outputs);
        out[f] = stage.resultDocument ? resultDocument(outputs.documents, stage.resultDocument) : outputs.principal;
      }
      return out;
    } catch (err) {
      throw err instanceof RenderError ? err : new RenderError(current, record.id, err);
    }
  };

  /** The forms taken from the stored document, as it is (the full form) or cut / transformed from it. */
  const fromDocument = (recordId: string, doc: RenderDocument, wanted: readonly RenderFormat[], parsed = parsedOnce(doc.xml)): Partial<RenderSet> => {
    const full = FULL_FORM[doc.schema];
    const out: Partial<RenderSet> = {};
    const docTree = (): SaxonNode => parsed() as unknown as SaxonNode;
    let dc: DublinCoreRecords | undefined;
    let current: RenderFormat = full;
    try {
      for (const f of wanted) {
        current = f;
        if (f === full) out[f] = embeddable(doc.xml);
        else if (f === 'gmd-summary') out[f] = gmdSummary(docTree());
        else if (f === 'gmd-brief') out[f] = gmdBrief(docTree());
        else if (f === 'mdb2018-summary') out[f] = mdbSummary(docTree());
        else if (f === 'mdb2018-brief') out[f] = mdbBrief(docTree());
        else if (f === 'dc-full' || f === 'dc-summary' || f === 'dc-brief') {
          // a stored document carries its own topic categories: no service topics from the record
          dc ??= dublinCoreRecords(docTree() as unknown as DomNode);
          out[f] = dc[f === 'dc-full' ? 'full' : f === 'dc-summary' ? 'summary' : 'brief'];
        }
      }
      return out;
    } catch (err) {
      throw new RenderError(current, recordId, err);
    }
  };

  /**
   * The other schemas' forms, from the document crosswalked to them (crosswalked-forms.ts). A
   * failure here is a warning, never a failed render: those forms are left to the JSON projection.
   */
  const fromCrosswalks = (record: RenderInput, doc: RenderDocument, wanted: readonly RenderFormat[], parsed: () => LightDocument): Partial<RenderSet> => {
    const out: Partial<RenderSet> = {};
    for (const other of crosswalkedDocuments(record.id, doc, wanted, warn, parsed)) {
      try {
        Object.assign(out, fromDocument(record.id, other.doc, other.forms));
      } catch (err) {
        warn({ recordId: record.id, from: doc.schema, to: other.doc.schema, err: (err as Error).message }, 'bentuk dari hasil crosswalk gagal; diturunkan dari JSON');
      }
    }
    return out;
  };

  /** The document's own forms, the other schemas' through the crosswalks, and JSON-derived forms for what neither gives. */
  const renderInput = (record: RenderInput, wanted: readonly RenderFormat[]): Partial<RenderSet> => {
    const doc = record.isoDocument;
    if (!doc) return run(record, wanted);
    const own = new Set(DOCUMENT_FORMS[doc.schema]);
    // the stored document is parsed once, for its own forms and the crosswalks alike
    const parsed = parsedOnce(doc.xml);
    const overlay = { ...fromCrosswalks(record, doc, wanted, parsed), ...fromDocument(record.id, doc, wanted.filter((f) => own.has(f)), parsed) };
    const fromJson = wanted.filter((f) => overlay[f] === undefined);
    const base = fromJson.length ? run(record, fromJson) : {};
    const out: Partial<RenderSet> = {};
    for (const f of wanted) out[f] = overlay[f] ?? base[f];
    return out;
  };

  const startup = { compiled: compiledSet.compiled, ms: 0, cacheDir: compiledSet.cacheDir };
  const renderer: Renderer = {
    renderAll(record) {
      return renderInput(record, RENDER_FORMATS) as RenderSet;
    },
    render(record, format) {
      return renderInput(record, [format])[format] as string;
    },
    startup,
  };
  renderer.renderAll(SMOKE_RECORD);
  startup.ms = Math.round(performance.now() - t0);
  return renderer;
}
