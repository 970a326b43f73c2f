import type { FieldError } from '../errors';
import type { MetadataDoc } from './record.types';

/**
 * What a record must have before it leaves DRAFT for review (DRAFT → QCQE_PROCESS). The schema
 * only requires a title so that drafts and imported Dublin Core records can be saved; this is
 * the stricter bar a producer must meet to submit. Input is a document that already passed
 * validateMetadataDoc, so only presence is checked here, not format.
 */

const filled = (s: string | undefined): boolean => typeof s === 'string' && s.trim() !== '';

/** Hierarchy levels that describe data with a footprint and a subject, so they need both. */
const GEOGRAPHIC_LEVELS: ReadonlySet<string> = new Set(['dataset', 'series']);

/**
 * Completeness findings carry `code: 'incomplete'` next to their path: the message is Indonesian,
 * and a client in another language words the finding by its path (the workbench's catalogue has
 * `completeness.need.<path>` in each language), as its own indicator does.
 */
export const COMPLETENESS_CODE = 'incomplete';
const need = (path: string, message: string): FieldError => ({ path, message, code: COMPLETENESS_CODE });

export function checkSubmissionCompleteness(doc: MetadataDoc): FieldError[] {
  const errors: FieldError[] = [];
  if (!filled(doc.title)) errors.push(need('/title', 'Judul wajib diisi sebelum diajukan untuk review'));
  if (!filled(doc.abstract)) errors.push(need('/abstract', 'Abstrak wajib diisi sebelum diajukan untuk review'));
  if (!filled(doc.language)) errors.push(need('/language', 'Bahasa wajib dipilih sebelum diajukan untuk review'));
  if (!filled(doc.hierarchyLevel)) {
    errors.push(need('/hierarchyLevel', 'Level hierarki wajib dipilih sebelum diajukan untuk review'));
  }
  if (!(doc.contacts ?? []).some((c) => filled(c.organisationName))) {
    errors.push(need('/contacts', 'Minimal satu kontak dengan nama organisasi wajib diisi'));
  }
  const d = doc.dates;
  if (!(filled(d?.creation) || filled(d?.publication) || filled(d?.revision))) {
    errors.push(need('/dates', 'Minimal satu tanggal (pembuatan, publikasi atau revisi) wajib diisi'));
  }
  if (doc.hierarchyLevel !== undefined && GEOGRAPHIC_LEVELS.has(doc.hierarchyLevel)) {
    if ((doc.topicCategories ?? []).length === 0) {
      errors.push(need('/topicCategories', 'Dataset dan seri wajib memiliki minimal satu kategori topik'));
    }
    if (!doc.extent?.bbox) {
      errors.push(need('/extent/bbox', 'Dataset dan seri wajib memiliki batas wilayah (bounding box)'));
    }
  }
  return errors;
}
