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

const SERVICE_ONLY = new Set(['serviceTypeVersions', 'couplingType', 'operations', 'operatesOn']);

const given = (v: unknown): boolean => v !== undefined && v !== null && v !== '' && (!Array.isArray(v) || v.length > 0);

/**
 * A service field shows when the record is a service (hierarchy level as the form has it now),
 * or when the record as opened has a value in it: nothing a document carries is hidden.
 */
export function isShown(name: string, hierarchyLevel: unknown, openedDoc: Record<string, unknown>): boolean {
  return !SERVICE_ONLY.has(name) || hierarchyLevel === 'service' || given(getPath(openedDoc, name));
}
