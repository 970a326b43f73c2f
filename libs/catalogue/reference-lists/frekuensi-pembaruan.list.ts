import { defineList } from './reference-item.types';

/** ISO 19115-1:2014 MD_MaintenanceFrequencyCode (12 codes of 2003 + periodic, semimonthly, biennially). */
export const FREKUENSI_PEMBARUAN = defineList([
  { kode: 'continual', label: 'Terus-menerus' },
  { kode: 'daily', label: 'Harian' },
  { kode: 'weekly', label: 'Mingguan' },
  { kode: 'fortnightly', label: 'Dua mingguan' },
  { kode: 'monthly', label: 'Bulanan' },
  { kode: 'quarterly', label: 'Triwulanan' },
  { kode: 'biannually', label: 'Dua kali setahun' },
  { kode: 'annually', label: 'Tahunan' },
  { kode: 'asNeeded', label: 'Sesuai kebutuhan' },
  { kode: 'irregular', label: 'Tidak teratur' },
  { kode: 'notPlanned', label: 'Tidak direncanakan' },
  { kode: 'unknown', label: 'Tidak diketahui' },
  { kode: 'periodic', label: 'Berkala' },
  { kode: 'semimonthly', label: 'Dua kali sebulan' },
  { kode: 'biennially', label: 'Dua tahun sekali' },
]);
