import type { Lang } from '../i18n/i18n';

/**
 * Help text under a field (Mantine `description`, tied to the input by aria-describedby), in
 * Indonesian and English, keyed like the labels (field-labels.ts). Written for the fields of
 * issue 19 §4, whose ISO meaning is not obvious from the label; a field without help has none.
 */
const HELP: Record<string, [id: string, en: string]> = {
  translations: [
    'Teks yang sama dalam bahasa lain (PT_FreeText). Isi bahasa yang bukan bahasa rekaman, mis. judul bahasa Inggris untuk rekaman berbahasa Indonesia.',
    'The same text in another language (PT_FreeText). Fill in the language that is not the record\'s, e.g. an English title for an Indonesian record.',
  ],
  alternateTitles: ['Nama lain atau singkatan sumber daya.', 'Other names or acronyms of the resource.'],
  edition: ['Edisi atau versi sumber daya, mis. "2024" atau "Edisi 2".', 'Edition or version of the resource, e.g. "2024" or "Edition 2".'],
  resourceIdentifiers: [
    'Pengenal unik sumber daya (bukan metadata), dengan ruang kode tempat kode itu unik.',
    'Unique identifiers of the resource (not of the metadata), with the code space they are unique in.',
  ],
  'resourceIdentifiers.codeSpace': ['Mis. URI lembaga yang menerbitkan kode.', 'E.g. the URI of the body that issues the code.'],
  parentIdentifier: ['Pengenal publik (fileIdentifier) metadata induk, mis. seri tempat dataset ini berada.', 'The public identifier (fileIdentifier) of the parent metadata, e.g. the series this dataset belongs to.'],
  serviceTypeVersions: ['Versi standar layanan, mis. 1.3.0 untuk WMS.', 'Versions of the service standard, e.g. 1.3.0 for WMS.'],
  couplingType: ['Seberapa erat layanan terikat pada dataset tertentu.', 'How tightly the service is bound to particular datasets.'],
  operations: ['Operasi yang disediakan layanan, mis. GetCapabilities, dengan URL titik aksesnya.', 'Operations the service offers, e.g. GetCapabilities, with their connect point URLs.'],
  'operations.dcp': ['Biasanya WebServices.', 'Usually WebServices.'],
  operatesOn: [
    'Dataset yang disajikan layanan ini: isi pengenal dataset (uuidref) dan/atau tautan ke metadatanya.',
    'The datasets this service serves: their identifier (uuidref) and/or a link to their metadata.',
  ],
  'contacts.placement': [
    'Titik kontak: pihak yang dapat dihubungi tentang sumber daya. Pihak dalam sitasi: pihak yang disebut dalam sitasi sumber daya (mis. pembuat).',
    'Point of contact: whom to contact about the resource. Party in the citation: a party named in the resource\'s citation (e.g. its originator).',
  ],
  metadataContacts: [
    'Pihak yang bertanggung jawab atas metadata ini. Bila kosong, kontak sumber daya yang pertama yang dipakai.',
    'Who is responsible for this metadata. When empty, the first resource contact stands for it.',
  ],
  distributors: ['Pihak yang mendistribusikan sumber daya.', 'Who distributes the resource.'],
  additionalReferenceSystems: [
    'Sistem referensi selain yang utama, dengan kode dan ruang kodenya (mis. kode 4326, ruang kode EPSG).',
    'Reference systems beyond the main one, by code and code space (e.g. code 4326, code space EPSG).',
  ],
  additionalResolutions: ['Resolusi spasial selain yang utama.', 'Spatial resolutions beyond the main one.'],
  'extent.additionalBboxes': ['Kotak batas selain yang di peta, mis. untuk wilayah yang terpisah.', 'Bounding boxes beyond the one on the map, e.g. for separate areas.'],
  'extent.vertical': ['Rentang ketinggian atau kedalaman sumber daya.', 'The height or depth range of the resource.'],
  'extent.vertical.crs': ['URN EPSG atau nama sistem referensi vertikal, mis. urn:ogc:def:crs:EPSG::5715.', 'An EPSG URN or the name of the vertical reference system, e.g. urn:ogc:def:crs:EPSG::5715.'],
  formatVersions: ['Versi dari format yang tercantum di daftar Format.', 'Versions of the formats listed under Formats.'],
  'constraints.legal': [
    'Batasan hukum ISO (MD_LegalConstraints). Batasan lain dapat membawa URI (anchor), mis. kode INSPIRE "tanpa batasan".',
    'ISO legal constraints (MD_LegalConstraints). Other constraints can carry a URI (anchor), e.g. INSPIRE\'s "no limitations" code.',
  ],
  'constraints.legal.otherConstraints.uri': ['URI yang menamai batasan ini (gmx:Anchor).', 'The URI naming this constraint (gmx:Anchor).'],
  conformity: [
    'Kesesuaian terhadap spesifikasi (mis. peraturan INSPIRE atau SNI): judul spesifikasi, tanggalnya, dan hasilnya.',
    'Conformity to a specification (e.g. an INSPIRE regulation or a national standard): its title, its date and the result.',
  ],
  specificationAnchor: ['URI spesifikasi bila judulnya ditulis sebagai anchor.', 'The specification\'s URI when its title is written as an anchor.'],
  'conformity.pass': ['Ya = sesuai, Tidak = tidak sesuai, Belum dievaluasi = belum diuji.', 'Yes = conformant, No = not conformant, Not evaluated = not tested yet.'],
  processSteps: ['Langkah pengolahan data, berurutan.', 'The processing steps of the data, in order.'],
  associatedResources: ['Sumber daya lain yang berhubungan, dengan jenis hubungannya.', 'Other resources this one relates to, with the kind of relation.'],
  additionalOverviews: ['Gambar pratinjau selain yang utama.', 'Browse graphics beyond the main one.'],
  'distributions.function': ['Apa yang dilakukan tautan ini: unduh, informasi, pencarian, …', 'What this link does: download, information, search, …'],
  'distributions.applicationProfile': ['Profil aplikasi yang dipakai tautan, mis. nama lapisan atau skema.', 'The application profile the link uses, e.g. a layer or schema name.'],
};

export function fieldHelp(name: string, lang: Lang): string | undefined {
  const h = HELP[name];
  return h ? h[lang === 'id' ? 0 : 1] : undefined;
}
