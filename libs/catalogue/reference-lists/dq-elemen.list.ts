import { defineList } from './reference-item.types';

/** ISO 19157 data quality elements (the codes are the 19157 class names). */
export const DQ_ELEMEN = defineList([
  { kode: 'DQ_CompletenessCommission', label: 'Kelengkapan: kelebihan data (komisi)' },
  { kode: 'DQ_CompletenessOmission', label: 'Kelengkapan: kekurangan data (omisi)' },
  { kode: 'DQ_ConceptualConsistency', label: 'Konsistensi konseptual' },
  { kode: 'DQ_DomainConsistency', label: 'Konsistensi domain' },
  { kode: 'DQ_FormatConsistency', label: 'Konsistensi format' },
  { kode: 'DQ_TopologicalConsistency', label: 'Konsistensi topologi' },
  { kode: 'DQ_AbsoluteExternalPositionalAccuracy', label: 'Akurasi posisi absolut (eksternal)' },
  { kode: 'DQ_GriddedDataPositionalAccuracy', label: 'Akurasi posisi data grid' },
  { kode: 'DQ_RelativeInternalPositionalAccuracy', label: 'Akurasi posisi relatif (internal)' },
  { kode: 'DQ_AccuracyOfATimeMeasurement', label: 'Akurasi pengukuran waktu' },
  { kode: 'DQ_TemporalConsistency', label: 'Konsistensi temporal' },
  { kode: 'DQ_TemporalValidity', label: 'Validitas temporal' },
  { kode: 'DQ_ThematicClassificationCorrectness', label: 'Ketepatan klasifikasi tematik' },
  { kode: 'DQ_NonQuantitativeAttributeCorrectness', label: 'Ketepatan atribut non-kuantitatif' },
  { kode: 'DQ_QuantitativeAttributeAccuracy', label: 'Akurasi atribut kuantitatif' },
  { kode: 'DQ_UsabilityElement', label: 'Kebergunaan' },
]);

/**
 * The gmd element an ISO 19139 (2007) renderer writes for each code. 19139 predates 19157:
 * it calls the non-quantitative element "…Accuracy" and has no usability element (null).
 */
export const DQ_ELEMENT_19139_NAME: Readonly<Record<string, string | null>> = Object.freeze(
  Object.fromEntries(
    DQ_ELEMEN.map((i): [string, string | null] => {
      if (i.kode === 'DQ_NonQuantitativeAttributeCorrectness') return [i.kode, 'DQ_NonQuantitativeAttributeAccuracy'];
      if (i.kode === 'DQ_UsabilityElement') return [i.kode, null];
      return [i.kode, i.kode];
    }),
  ),
);
