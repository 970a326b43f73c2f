import { defineList } from './reference-item.types';

/** ISO 19115/19157 DQ_EvaluationMethodTypeCode. */
export const METOD_EVALUASI = defineList([
  { kode: 'directInternal', label: 'Langsung, internal' },
  { kode: 'directExternal', label: 'Langsung, eksternal' },
  { kode: 'indirect', label: 'Tidak langsung' },
]);
