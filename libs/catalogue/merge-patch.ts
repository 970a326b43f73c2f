/**
 * JSON Merge Patch (RFC 7396) and the JSON equality the record service needs to notice a
 * patch that changes nothing. Pure functions over JSON values; the inputs are never mutated.
 */

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

export const isJsonObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Sets a property as an own data property. Plain assignment of "__proto__" (a legal JSON
 * member name) would change the object's prototype instead of adding a member.
 */
function put(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * Applies `patch` to `target`: an object patch merges member by member (null removes a member),
 * anything else replaces the target whole. Arrays are values, not merged.
 */
export function applyMergePatch(target: unknown, patch: unknown): unknown {
  if (!isJsonObject(patch)) return patch;
  const result: Record<string, unknown> = {};
  if (isJsonObject(target)) for (const [k, v] of Object.entries(target)) put(result, k, v);
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete result[k];
    else put(result, k, applyMergePatch(Object.prototype.hasOwnProperty.call(result, k) ? result[k] : undefined, v));
  }
  return result;
}

/** Structural equality of JSON values (member order does not matter, array order does). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => jsonEqual(x, b[i]));
  if (isJsonObject(a) && isJsonObject(b)) {
    const ka = Object.keys(a).filter((k) => a[k] !== undefined);
    const kb = Object.keys(b).filter((k) => b[k] !== undefined);
    return ka.length === kb.length && ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && jsonEqual(a[k], b[k]));
  }
  return false;
}
