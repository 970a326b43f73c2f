import { BAHASA } from './bahasa.list';
import { DQ_ELEMEN } from './dq-elemen.list';
import { FREKUENSI_PEMBARUAN } from './frekuensi-pembaruan.list';
import { JENIS_KATAKUNCI } from './jenis-katakunci.list';
import { KLASIFIKASI_KEAMANAN } from './klasifikasi-keamanan.list';
import { LEVEL_HIERARKI } from './level-hierarki.list';
import { METOD_EVALUASI } from './metod-evaluasi.list';
import { PERAN_KONTAK } from './peran-kontak.list';
import { PROTOKOL_DISTRIBUSI } from './protokol-distribusi.list';
import type { ReferenceItem } from './reference-item.types';
import { REPRESENTASI_SPASIAL } from './representasi-spasial.list';
import { STATUS_PROGRES } from './status-progres.list';
import { TOPIK_KATEGORI } from './topik-kategori.list';

export type { ReferenceItem } from './reference-item.types';
export { ISO19139_TOPIC_CATEGORIES } from './topik-kategori.list';
export { DQ_ELEMENT_19139_NAME } from './dq-elemen.list';

/** The names served at GET /api/referensi/{jenis}. */
export const REFERENCE_LIST_NAMES = [
  'PERAN_KONTAK', 'STATUS_PROGRES', 'REPRESENTASI_SPASIAL', 'FREKUENSI_PEMBARUAN', 'LEVEL_HIERARKI',
  'PROTOKOL_DISTRIBUSI', 'KLASIFIKASI_KEAMANAN', 'BAHASA', 'JENIS_KATAKUNCI', 'DQ_ELEMEN', 'METOD_EVALUASI',
  'TOPIK_KATEGORI',
] as const;
export type ReferenceListName = (typeof REFERENCE_LIST_NAMES)[number];

const LISTS: Readonly<Record<ReferenceListName, readonly ReferenceItem[]>> = {
  PERAN_KONTAK, STATUS_PROGRES, REPRESENTASI_SPASIAL, FREKUENSI_PEMBARUAN, LEVEL_HIERARKI, PROTOKOL_DISTRIBUSI,
  KLASIFIKASI_KEAMANAN, BAHASA, JENIS_KATAKUNCI, DQ_ELEMEN, METOD_EVALUASI, TOPIK_KATEGORI,
};

// Built once: validation checks every code-list field of every record against these.
const BY_CODE = new Map<ReferenceListName, ReadonlyMap<string, ReferenceItem>>(
  REFERENCE_LIST_NAMES.map((n) => [n, new Map(LISTS[n].map((i) => [i.kode, i]))]),
);
const NAME_SET: ReadonlySet<string> = new Set(REFERENCE_LIST_NAMES);

export function isReferenceListName(s: unknown): s is ReferenceListName {
  return typeof s === 'string' && NAME_SET.has(s);
}

export function getReferenceList(name: ReferenceListName): readonly ReferenceItem[] {
  return LISTS[name];
}

/** O(1): a code is valid only with its exact spelling (codes are case-sensitive in ISO XML). */
export function hasCode(name: ReferenceListName, kode: string): boolean {
  return BY_CODE.get(name)?.has(kode) ?? false;
}

export function getReferenceLabel(name: ReferenceListName, kode: string): string | undefined {
  return BY_CODE.get(name)?.get(kode)?.label;
}

/** Where the ISO 19139 code lists live; renderers write `codeList="<url>#<codeListName>"`. */
export const ISO19139_CODELIST_BASE = 'http://standards.iso.org/iso/19139/resources/gmxCodelists.xml';

export interface CodeListInfo {
  /** element name and gmx dictionary id, e.g. CI_RoleCode */
  codeListName: string;
  /** value for the codeList attribute */
  codeList: string;
  /**
   * true for MD_TopicCategoryCode: 19139 declares it an XSD enumeration, written as element
   * text (`<gmd:MD_TopicCategoryCode>farming</…>`) without codeList/codeListValue attributes.
   */
  enumeration: boolean;
}

const codeList = (codeListName: string, enumeration = false): CodeListInfo =>
  Object.freeze({ codeListName, codeList: `${ISO19139_CODELIST_BASE}#${codeListName}`, enumeration });

/** null: the list is not an ISO 19139 code list (protocols and languages are free text, DQ elements are element names). */
export const REFERENCE_LIST_CODELIST: Readonly<Record<ReferenceListName, CodeListInfo | null>> = Object.freeze({
  PERAN_KONTAK: codeList('CI_RoleCode'),
  STATUS_PROGRES: codeList('MD_ProgressCode'),
  REPRESENTASI_SPASIAL: codeList('MD_SpatialRepresentationTypeCode'),
  FREKUENSI_PEMBARUAN: codeList('MD_MaintenanceFrequencyCode'),
  LEVEL_HIERARKI: codeList('MD_ScopeCode'),
  PROTOKOL_DISTRIBUSI: null,
  KLASIFIKASI_KEAMANAN: codeList('MD_ClassificationCode'),
  BAHASA: null,
  JENIS_KATAKUNCI: codeList('MD_KeywordTypeCode'),
  DQ_ELEMEN: null,
  METOD_EVALUASI: codeList('DQ_EvaluationMethodTypeCode'),
  TOPIK_KATEGORI: codeList('MD_TopicCategoryCode', true),
});
