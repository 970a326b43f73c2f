import { wordsOfCode } from './code-labels';
import type { Lang } from './translate';

/**
 * Labels of the ISO codes the metadata schema lists itself (`enum`: restriction, coupling,
 * association, online function and date type codes, the contact's placement), for which the
 * server has no reference list. Indonesian from this table; English from the code's words
 * (ISO codes are English lowerCamelCase), with the few that are not words named here.
 */
const ID: Record<string, string> = {
  copyright: 'Hak cipta', patent: 'Paten', patentPending: 'Paten dalam proses', trademark: 'Merek dagang', license: 'Lisensi',
  intellectualPropertyRights: 'Hak kekayaan intelektual', restricted: 'Terbatas', otherRestrictions: 'Pembatasan lain',
  unrestricted: 'Tanpa pembatasan', licenceUnrestricted: 'Lisensi tanpa pembatasan', licenceEndUser: 'Lisensi pengguna akhir',
  licenceDistributor: 'Lisensi distributor', private: 'Pribadi', statutory: 'Menurut undang-undang', confidential: 'Rahasia',
  SBU: 'Sensitif tetapi tidak rahasia', 'in-confidence': 'Dalam kepercayaan',
  loose: 'Longgar', mixed: 'Campuran', tight: 'Erat',
  crossReference: 'Rujukan silang', largerWorkCitation: 'Bagian dari karya yang lebih besar', partOfSeamlessDatabase: 'Bagian dari basis data menyeluruh',
  source: 'Sumber', stereoMate: 'Pasangan stereo', isComposedOf: 'Tersusun atas', collectiveTitle: 'Judul kolektif', series: 'Seri',
  dependency: 'Ketergantungan', revisionOf: 'Revisi dari',
  download: 'Unduh', information: 'Informasi', offlineAccess: 'Akses luring', order: 'Pemesanan', search: 'Pencarian',
  completeMetadata: 'Metadata lengkap', browseGraphic: 'Gambar pratinjau', upload: 'Unggah', emailService: 'Layanan surel',
  browsing: 'Penjelajahan', fileAccess: 'Akses berkas',
  creation: 'Pembuatan', publication: 'Publikasi', revision: 'Revisi',
  citation: 'Pihak dalam sitasi',
};

const EN: Record<string, string> = { SBU: 'Sensitive but unclassified', citation: 'Party in the citation' };

/** `copyright` → "Hak cipta (copyright)" / "Copyright (copyright)". */
export function enumLabel(code: string, lang: Lang): string {
  const words = lang === 'id' ? ID[code] ?? wordsOfCode(code) : EN[code] ?? wordsOfCode(code);
  return `${words} (${code})`;
}

/**
 * The label of a select's empty choice where leaving it empty means something: a conformity
 * result left empty is "not evaluated", a specification date without a type is its publication,
 * a contact without a placement is a point of contact.
 */
const EMPTY: Record<string, [id: string, en: string]> = {
  'conformity.pass': ['Belum dievaluasi', 'Not evaluated'],
  'conformity.specificationDateType': ['Publikasi (bawaan)', 'Publication (default)'],
  'contacts.placement': ['Titik kontak (pointOfContact)', 'Point of contact (pointOfContact)'],
};

export function emptyChoiceLabel(labelName: string, lang: Lang): string | undefined {
  const e = EMPTY[labelName];
  return e ? e[lang === 'id' ? 0 : 1] : undefined;
}
