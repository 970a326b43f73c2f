import type { FieldChange } from '../../../libs/catalogue/record-diff';

/**
 * The earlier document, rebuilt from the later one and the field-level changes between them
 * (libs/catalogue/record-diff.ts compares objects key by key and arrays index by index, so
 * putting every `before` back at its pointer — and dropping what did not exist before — gives
 * the earlier document exactly). The server's "changes" answer carries only the changes; the
 * review view needs whole before/after values to show lists as lists and a box on a map.
 */
type Json = Record<string, unknown> | unknown[];

const unescape = (s: string): string => s.replace(/~1/g, '/').replace(/~0/g, '~');
const isContainer = (v: unknown): v is Json => typeof v === 'object' && v !== null;

function parentOf(root: Json, keys: string[], create: boolean): Json | undefined {
  let node: Json = root;
  for (let i = 0; i < keys.length - 1; i += 1) {
    const k = keys[i]!;
    const next = (node as Record<string, unknown>)[k];
    if (isContainer(next)) { node = next; continue; }
    if (!create) return undefined;
    const made: Json = /^\d+$/.test(keys[i + 1]!) ? [] : {};
    (node as Record<string, unknown>)[k] = made;
    node = made;
  }
  return node;
}

export function revertChanges<T extends Record<string, unknown>>(after: T, changes: readonly FieldChange[]): T {
  const doc = structuredClone(after) as Record<string, unknown>;
  const removals: string[][] = [];
  for (const c of changes) {
    if (c.path === '/') continue;
    const keys = c.path.replace(/^\//, '').split('/').map(unescape);
    if (c.before === undefined) { removals.push(keys); continue; }
    const parent = parentOf(doc, keys, true)!;
    (parent as Record<string, unknown>)[keys[keys.length - 1]!] = structuredClone(c.before);
  }
  // added entries go, array items from the highest index down so the lower ones keep their place
  removals.sort((a, b) => Number(b[b.length - 1]) - Number(a[a.length - 1]) || 0);
  for (const keys of removals) {
    const parent = parentOf(doc, keys, false);
    const last = keys[keys.length - 1]!;
    if (Array.isArray(parent) && /^\d+$/.test(last)) parent.splice(Number(last), 1);
    else if (parent) delete (parent as Record<string, unknown>)[last];
  }
  return doc as T;
}
