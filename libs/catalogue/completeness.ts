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

export function checkSubmissionCompleteness(doc: MetadataDoc): FieldError[] {
  const errors: FieldError[] = [];
  if (!filled(doc.title)) errors.push({ path: '/title', message: 'Judul wajib diisi sebelum diajukan untuk review' });
  if (!filled(doc.abstract)) errors.push({ path: '/abstract', message: 'Abstrak wajib diisi sebelum diajukan untuk review' });
  if (!filled(doc.language)) errors.push({ path: '/language', message: 'Bahasa wajib dipilih sebelum diajukan untuk review' });
  if (!filled(doc.hierarchyLevel)) {
    errors.push({ path: '/hierarchyLevel', message: 'Level hierarki wajib dipilih sebelum diajukan untuk review' });
  }
  if (!(doc.contacts ?? []).some((c) => filled(c.organisationName))) {
    errors.push({ path: '/contacts', message: 'Minimal satu kontak dengan nama organisasi wajib diisi' });
  }
  const d = doc.dates;
  if (!(filled(d?.creation) || filled(d?.publication) || filled(d?.revision))) {
    errors.push({ path: '/dates', message: 'Minimal satu tanggal (pembuatan, publikasi atau revisi) wajib diisi' });
  }
  if (doc.hierarchyLevel !== undefined && GEOGRAPHIC_LEVELS.has(doc.hierarchyLevel)) {
    if ((doc.topicCategories ?? []).length === 0) {
      errors.push({ path: '/topicCategories', message: 'Dataset dan seri wajib memiliki minimal satu kategori topik' });
    }
    if (!doc.extent?.bbox) {
      errors.push({ path: '/extent/bbox', message: 'Dataset dan seri wajib memiliki batas wilayah (bounding box)' });
    }
  }
  return errors;
}
