import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { IsoDocument } from '../catalogue/record-document';
import { projectRecord, type SearchProjection } from '../catalogue/search-projection';
import { XmlInputError } from '../xml/safe-parse';
import { isImportMappingError } from './import-error';
import { importMetadataXml } from './index';
import type { SourceFormat } from './namespaces';

/**
 * One file of a batch import, from path to a row ready for the records table. This is the
 * CPU-bound part (XML parse, mapping, schema validation, search projection), so it runs in the
 * worker threads of parse-pool.ts; everything it returns is plain data that crosses a
 * thread boundary by structured clone. It never throws: a bad file is a `ParseFailure`.
 */

/** What the bulk insert needs for one record. `docJson` is serialised here, off the main thread. */
export interface ImportRow {
  /** the document's fileIdentifier (the record's key is chosen when it is inserted) */
  fileIdentifier: string;
  /** the MetadataDoc as JSON */
  docJson: string;
  projection: SearchProjection;
  /** the ISO document (issue 19): stored with the record, served in its own schema */
  document?: IsoDocument;
}

export interface ParsedOk {
  ok: true;
  file: string;
  sourceFormat: SourceFormat;
  warnings: string[];
  row: ImportRow;
}

export interface ParseFailure {
  ok: false;
  file: string;
  /** Indonesian, one line, for the summary and the report */
  reason: string;
  /** the element at fault when the mapping names one */
  element?: string;
}

export type ParsedFile = ParsedOk | ParseFailure;

/**
 * A document without an identifier gets one derived from its bytes (UUID-shaped, from
 * SHA-256) rather than a random one: importing the same directory twice then skips it as
 * "sudah ada" instead of creating a second copy on every run.
 */
export function contentIdentifier(text: string): string {
  const h = createHash('sha256').update(text).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export function parseText(file: string, text: string): ParsedFile {
  try {
    const { doc, sourceFormat, warnings, document } = importMetadataXml(text);
    let id = doc.fileIdentifier;
    if (!id) {
      id = contentIdentifier(text);
      warnings.push(`Dokumen tanpa pengenal; pengenal ${id} dibuat dari isi berkas.`);
    }
    const full = { ...doc, fileIdentifier: id };
    return { ok: true, file, sourceFormat, warnings, row: { fileIdentifier: id, docJson: JSON.stringify(full), projection: projectRecord(full, id), ...(document ? { document } : {}) } };
  } catch (err) {
    return failureOf(file, err);
  }
}

export function parseFile(file: string): ParsedFile {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    return { ok: false, file, reason: `berkas tidak dapat dibaca: ${(err as Error).message}` };
  }
  return parseText(file, text);
}

function failureOf(file: string, err: unknown): ParseFailure {
  if (err instanceof XmlInputError) return { ok: false, file, reason: `XML ditolak: ${err.message}` };
  if (isImportMappingError(err)) return { ok: false, file, reason: `${err.element}: ${err.message}`, element: err.element };
  // an AppError from a deeper layer, or a bug in a mapper: still one file, never the batch
  const e = err as { detail?: string; message?: string };
  return { ok: false, file, reason: `tidak dapat diimpor: ${e?.detail ?? e?.message ?? String(err)}` };
}
