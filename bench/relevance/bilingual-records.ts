import type { MetadataRecord } from '../../libs/catalogue/record.types';
import { generateRecord } from '../../test/helpers/sample-records';

/**
 * The synthetic part of the relevance set (issue 21): Indonesian agency-style records whose
 * titles, keywords and abstracts use the word families people search with (peta/pemetaan,
 * kebun/perkebunan, hutan/kehutanan, batimetri, air tanah, tutupan lahan …), English records on
 * the same subjects, and distractors that mention a word only in passing. Every record is a full
 * record (generateRecord's contacts, dates, extents, distributions) with its own text and a
 * stable file identifier `rel-<theme>-<place>` that the queries name.
 */
interface Theme {
  key: string;
  title: (place: string) => string;
  keywords: string[];
  abstract: (place: string) => string;
  places: string[];
  language?: 'ind' | 'eng';
}

const PROVINCES = ['Aceh', 'Riau', 'Jambi', 'Lampung', 'Banten', 'Bali', 'Papua', 'Maluku'];
const KABUPATEN = ['Sleman', 'Bantul', 'Garut', 'Cianjur', 'Banyumas', 'Jember', 'Gowa', 'Kutai'];
const WATERS = ['Selat Sunda', 'Teluk Tomini', 'Laut Banda', 'Selat Makassar', 'Laut Arafura', 'Teluk Bone'];
const ISLANDS = ['Sumatra', 'Java', 'Borneo', 'Sulawesi', 'Papua', 'Bali'];

