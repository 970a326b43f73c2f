/** Timestamps leave the store as ISO strings, whatever driver produced them. */
// a Date made in another realm (the PGlite worker's answers under jest's VM context) fails instanceof
export const iso = (v: unknown): string => (v instanceof Date || Object.prototype.toString.call(v) === '[object Date]' ? (v as Date).toISOString() : String(v));
export const isoOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : iso(v));
