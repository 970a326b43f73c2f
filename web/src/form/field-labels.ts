import type { Lang } from '../i18n/i18n';
import { GROWN_LABELS } from './field-labels-grown';

/** Field labels per language, by generated field name (array items use the item's own name). */
const LABELS: Record<string, [id: string, en: string]> = {
  title: ['Judul', 'Title'], abstract: ['Abstrak', 'Abstract'], purpose: ['Tujuan', 'Purpose'], language: ['Bahasa', 'Language'],
  hierarchyLevel: ['Level hierarki', 'Hierarchy level'], serviceType: ['Jenis layanan', 'Service type'],
  topicCategories: ['Kategori topik', 'Topic categories'], keywords: ['Kata kunci', 'Keywords'], type: ['Jenis', 'Type'],
  thesaurus: ['Tesaurus', 'Thesaurus'], thesaurusAnchor: ['URI tesaurus (anchor)', 'Thesaurus URI (anchor)'],
  anchors: ['URI kata kunci (anchor)', 'Keyword URIs (anchors)'], value: ['Nilai', 'Value'], uri: ['URI', 'URI'], onlineResource: ['Sumber daring (URL)', 'Online resource (URL)'], values: ['Nilai', 'Values'], contacts: ['Kontak', 'Contacts'], role: ['Peran', 'Role'],
  organisationName: ['Nama organisasi', 'Organisation name'], individualName: ['Nama perorangan', 'Individual name'],
  positionName: ['Jabatan', 'Position'], email: ['Surel', 'E-mail'], phone: ['Telepon', 'Phone'], address: ['Alamat', 'Address'],
  'dates.creation': ['Tanggal pembuatan', 'Creation date'], 'dates.publication': ['Tanggal publikasi', 'Publication date'],
  'dates.revision': ['Tanggal revisi', 'Revision date'], progressStatus: ['Status progres', 'Progress status'],
  spatialRepresentationType: ['Representasi spasial', 'Spatial representation'], referenceSystem: ['Sistem referensi (EPSG:xxxx)', 'Reference system (EPSG:xxxx)'],
  'spatialResolution.scaleDenominator': ['Skala 1:N', 'Scale 1:N'], 'spatialResolution.distance': ['Resolusi jarak', 'Ground distance'],
  'spatialResolution.distanceUom': ['Satuan jarak', 'Distance unit'],
  'extent.bbox': ['Batas wilayah (kotak)', 'Bounding box'], 'extent.temporal': ['Periode', 'Period'], dates: ['Tanggal', 'Dates'],
  'extent.bbox.west': ['Barat (bujur)', 'West (longitude)'], 'extent.bbox.east': ['Timur (bujur)', 'East (longitude)'],
  'extent.bbox.south': ['Selatan (lintang)', 'South (latitude)'], 'extent.bbox.north': ['Utara (lintang)', 'North (latitude)'],
  'extent.temporal.start': ['Awal periode', 'Period start'], 'extent.temporal.end': ['Akhir periode', 'Period end'],
  maintenanceFrequency: ['Frekuensi pembaruan', 'Maintenance frequency'], distributions: ['Distribusi', 'Distributions'],
  protocol: ['Protokol', 'Protocol'], url: ['URL', 'URL'], name: ['Nama', 'Name'], description: ['Deskripsi', 'Description'],
  formats: ['Format', 'Formats'], 'constraints.classification': ['Klasifikasi keamanan', 'Security classification'],
  'constraints.useLimitation': ['Batasan penggunaan', 'Use limitation'], 'constraints.license': ['Lisensi', 'Licence'],
  dataQuality: ['Kualitas data', 'Data quality'], element: ['Elemen', 'Element'], evaluationMethod: ['Metode evaluasi', 'Evaluation method'],
  result: ['Hasil', 'Result'], pass: ['Lulus', 'Pass'], lineage: ['Silsilah (lineage)', 'Lineage'], thumbnailUrl: ['URL gambar pratinjau', 'Thumbnail URL'],
  resourceType: ['Jenis sumber daya (DCMI)', 'Resource type (DCMI)'], spatialCoverage: ['Cakupan tempat', 'Place names'],
  relations: ['Sumber daya terkait', 'Related resources'], sources: ['Sumber', 'Sources'],
  ...GROWN_LABELS,
};

/**
 * The label of a field by its dotted name. A part of a list item is named `list.part`
 * (`conformity.pass`); a name with no label of its own takes its last part's (`pass`).
 */
export function fieldLabel(name: string, lang: Lang): string {
  const l = LABELS[name] ?? LABELS[name.slice(name.lastIndexOf('.') + 1)];
  return l ? l[lang === 'id' ? 0 : 1] : name;
}
