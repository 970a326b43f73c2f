import { projectRecord } from '../catalogue/search-projection';
import { importMetadataElement, isImportMappingError } from '../import';
import { XmlInputError } from '../xml/safe-parse';
import type { HarvestRow } from './harvest.ports';
import type { HarvestItem } from './protocol-client';

/**
 * One listed record → a row for the records table, through the same mapping as every import
 * (libs/import). The record keeps the source's identifier as its fileIdentifier (its key is
 * chosen by the server when it is added). Never throws: a record the
 * mapping refuses is a failure with its reason, and the run goes on.
 */
export function mapItem(item: HarvestItem & { identifier: string }): { ok: true; row: HarvestRow } | { ok: false; reason: string } {
  if (!item.element && !item.parse) return { ok: false, reason: 'rekaman tanpa isi' };
  try {
    // the document is the source's record as listed (serialised with the namespaces it uses)
    const { doc, document } = importMetadataElement(item.element ?? item.parse!());
    const id = item.identifier;
    const full = { ...doc, fileIdentifier: id };
    return { ok: true, row: { fileIdentifier: id, docJson: JSON.stringify(full), projection: projectRecord(full, id), hash: item.hash, modified: item.modified, ...(item.sourceIdentifier ? { sourceIdentifier: item.sourceIdentifier } : {}), ...(document ? { document } : {}) } };
  } catch (err) {
    if (err instanceof XmlInputError) return { ok: false, reason: `XML ditolak: ${err.message}` };
    if (isImportMappingError(err)) return { ok: false, reason: `${err.element}: ${err.message}` };
    const e = err as { detail?: string; message?: string; extras?: { errors?: { path: string; message: string }[] } };
    const fields = e.extras?.errors?.map((f) => `${f.path} ${f.message}`).join('; ');
    return { ok: false, reason: `tidak dapat dipetakan: ${e.detail ?? e.message ?? String(err)}${fields ? ` (${fields})` : ''}` };
  }
}
