import { defineList } from './reference-item.types';

/**
 * ISO 19115-1:2014 MD_ClassificationCode (5 codes of 2003 + 4 added in 2014). The 2014 code for
 * "sensitive" is spelled `sensitiveButUnclassified` in the standard, so that is the kode.
 */
export const KLASIFIKASI_KEAMANAN = defineList([
  { kode: 'unclassified', label: 'Terbuka (tidak diklasifikasikan)' },
  { kode: 'restricted', label: 'Terbatas' },
  { kode: 'confidential', label: 'Konfidensial' },
  { kode: 'secret', label: 'Rahasia' },
  { kode: 'topSecret', label: 'Sangat rahasia' },
  { kode: 'sensitiveButUnclassified', label: 'Sensitif tetapi tidak diklasifikasikan' },
  { kode: 'forOfficialUseOnly', label: 'Hanya untuk keperluan dinas' },
  { kode: 'protected', label: 'Dilindungi' },
  { kode: 'limitedDistribution', label: 'Distribusi terbatas' },
]);
