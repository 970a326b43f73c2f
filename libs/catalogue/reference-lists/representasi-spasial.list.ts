import { defineList } from './reference-item.types';

/** ISO 19115 MD_SpatialRepresentationTypeCode (unchanged in 2014). */
export const REPRESENTASI_SPASIAL = defineList([
  { kode: 'vector', label: 'Vektor' },
  { kode: 'grid', label: 'Grid (raster)' },
  { kode: 'textTable', label: 'Tabel teks' },
  { kode: 'tin', label: 'TIN (jaringan segitiga tak beraturan)' },
  { kode: 'stereoModel', label: 'Model stereo' },
  { kode: 'video', label: 'Video' },
]);
