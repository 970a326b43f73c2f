import { defineList } from './reference-item.types';

/** ISO 19115-1:2014 MD_TopicCategoryCode: the 19 codes of 19115:2003 plus extraTerrestrial and disaster. */
export const TOPIK_KATEGORI = defineList([
  { kode: 'farming', label: 'Pertanian' },
  { kode: 'biota', label: 'Biota' },
  { kode: 'boundaries', label: 'Batas wilayah' },
  { kode: 'climatologyMeteorologyAtmosphere', label: 'Klimatologi, meteorologi dan atmosfer' },
  { kode: 'economy', label: 'Ekonomi' },
  { kode: 'elevation', label: 'Ketinggian (elevasi)' },
  { kode: 'environment', label: 'Lingkungan hidup' },
  { kode: 'geoscientificInformation', label: 'Informasi kebumian' },
  { kode: 'health', label: 'Kesehatan' },
  { kode: 'imageryBaseMapsEarthCover', label: 'Citra, peta dasar dan tutupan bumi' },
  { kode: 'intelligenceMilitary', label: 'Intelijen dan militer' },
  { kode: 'inlandWaters', label: 'Perairan darat' },
  { kode: 'location', label: 'Lokasi' },
  { kode: 'oceans', label: 'Kelautan' },
  { kode: 'planningCadastre', label: 'Perencanaan dan kadaster' },
  { kode: 'society', label: 'Sosial dan budaya' },
  { kode: 'structure', label: 'Bangunan dan struktur' },
  { kode: 'transportation', label: 'Transportasi' },
  { kode: 'utilitiesCommunication', label: 'Utilitas dan komunikasi' },
  { kode: 'extraTerrestrial', label: 'Luar angkasa' },
  { kode: 'disaster', label: 'Kebencanaan' },
]);

/**
 * The codes the ISO 19139 (2007) XSD enumerates for gmd:MD_TopicCategoryCode. It is an XSD
 * enumeration, not a code list, so a 19139 renderer must leave out `extraTerrestrial` and
 * `disaster` (or map them) or the document fails schema validation.
 */
export const ISO19139_TOPIC_CATEGORIES: ReadonlySet<string> = new Set(
  TOPIK_KATEGORI.map((i) => i.kode).filter((k) => k !== 'extraTerrestrial' && k !== 'disaster'),
);
