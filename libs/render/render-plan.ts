import type { MetadataRecord } from '../catalogue/record.types';
import type { SaxonNode } from 'saxon-js';
import type { RenderFormat } from './formats';
import { gmdBrief, gmdSummary, mdbBrief, mdbSummary } from './element-sets';
import { serviceStylesheetParams } from './gmd-service';
import type { DublinCoreRecords } from './dublin-core/records';

/**
 * How each form is derived. `gmd` is built from JSON (gmd-builder.ts) as text and as a SaxonJS
 * tree at once; every other form comes from an earlier one's tree, never from text. The
 * crosswalk 19139 → 19115-3 is XSLT; the three Dublin Core records are written in TypeScript
 * from the gmd tree (dublin-core/records.ts, formerly gmd-to-dc.xsl: one SaxonJS pass was the
 * largest cost of a stored document's render); the brief and summary element sets, projections
 * inside one schema, are copied from the full form's tree (element-sets.ts: four SaxonJS passes
 * cost a quarter of a record's render time).
 *
 * mdb2016 is not an XSLT stage: the catalogue's 19115-3 content is identical in the 2016 and
 * 2018 namespace sets, and every namespace of an mdb render is declared on its root element
 * only, so the 2016 form is the 2018 text with the root's declarations of the eight modules
 * that changed version moved back to 1.0 (see mdb2016.ts). Renaming every element in XSLT gave
 * the same bytes at about 11 ms a record, more than all other forms together.
 */
export type RenderStage =
  | {
      kind: 'xslt';
      from: RenderFormat;
      stylesheet: string;
      /** the form is the xsl:result-document of this name, not the principal result */
      resultDocument?: string;
      /** stylesheet parameters taken from the record, for what the source form cannot carry */
      params?: (record: MetadataRecord) => Record<string, string>;
    }
  | { kind: 'mdb2016-namespaces'; from: 'mdb2018' }
  /** a brief or summary element set: branches of the full form's tree copied as they are (element-sets.ts) */
  | { kind: 'element-set'; from: RenderFormat; write: (tree: SaxonNode) => string }
  /** one of the three Dublin Core records, all written at once from the gmd tree (dublin-core/records.ts) */
  | { kind: 'dublin-core'; from: 'gmd'; record: keyof DublinCoreRecords };

/** a service's topic categories, which 19139's SV_ServiceIdentification cannot hold (gmd-service.ts) */
export function dcServiceTopics(r: MetadataRecord): string {
  return serviceStylesheetParams(r)['service-topics'] as string;
}

export const RENDER_PLAN: Record<Exclude<RenderFormat, 'gmd'>, RenderStage> = {
  'gmd-summary': { kind: 'element-set', from: 'gmd', write: gmdSummary },
  'gmd-brief': { kind: 'element-set', from: 'gmd', write: gmdBrief },
  // 19115-3 requires a service type (the record's, else one derived from the protocol), and its
  // service identification holds what 19139's cannot (gmd-service.ts): the stylesheet gets both from the record
  mdb2018: {
    kind: 'xslt', from: 'gmd', stylesheet: 'gmd-to-mdb2018.xsl',
    params: (r) => ({ 'service-type': typeof r.serviceType === 'string' ? r.serviceType.trim() : '', ...serviceStylesheetParams(r) }),
  },
  mdb2016: { kind: 'mdb2016-namespaces', from: 'mdb2018' },
  'mdb2018-summary': { kind: 'element-set', from: 'mdb2018', write: mdbSummary },
  'mdb2018-brief': { kind: 'element-set', from: 'mdb2018', write: mdbBrief },
  // one pass writes all three Dublin Core records; a service's topic categories come from the
  // record (dcServiceTopics), as for mdb2018
  'dc-full': { kind: 'dublin-core', from: 'gmd', record: 'full' },
  'dc-summary': { kind: 'dublin-core', from: 'gmd', record: 'summary' },
  'dc-brief': { kind: 'dublin-core', from: 'gmd', record: 'brief' },
};

/** The forms other stages are derived from. */
export const SOURCE_FORMATS: ReadonlySet<RenderFormat> = new Set(Object.values(RENDER_PLAN).map((s) => s.from));

/**
 * Every top-level stylesheet the plan uses (included modules are compiled into these): compiled
 * at `npm install` and at start, so that a broken stylesheet fails the install, not a request.
 */
export function planStylesheets(): string[] {
  return [...new Set(Object.values(RENDER_PLAN).flatMap((s) => (s.kind === 'xslt' ? [s.stylesheet] : [])))].sort();
}

/** The forms `wanted` needs, sources first (gmd, then mdb2018 before the forms made from it). */
export function planOrder(wanted: readonly RenderFormat[]): RenderFormat[] {
  const needed = new Set<RenderFormat>();
  const add = (f: RenderFormat): void => {
    if (needed.has(f)) return;
    if (f !== 'gmd') add(RENDER_PLAN[f].from);
    needed.add(f);
  };
  wanted.forEach(add);
  return [...needed];
}
