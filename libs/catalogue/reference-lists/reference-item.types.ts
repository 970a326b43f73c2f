/** One entry of a reference list: `kode` is the exact value stored in records and written to XML. */
export interface ReferenceItem {
  readonly kode: string;
  /** Indonesian label shown in forms and served by GET /api/referensi/{jenis} */
  readonly label: string;
}

/** Freezes a list and its items so a caller cannot change shared reference data by accident. */
export function defineList(items: readonly ReferenceItem[]): readonly ReferenceItem[] {
  return Object.freeze(items.map((i) => Object.freeze({ kode: i.kode, label: i.label })));
}