const THEMES: Theme[] = [
  {
    key: 'rbi', places: ['Yogyakarta', 'Semarang', 'Bandung', 'Surabaya', 'Medan', 'Makassar'],
    title: (p) => `Peta Rupabumi Indonesia Skala 1:25.000 Wilayah ${p}`, keywords: ['peta dasar', 'rupabumi', 'topografi'],
    abstract: (p) => `Hasil pemetaan rupabumi wilayah ${p} dari foto udara dan survei lapangan; unsur perairan, jalan, bangunan dan toponimi.`,
  },
  {
    key: 'sawit', places: PROVINCES.slice(0, 6),
    title: (p) => `Sebaran Perkebunan Kelapa Sawit Provinsi ${p}`, keywords: ['perkebunan', 'kelapa sawit', 'oil palm plantation'],
    abstract: (p) => `Areal kebun kelapa sawit rakyat, swasta dan negara di Provinsi ${p} hasil interpretasi citra satelit.`,
  },
  {
    key: 'karet', places: ['Jambi', 'Sumatera Selatan', 'Kalimantan Barat'],
    title: (p) => `Areal Perkebunan Karet ${p}`, keywords: ['perkebunan', 'karet', 'rubber plantation'],
    abstract: (p) => `Batas kebun karet di ${p} menurut data dinas perkebunan.`,
  },
  {
    key: 'hutan', places: PROVINCES,
    title: (p) => `Kawasan Hutan Provinsi ${p}`, keywords: ['kehutanan', 'kawasan hutan', 'forest area'],
    abstract: (p) => `Penunjukan dan penetapan kawasan hutan lindung, hutan produksi dan hutan konservasi di Provinsi ${p}.`,
  },
  {
    key: 'batimetri', places: WATERS,
    title: (p) => `Batimetri ${p}`, keywords: ['batimetri', 'bathymetry', 'kedalaman laut'],
    abstract: (p) => `Kedalaman dasar laut ${p} dari survei hidrografi multibeam dan singlebeam.`,
  },
  {
    key: 'cat', places: ['Jakarta', 'Bandung', 'Denpasar', 'Yogyakarta', 'Palembang'],
    title: (p) => `Cekungan Air Tanah ${p}`, keywords: ['air tanah', 'groundwater', 'hidrogeologi'],
    abstract: (p) => `Batas cekungan air tanah dan zona konservasi air tanah ${p}; akuifer tertekan dan bebas.`,
  },
  {
    key: 'tutupan', places: ['Sumatera 2020', 'Kalimantan 2020', 'Sulawesi 2019', 'Jawa 2021', 'Papua 2018'],
    title: (p) => `Tutupan Lahan ${p}`, keywords: ['tutupan lahan', 'land cover', 'penutup lahan'],
    abstract: (p) => `Klasifikasi tutupan lahan ${p} skala 1:250.000 dari citra Landsat: hutan, perkebunan, sawah, permukiman.`,
  },
  {
    key: 'das', places: ['Citarum', 'Bengawan Solo', 'Brantas', 'Kapuas', 'Musi'],
    title: (p) => `Batas Daerah Aliran Sungai ${p}`, keywords: ['daerah aliran sungai', 'DAS', 'watershed'],
    abstract: (p) => `Deliniasi daerah aliran sungai ${p} dan sub-DAS dari model elevasi digital.`,
  },
  {
    key: 'banjir', places: KABUPATEN.slice(0, 6),
    title: (p) => `Peta Rawan Banjir Kabupaten ${p}`, keywords: ['kebencanaan', 'banjir', 'flood hazard'],
    abstract: (p) => `Indeks bahaya banjir Kabupaten ${p} untuk perencanaan penanggulangan bencana.`,
  },
  {
    key: 'longsor', places: ['Garut', 'Cianjur', 'Banjarnegara', 'Agam'],
    title: (p) => `Kerentanan Gerakan Tanah Kabupaten ${p}`, keywords: ['kebencanaan', 'tanah longsor', 'landslide susceptibility'],
    abstract: (p) => `Zona kerentanan gerakan tanah (longsor) Kabupaten ${p}.`,
  },
  {
    key: 'mangrove', places: ['Kalimantan Timur', 'Papua Barat', 'Sumatera Utara', 'Sulawesi Tenggara'],
    title: (p) => `Sebaran Mangrove ${p}`, keywords: ['mangrove', 'ekosistem pesisir', 'hutan bakau'],
    abstract: (p) => `Luas dan kerapatan hutan mangrove di pesisir ${p}.`,
  },
  {
    key: 'geologi', places: ['Bandung', 'Jember', 'Ambon', 'Manado'],
    title: (p) => `Peta Geologi Lembar ${p}`, keywords: ['geologi', 'batuan', 'geology'],
    abstract: (p) => `Satuan batuan, struktur geologi dan stratigrafi lembar ${p} skala 1:100.000.`,
  },
  {
    key: 'sawah', places: KABUPATEN.slice(2, 8),
    title: (p) => `Lahan Baku Sawah Kabupaten ${p}`, keywords: ['pertanian', 'sawah', 'paddy field'],
    abstract: (p) => `Luas lahan baku sawah beririgasi dan tadah hujan Kabupaten ${p} hasil verifikasi lapangan.`,
  },
  {
    key: 'jalan', places: PROVINCES.slice(2, 8),
    title: (p) => `Jaringan Jalan Nasional Provinsi ${p}`, keywords: ['transportasi', 'jaringan jalan', 'road network'],
    abstract: (p) => `Ruas jalan nasional dan jalan provinsi di ${p} dengan status dan fungsi jalan.`,
  },
  {
    key: 'batas', places: KABUPATEN,
    title: (p) => `Batas Wilayah Administrasi Desa Kabupaten ${p}`, keywords: ['batas administrasi', 'desa', 'administrative boundary'],
    abstract: (p) => `Garis batas desa dan kelurahan Kabupaten ${p} hasil penegasan batas.`,
  },
  {
    key: 'hujan', places: ['Jawa Barat', 'Nusa Tenggara Timur', 'Kalimantan Tengah'],
    title: (p) => `Curah Hujan Bulanan ${p}`, keywords: ['klimatologi', 'curah hujan', 'rainfall'],
    abstract: (p) => `Rata-rata curah hujan bulanan ${p} dari pos hujan BMKG periode 1991–2020.`,
  },
  {
    key: 'tambang', places: ['Bangka Belitung', 'Kalimantan Selatan', 'Sulawesi Tengah'],
    title: (p) => `Wilayah Izin Usaha Pertambangan ${p}`, keywords: ['pertambangan', 'tambang', 'mining permit'],
    abstract: (p) => `Poligon wilayah izin usaha pertambangan mineral dan batubara di ${p}.`,
  },
  {
    key: 'karang', places: ['Raja Ampat', 'Wakatobi', 'Bunaken', 'Karimunjawa'],
    title: (p) => `Sebaran Terumbu Karang ${p}`, keywords: ['terumbu karang', 'coral reef', 'kelautan'],
    abstract: (p) => `Habitat terumbu karang dan padang lamun perairan ${p} dari citra resolusi tinggi.`,
  },
  // English records on the same subjects; their keywords carry the Indonesian term where an agency would add it
  {
    key: 'en-groundwater', language: 'eng', places: ISLANDS.slice(0, 4),
    title: (p) => `Groundwater Potential Map of ${p}`, keywords: ['groundwater', 'aquifer', 'air tanah'],
    abstract: (p) => `Groundwater potential zones of ${p} from aquifer productivity and recharge estimates.`,
  },
  {
    key: 'en-landcover', language: 'eng', places: ISLANDS.slice(0, 4),
    title: (p) => `Land Cover Classification of ${p} 2015`, keywords: ['land cover', 'remote sensing', 'tutupan lahan'],
    abstract: (p) => `Twelve land cover classes for ${p} mapped from Landsat 8 imagery.`,
  },
  {
    key: 'en-bathymetry', language: 'eng', places: ['Java Sea', 'Flores Sea', 'Celebes Sea'],
    title: (p) => `Bathymetric Survey of the ${p}`, keywords: ['bathymetry', 'seafloor', 'batimetri'],
    abstract: (p) => `Gridded depths of the ${p} compiled from echo soundings.`,
  },
  {
    key: 'en-forest', language: 'eng', places: ISLANDS.slice(1, 5),
    title: (p) => `Forest Cover Change in ${p} 2000–2020`, keywords: ['forests', 'deforestation', 'kehutanan'],
    abstract: (p) => `Annual forest loss and gain in ${p} derived from satellite time series.`,
  },
  {
    key: 'en-palm', language: 'eng', places: ['Sumatra', 'Borneo'],
    title: (p) => `Oil Palm Plantations of ${p}`, keywords: ['oil palm', 'plantations', 'perkebunan'],
    abstract: (p) => `Industrial and smallholder oil palm plantations in ${p} mapped from radar imagery.`,
  },
  {
    key: 'en-flood', language: 'eng', places: ['Jakarta', 'Semarang'],
    title: (p) => `Flood Hazard Zones of ${p}`, keywords: ['floods', 'natural hazards', 'banjir'],
    abstract: (p) => `Modelled inundation depth for a 50-year flood in ${p}.`,
  },
  // distractors: the searched words only in passing, as in issue 21's "Regional land cover index"
  {
    key: 'x-index', language: 'eng', places: ['Southeast Asia'],
    title: (p) => `Regional land cover index of ${p}`, keywords: ['index', 'land cover'],
    abstract: () => 'A composite index used in groundwater recharge and bathymetry studies, among others.',
  },
  {
    key: 'x-layanan', places: ['Nasional'],
    title: (p) => `Layanan Peta Web ${p}`, keywords: ['layanan web', 'web service'],
    abstract: () => 'Layanan peta daring (web map service) berisi peta dasar, batas administrasi dan tutupan lahan.',
  },
  {
    key: 'x-katalog', places: ['Pusat'],
    title: (p) => `Daftar Data Geospasial Simpul Jaringan ${p}`, keywords: ['katalog', 'simpul jaringan'],
    abstract: () => 'Daftar data: kawasan hutan, perkebunan, cekungan air tanah, batimetri, daerah aliran sungai dan curah hujan.',
  },
];

const slug = (s: string): string => s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

/** the file identifier of a theme's record for a place */
export const relId = (theme: string, place: string): string => `rel-${theme}-${slug(place)}`;

/** The synthetic records, deterministic, each a full record with its own text. */
export function bilingualRecords(): MetadataRecord[] {
  const out: MetadataRecord[] = [];
  let i = 0;
  for (const t of THEMES) {
    for (const place of t.places) {
      const base = generateRecord(i++);
      const id = relId(t.key, place);
      out.push({
        ...base,
        id,
        fileIdentifier: id,
        title: t.title(place),
        abstract: t.abstract(place),
        purpose: undefined,
        language: t.language ?? 'ind',
        keywords: [{ type: 'theme', values: t.keywords }, { type: 'place', values: [place] }],
        spatialCoverage: undefined,
        relations: undefined,
      });
    }
  }
  return out;
}

/** the file identifiers of every record of a theme */
export const themeIds = (theme: string): string[] => {
  const t = THEMES.find((x) => x.key === theme);
  if (!t) throw new Error(`no theme ${theme}`);
  return t.places.map((p) => relId(theme, p));
};
