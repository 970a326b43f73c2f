import type { DocumentSchema } from '../catalogue/record-document';
import type { MetadataDoc, MetadataRecord } from '../catalogue/record.types';
import type { DocumentEdit, PatchedDocument } from '../catalogue/records.ports';
import { importMetadataXml } from '../import';
import { fieldValue } from '../import/doc-patch/field-table';
import { jsonEqual } from '../catalogue/merge-patch';
import { patchDocument } from '../import/doc-patch/patch-document';
import { withDerivedFields } from '../import/doc-patch/derived-fields';
import { operationLinks, withoutOperationLinks } from '../catalogue/operation-links';
import { scanXml } from '../import/doc-patch/xml-ranges';
import { buildGmd } from '../render/gmd-builder';
import { crosswalk } from '../render/crosswalk';

/**
 * The records service's `patchDocument` port (issue 19 §4): an edit of a record whose current
 * document has XML changes only the elements of the fields that changed. The JSON before is
 * the import mapping of the stored document; the elements written are the gmd render of the
 * edited JSON, or for a 19115-3 document that render crosswalked to the document's namespace
 * set. The JSON stored is the import mapping of the patched document; a changed field the
 * document cannot hold yet (no render for it) keeps the edited value in the JSON, so an edit is
 * never silently dropped.
 */
const is19115p3 = (s: DocumentSchema): boolean => s === 'iso19115-3-2018' || s === 'iso19115-3-2016';

export function documentPatcher(): (edit: DocumentEdit) => Promise<PatchedDocument> {
  return async ({ xml, schema, after: edited, recordId, updatedAt }) => {
    const before = importMetadataXml(xml).doc;
    const after = withDerivedFields(before, edited);
    // the render's identification is of the document's kind: a service identification under
    // another scope (a GeoNetwork "application", an empty scope) keeps its srv properties
    const asService = after.hierarchyLevel !== 'service' && firstIdentification(xml) === 'SV_ServiceIdentification';
    // the connect points listed among the distributions are the operations' (operation-links.ts):
    // the distribution links written are the others
    const gmd = buildGmd({ ...withoutOperationLinks(after), ...(asService ? { hierarchyLevel: 'service' } : {}), id: recordId, updatedAt } as MetadataRecord);
    let render = gmd;
    if (is19115p3(schema)) render = crosswalk(gmd, 'iso19139', schema);
    const patched = patchDocument(xml, is19115p3(schema) ? 'mdb' : 'gmd', before, after, render);
    const imported = importMetadataXml(patched.xml);
    const doc = imported.doc as Record<string, unknown>;
    const kept: string[] = [];
    for (const field of patched.fields) {
      const want = fieldValue(after, field);
      if (jsonEqual(fieldValue(doc, field) ?? null, want ?? null)) continue;
      // the connect points read from the operations stay beside the kept links
      const links = field === 'distributions' ? operationLinks(doc as MetadataDoc) : [];
      setField(doc, field, links.length ? [...((want as unknown[] | undefined) ?? []), ...links] : want);
      kept.push(field);
    }
    return { doc: doc as MetadataDoc, document: imported.document!, fields: patched.fields, keptInJson: kept };
  };
}

function setField(doc: Record<string, unknown>, field: string, value: unknown): void {
  const keys = field.split('.');
  let o = doc;
  for (const k of keys.slice(0, -1)) {
    if (!o[k] || typeof o[k] !== 'object') o[k] = {};
    o = o[k] as Record<string, unknown>;
  }
  const last = keys[keys.length - 1]!;
  if (value === undefined) delete o[last];
  else o[last] = value;
}

/** The local name of the document's first identification (the one the import reads). */
function firstIdentification(xml: string): string | undefined {
  return scanXml(xml).children.find((c) => c.local === 'identificationInfo')?.children[0]?.local;
}
