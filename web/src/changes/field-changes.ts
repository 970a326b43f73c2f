import type { FieldSpec, SectionId, SectionSpec } from '../form/form-model';
import { getPath } from '../form/form-values';

/**
 * Two documents compared field by field as the editor shows them: the form's own fields (from
 * the schema, in editor order), grouped by the editor's sections. The four sides of the
 * bounding box are one field (it is one box on a map). Anything the form does not show (a
 * harvested record's extra element, the public identifier) is listed under `other` by its name.
 */
export interface ChangedField {
  /** form field name (`title`, `dates.creation`, `extent.bbox`) */
  name: string;
  /** how the value is shown; none for a field outside the form */
  spec?: FieldSpec;
  before: unknown;
  after: unknown;
}

export interface ChangedSection {
  id: SectionId | 'other';
  fields: ChangedField[];
}

export const BBOX_FIELD = 'extent.bbox';
const BBOX_SPEC: FieldSpec = { name: BBOX_FIELD, kind: 'objects', rules: {} };

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);
const blank = (v: unknown): boolean => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>, sections: SectionSpec[]): ChangedSection[] {
  const out: ChangedSection[] = [];
  for (const s of sections) {
    const fields: ChangedField[] = [];
    for (const f of s.fields) {
      const isBox = f.name.startsWith(`${BBOX_FIELD}.`);
      const name = isBox ? BBOX_FIELD : f.name;
      if (fields.some((x) => x.name === name)) continue;
      const b = getPath(before, name);
      const a = getPath(after, name);
      if (same(b, a) || (blank(b) && blank(a))) continue;
      fields.push({ name, spec: isBox ? BBOX_SPEC : f, before: b, after: a });
    }
    if (fields.length) out.push({ id: s.id, fields });
  }
  // a top-level value that changed where no form field shows the change (a key the form has no
  // field for, or a part of a known object outside the form): shown whole, by its name
  const reported = new Set(out.flatMap((sec) => sec.fields.map((f) => f.name.split('.')[0]!)));
  const other: ChangedField[] = [];
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  for (const k of keys) {
    if (!reported.has(k) && !same(before[k], after[k])) other.push({ name: k, before: before[k], after: after[k] });
  }
  if (other.length) out.push({ id: 'other', fields: other });
  return out;
}

