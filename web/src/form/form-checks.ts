import type { RuleViolation } from './form-model';
import { getPath } from './form-values';

/**
 * Checks that read two fields, which the schema cannot express per field: a vertical extent's
 * maximum must not lie below its minimum (EX_VerticalExtent). The error stands on the maximum;
 * `crossDeps` re-checks it when the minimum changes.
 */
const VERTICAL_MIN = 'extent.vertical.minimum';
const VERTICAL_MAX = 'extent.vertical.maximum';

const num = (v: unknown): number => (typeof v === 'string' && v.trim() !== '' ? Number(v.replace(',', '.')) : NaN);

export function crossCheck(name: string, all: unknown): RuleViolation | undefined {
  if (name === VERTICAL_MAX) {
    const min = num(getPath(all, VERTICAL_MIN));
    const max = num(getPath(all, VERTICAL_MAX));
    if (Number.isFinite(min) && Number.isFinite(max) && max < min) return { key: 'verticalOrder' };
  }
  return undefined;
}

/** The fields to re-check when `name` changes. */
export function crossDeps(name: string): string[] {
  return name === VERTICAL_MIN ? [VERTICAL_MAX] : [];
}
