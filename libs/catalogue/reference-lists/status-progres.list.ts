import { defineList } from './reference-item.types';

/**
 * ISO 19115-1:2014 MD_ProgressCode (7 codes of 2003 + 11 added in 2014). This is the progress of
 * the resource itself, never the record's workflow status.
 */
export const STATUS_PROGRES = defineList([
  { kode: 'completed', label: 'Selesai' },
  { kode: 'historicalArchive', label: 'Arsip historis' },
  { kode: 'obsolete', label: 'Usang' },
  { kode: 'onGoing', label: 'Sedang berjalan' },
  { kode: 'planned', label: 'Direncanakan' },
  { kode: 'required', label: 'Dibutuhkan' },
  { kode: 'underDevelopment', label: 'Dalam pengembangan' },
  { kode: 'final', label: 'Final' },
  { kode: 'pending', label: 'Tertunda' },
  { kode: 'retired', label: 'Dihentikan' },
  { kode: 'superseded', label: 'Digantikan' },
  { kode: 'tentative', label: 'Sementara' },
  { kode: 'valid', label: 'Berlaku' },
  { kode: 'accepted', label: 'Diterima' },
  { kode: 'notAccepted', label: 'Tidak diterima' },
  { kode: 'withdrawn', label: 'Ditarik' },
  { kode: 'proposed', label: 'Diusulkan' },
  { kode: 'deprecated', label: 'Tidak dianjurkan lagi' },
]);
