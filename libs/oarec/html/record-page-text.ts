import type { PageLang } from './page-language';

/**
 * The record page's interface texts in Indonesian (the site's language) and English (`?lang=en`).
 * One object per language with the same keys, so a missing translation is a compile error.
 */
const ID = {
  home: 'Beranda', search: 'Cari metadata', breadcrumbs: 'Remah roti', identifier: 'Pengenal',
  abstract: 'Abstrak', mainInfo: 'Informasi utama', resourceType: 'Jenis sumber daya', metadataLanguage: 'Bahasa metadata',
  languages: 'Bahasa', resourceLanguages: 'Bahasa sumber daya', keywords: 'Kata kunci', formats: 'Format', license: 'Lisensi',
  seeLicense: 'lihat lisensi', rights: 'Hak dan batasan', otherIds: 'Pengenal lain', recordCreated: 'Rekaman dibuat',
  recordUpdated: 'Rekaman diperbarui', publicationDate: 'Tanggal publikasi', themes: 'Tema', topicScheme: 'Kategori topik (ISO 19115)', extent: 'Cakupan',
  temporalExtent: 'Cakupan waktu', spatialExtent: 'Cakupan wilayah', notStated: 'tidak disebutkan', openStart: 'tidak dibatasi',
  openEnd: 'sekarang/tidak dibatasi', mapLabel: 'Peta cakupan wilayah rekaman', contacts: 'Kontak', role: 'Peran', name: 'Nama',
  position: 'Jabatan', email: 'Surel', phone: 'Telepon', address: 'Alamat', hours: 'Jam layanan', instructions: 'Petunjuk kontak',
  distributions: 'Distribusi dan layanan', noDistributions: 'Tidak ada tautan distribusi.', other: 'Informasi lain',
  side: 'Pratinjau dan unduhan metadata', preview: 'Pratinjau', previewOf: 'Pratinjau', previewElsewhere: 'Lihat gambar pratinjau',
  elsewhere: '(di situs lain)', metadata: 'Metadata', switchTo: 'English', switchLang: 'en' as PageLang,
  // the rich view (issue 19 point 7)
  purpose: 'Tujuan', lineage: 'Silsilah data', processSteps: 'Langkah proses', sources: 'Sumber data',
  quality: 'Kualitas data', conformity: 'Kesesuaian dengan spesifikasi', specification: 'Spesifikasi', date: 'Tanggal',
  degree: 'Hasil', explanation: 'Penjelasan', passed: 'Sesuai', failed: 'Tidak sesuai', notEvaluated: 'Tidak dievaluasi',
  otherResults: 'Hasil kualitas lain', element: 'Elemen', measure: 'Ukuran', value: 'Nilai', unit: 'Satuan',
  technical: 'Informasi teknis', resolution: 'Resolusi spasial', scale: 'Skala', distance: 'Jarak', referenceSystems: 'Sistem referensi',
  maintenance: 'Frekuensi pembaruan', resourceDates: 'Tanggal sumber daya', resourceIds: 'Pengenal sumber daya',
  constraints: 'Batasan', accessConstraints: 'Batasan akses', useConstraints: 'Batasan penggunaan', otherConstraints: 'Batasan lain',
  useLimitation: 'Keterbatasan penggunaan', classification: 'Klasifikasi keamanan', legal: 'Batasan hukum', security: 'Batasan keamanan',
  general: 'Batasan umum', related: 'Sumber daya terkait', relation: 'Hubungan', resource: 'Sumber daya', link: 'Tautan',
  operatesOn: 'Data yang dilayani', association: 'Sumber daya agregat',
  dateTypes: { creation: 'Dibuat', publication: 'Diterbitkan', revision: 'Direvisi' } as Record<string, string>,
};

export type RecordPageText = typeof ID;

const EN: RecordPageText = {
  home: 'Home', search: 'Search metadata', breadcrumbs: 'Breadcrumbs', identifier: 'Identifier',
  abstract: 'Abstract', mainInfo: 'Main information', resourceType: 'Resource type', metadataLanguage: 'Metadata language',
  languages: 'Languages', resourceLanguages: 'Resource languages', keywords: 'Keywords', formats: 'Formats', license: 'Licence',
  seeLicense: 'see licence', rights: 'Rights and restrictions', otherIds: 'Other identifiers', recordCreated: 'Record created',
  recordUpdated: 'Record updated', publicationDate: 'Publication date', themes: 'Themes', topicScheme: 'Topic category (ISO 19115)', extent: 'Extent',
  temporalExtent: 'Temporal extent', spatialExtent: 'Geographic extent', notStated: 'not stated', openStart: 'open',
  openEnd: 'now/open', mapLabel: 'Map of the record\'s geographic extent', contacts: 'Contacts', role: 'Role', name: 'Name',
  position: 'Position', email: 'E-mail', phone: 'Phone', address: 'Address', hours: 'Hours of service', instructions: 'Contact instructions',
  distributions: 'Distributions and services', noDistributions: 'No distribution links.', other: 'Other information',
  side: 'Preview and metadata downloads', preview: 'Preview', previewOf: 'Preview of', previewElsewhere: 'View the preview image',
  elsewhere: '(on another site)', metadata: 'Metadata', switchTo: 'Bahasa Indonesia', switchLang: 'id',
  purpose: 'Purpose', lineage: 'Lineage', processSteps: 'Process steps', sources: 'Sources',
  quality: 'Data quality', conformity: 'Conformity with specifications', specification: 'Specification', date: 'Date',
  degree: 'Result', explanation: 'Explanation', passed: 'Conformant', failed: 'Not conformant', notEvaluated: 'Not evaluated',
  otherResults: 'Other quality results', element: 'Element', measure: 'Measure', value: 'Value', unit: 'Unit',
  technical: 'Technical information', resolution: 'Spatial resolution', scale: 'Scale', distance: 'Distance', referenceSystems: 'Reference systems',
  maintenance: 'Update frequency', resourceDates: 'Resource dates', resourceIds: 'Resource identifiers',
  constraints: 'Constraints', accessConstraints: 'Access constraints', useConstraints: 'Use constraints', otherConstraints: 'Other constraints',
  useLimitation: 'Use limitation', classification: 'Security classification', legal: 'Legal constraints', security: 'Security constraints',
  general: 'Constraints', related: 'Related resources', relation: 'Relation', resource: 'Resource', link: 'Link',
  operatesOn: 'Data served', association: 'Aggregated resource',
  dateTypes: { creation: 'Created', publication: 'Published', revision: 'Revised' },
};

export const recordPageText = (lang: PageLang): RecordPageText => (lang === 'en' ? EN : ID);
