import type { FieldSpec } from './form-model';
import { getPath } from './form-values';

/**
 * How a section's generated fields are laid out: the parts of some nested objects stand
 * together under one legend (the translations, the vertical extent, the legal constraints),
 * and the service fields (srv:SV_ServiceIdentification) show only for a service record.
 */
const GROUPS = ['translations', 'extent.vertical', 'constraints.legal'] as const;

export interface FieldRun {
  /** the legend's label key, for fields shown together */
  group?: string;
  fields: FieldSpec[];
}

/** Consecutive fields of one group become one run; every other field is a run of its own. */
export function runsOf(fields: FieldSpec[]): FieldRun[] {
  const runs: FieldRun[] = [];
  for (const f of fields) {
    const group = GROUPS.find((g) => f.name.startsWith(`${g}.`));
    const last = runs[runs.length - 1];
    if (group && last?.group === group) last.fields.push(f);
    else runs.push(group ? { group, fields: [f] } : { fields: [f] });
  }
  return runs;
}

/** the properties of srv:SV_ServiceIdentification (the gmd render writes them for a service only) */
export const SERVICE_ONLY: ReadonlySet<string> = new Set(['serviceType', 'serviceTypeVersions', 'couplingType', 'operations', 'operatesOn']);

const given = (v: unknown): boolean => v !== undefined && v !== null && v !== '' && (!Array.isArray(v) || v.length > 0);

/**
 * A service field shows when the record is a service (hierarchy level as the form has it now),
 * or when a record opened as something else carries a value in it: nothing a document carries is
 * hidden. A record switched from service to another level hides them (issue 19 finding 4): they
 * were the service's, and withoutHiddenServiceFields leaves them out of what is saved.
 */
export function isShown(name: string, hierarchyLevel: unknown, openedDoc: Record<string, unknown>): boolean {
  return !SERVICE_ONLY.has(name) || hierarchyLevel === 'service'
    || (openedDoc.hierarchyLevel !== 'service' && given(getPath(openedDoc, name)));
}

/**
 * The document the form saves, without the service fields it does not show: a record switched
 * from service back to dataset no longer sends its service type, coupling, operations and
 * operatesOn (the merge patch then clears them), though the form keeps what was typed, so
 * switching back to service before saving shows it again.
 */
export function withoutHiddenServiceFields(doc: Record<string, unknown>, openedDoc: Record<string, unknown>): Record<string, unknown> {
  const out = { ...doc };
  for (const name of SERVICE_ONLY) if (!isShown(name, doc.hierarchyLevel, openedDoc)) delete out[name];
  return out;
}
