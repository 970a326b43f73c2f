import { defineList } from './reference-item.types';

/** ISO 19115-1:2014 MD_KeywordTypeCode (5 codes of 2003 + the 2014 additions, incl. taxon). */
export const JENIS_KATAKUNCI = defineList([
  { kode: 'discipline', label: 'Disiplin ilmu' },
  { kode: 'place', label: 'Tempat' },
  { kode: 'stratum', label: 'Strata (lapisan)' },
  { kode: 'temporal', label: 'Waktu' },
  { kode: 'theme', label: 'Tema' },
  { kode: 'dataCentre', label: 'Pusat data' },
  { kode: 'featureType', label: 'Tipe fitur' },
  { kode: 'instrument', label: 'Instrumen' },
  { kode: 'platform', label: 'Wahana (platform)' },
  { kode: 'process', label: 'Proses' },
  { kode: 'project', label: 'Proyek' },
  { kode: 'service', label: 'Layanan' },
  { kode: 'product', label: 'Produk' },
  { kode: 'subTopicCategory', label: 'Subkategori topik' },
  { kode: 'taxon', label: 'Takson' },
]);
