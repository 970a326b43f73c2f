import type { LightDocument } from '../xml/light-dom';
import { parseForRender } from '../xml/trusted-parse';
import type { DocumentSchema } from '../catalogue/record-document';
import type { MetadataRecord } from '../catalogue/record.types';
import type { RenderFormat } from './formats';

/**
 * Issue 19: a record with a stored ISO document is served in its own schema unchanged. Which
 * forms come from the document (the rest stay derived from the JSON projection, as before,
 * until the crosswalks between schemas replace them):
 * - ISO 19139 and ISO 19115-2 (gmi) documents: `gmd` is the document, its brief and summary
 *   element sets and the three Dublin Core records are cut / transformed from it;
 * - ISO 19115-3 2018: `mdb2018` is the document, with its brief and summary element sets;
 * - ISO 19115-3 2016: `mdb2016` is the document.
 */
export interface RenderDocument {
  xml: string;
  schema: DocumentSchema;
}

/** What the renderer is given: the record, and its document when it has one. */
export type RenderInput = MetadataRecord & { isoDocument?: RenderDocument };

export const DOCUMENT_FORMS: Readonly<Record<DocumentSchema, readonly RenderFormat[]>> = {
  iso19139: ['gmd', 'gmd-summary', 'gmd-brief', 'dc-full', 'dc-summary', 'dc-brief'],
  'iso19115-2': ['gmd', 'gmd-summary', 'gmd-brief', 'dc-full', 'dc-summary', 'dc-brief'],
  'iso19115-3-2018': ['mdb2018', 'mdb2018-summary', 'mdb2018-brief'],
  'iso19115-3-2016': ['mdb2016'],
};

/** The form the document itself is, unchanged. */
export const FULL_FORM: Readonly<Record<DocumentSchema, RenderFormat>> = {
  iso19139: 'gmd', 'iso19115-2': 'gmd', 'iso19115-3-2018': 'mdb2018', 'iso19115-3-2016': 'mdb2016',
};

/**
 * The document as CSW responses embed it: without its XML declaration (and byte-order mark),
 * everything from the first comment or element on exactly as written.
 */
export function embeddable(xml: string): string {
  return xml.replace(/^\uFEFF?\s*(<\?xml\s[^?]*\?>)?\s*/, '');
}

/**
 * The document as a DOM for the element sets, the Dublin Core records and the crosswalks, parsed
 * on first use and then shared: a parse is much of what a stored document's render costs (issue
 * 19, render speed), and all three only read the tree (through the minimal DOM that SaxonJS's
 * trees, xmldom and the light DOM share). Stored documents passed parseXmlSafely at import (no
 * DOCTYPE, no entities, bounded size and depth), so the render reads them with the light parser
 * (xml/trusted-parse.ts), which falls back to parseXmlSafely for anything it does not expect.
 */
export function parsedOnce(xml: string): () => LightDocument {
  let doc: LightDocument | undefined;
  return () => (doc ??= parseForRender(embeddable(xml)));
}
