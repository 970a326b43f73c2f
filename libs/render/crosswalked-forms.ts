import type { LightDocument } from '../xml/light-dom';
import type { DocumentSchema } from '../catalogue/record-document';
import { crosswalk, CrosswalkError } from './crosswalk';
import { DOCUMENT_FORMS, type RenderDocument } from './document-forms';
import type { RenderFormat } from './formats';

/**
 * Issue 19: a record with a stored document is served in the schemas it was not written in
 * through our crosswalks (crosswalk.ts), not from the JSON projection, which holds less than the
 * document (operatesOn, contacts' phones, ...). For each stored schema, the schemas its other
 * forms come from, in order; `via` names an earlier step whose output is the source, so that a
 * 19139 document goes through the 19139 → 19115-3 stylesheet once for both 19115-3 sets.
 * Each target schema gives the forms DOCUMENT_FORMS lists for it (full form, element sets, and
 * for 19139 the Dublin Core records).
 */
interface Step { to: DocumentSchema; via?: DocumentSchema }

export const CROSSWALK_STEPS: Readonly<Record<DocumentSchema, readonly Step[]>> = {
  iso19139: [{ to: 'iso19115-3-2018' }, { to: 'iso19115-3-2016', via: 'iso19115-3-2018' }],
  'iso19115-2': [{ to: 'iso19115-3-2018' }, { to: 'iso19115-3-2016', via: 'iso19115-3-2018' }],
  // the other 19115-3 namespace set is the document with its module namespaces moved (crosswalk.ts mdbNamespaceSet)
  'iso19115-3-2018': [{ to: 'iso19139' }, { to: 'iso19115-3-2016' }],
  'iso19115-3-2016': [{ to: 'iso19139' }, { to: 'iso19115-3-2018' }],
};

export type CrosswalkWarn = (fields: { recordId: string; from: DocumentSchema; to: DocumentSchema; err: string }, msg: string) => void;

/**
 * The documents, in other schemas, that `wanted` forms are taken from (only the steps some
 * wanted form needs are run). A step that fails (CrosswalkError) is warned about and left out,
 * and so is any step that goes through it: those forms stay derived from the JSON projection.
 * `parsed` is the stored document as parseForRender returns it, for the steps that start from it.
 */
export function crosswalkedDocuments(
  recordId: string, doc: RenderDocument, wanted: readonly RenderFormat[], warn: CrosswalkWarn, parsed?: () => LightDocument,
): { doc: RenderDocument; forms: RenderFormat[] }[] {
  const own = new Set(DOCUMENT_FORMS[doc.schema]);
  const made = new Map<DocumentSchema, string>();
  const out: { doc: RenderDocument; forms: RenderFormat[] }[] = [];
  const steps = CROSSWALK_STEPS[doc.schema];
  const needed = (s: Step): boolean => DOCUMENT_FORMS[s.to].some((f) => wanted.includes(f) && !own.has(f))
    || steps.some((later) => later.via === s.to && needed(later));
  for (const step of steps) {
    if (!needed(step)) continue;
    const from = step.via ? { schema: step.via, xml: made.get(step.via) } : doc;
    if (from.xml === undefined) continue; // the step it goes through failed (already warned)
    try {
      made.set(step.to, crosswalk(from.xml, from.schema, step.to, step.via ? undefined : parsed));
    } catch (err) {
      if (!(err instanceof CrosswalkError)) throw err;
      warn({ recordId, from: from.schema, to: step.to, err: err.message }, 'crosswalk gagal; bentuk diturunkan dari JSON');
      continue;
    }
    const forms = DOCUMENT_FORMS[step.to].filter((f) => wanted.includes(f) && !own.has(f));
    if (forms.length) out.push({ doc: { schema: step.to, xml: made.get(step.to)! }, forms });
  }
  return out;
}
