/**
 * Field-level difference between two JSON documents (a record as last published and as it is
 * now), for the reviewer's "what changed since the last publication" view. Objects are walked
 * key by key; arrays of scalars and arrays of objects are compared index by index, so an added
 * keyword shows as one new entry rather than a rewritten list. Paths are JSON Pointers.
 */
export interface FieldChange {
  path: string;
  /** undefined when the field did not exist before */
  before?: unknown;
  /** undefined when the field was removed */
  after?: unknown;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const escapePointer = (k: string): string => k.replace(/~/g, '~0').replace(/\//g, '~1');

function walk(before: unknown, after: unknown, path: string, out: FieldChange[]): void {
  if (isObject(before) && isObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
    for (const k of keys) walk(before[k], after[k], `${path}/${escapePointer(k)}`, out);
    return;
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    const n = Math.max(before.length, after.length);
    for (let i = 0; i < n; i += 1) walk(before[i], after[i], `${path}/${i}`, out);
    return;
  }
  if (JSON.stringify(before) === JSON.stringify(after)) return;
  const change: FieldChange = { path: path || '/' };
  if (before !== undefined) change.before = before;
  if (after !== undefined) change.after = after;
  out.push(change);
}

export function diffDocuments(before: unknown, after: unknown): FieldChange[] {
  const out: FieldChange[] = [];
  walk(before, after, '', out);
  return out;
}
