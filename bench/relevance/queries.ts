import { relId, themeIds } from './bilingual-records';

/**
 * The relevance queries (issue 21): what a person types and the record(s) that should come
 * first — any of `expect` at rank 1 is a perfect answer. Kinds: the exact words of a title,
 * other word forms (Indonesian affixes, English plurals), the other language where the keywords
 * carry it, typos, several words; plus queries on the real corpus (test/data/iso-corpus).
 * `core` marks the cases the jest test holds (test/integration/relevance-core.test.ts).
 */
export type QueryKind = 'exact' | 'form' | 'cross' | 'typo' | 'multi' | 'real';

export interface RelevanceQuery {
  q: string;
  kind: QueryKind;
  /** file identifiers of the records that answer it */
  expect: string[];
  core?: true;
}

const r = relId;
const Q = (q: string, kind: QueryKind, expect: string | string[], core?: true): RelevanceQuery => ({ q, kind, expect: Array.isArray(expect) ? expect : [expect], ...(core ? { core } : {}) });

export const QUERIES: RelevanceQuery[] = [
  // exact words of a title
  Q('batimetri selat sunda', 'exact', r('batimetri', 'Selat Sunda'), true),
  Q('batimetri', 'exact', [...themeIds('batimetri'), ...themeIds('en-bathymetry')], true),
  Q('kawasan hutan riau', 'exact', r('hutan', 'Riau'), true),
  Q('kawasan hutan', 'exact', themeIds('hutan')),
  Q('cekungan air tanah bandung', 'exact', r('cat', 'Bandung'), true),
  Q('tutupan lahan sumatera', 'exact', r('tutupan', 'Sumatera 2020'), true),
  Q('tutupan lahan', 'exact', themeIds('tutupan'), true),
  Q('kelapa sawit riau', 'exact', r('sawit', 'Riau')),
  Q('rupabumi', 'exact', themeIds('rbi')),
  Q('peta rupabumi medan', 'exact', r('rbi', 'Medan')),
  Q('daerah aliran sungai citarum', 'exact', r('das', 'Citarum'), true),
  Q('rawan banjir sleman', 'exact', r('banjir', 'Sleman')),
  Q('gerakan tanah garut', 'exact', r('longsor', 'Garut')),
  Q('mangrove', 'exact', themeIds('mangrove')),
  Q('geologi ambon', 'exact', r('geologi', 'Ambon')),
  Q('lahan baku sawah', 'exact', themeIds('sawah')),
  Q('jaringan jalan lampung', 'exact', r('jalan', 'Lampung')),
  Q('batas desa bantul', 'exact', r('batas', 'Bantul')),
  Q('curah hujan', 'exact', themeIds('hujan')),
  Q('izin usaha pertambangan', 'exact', themeIds('tambang')),
  Q('terumbu karang raja ampat', 'exact', r('karang', 'Raja Ampat'), true),
  Q('groundwater', 'exact', [...themeIds('en-groundwater'), ...themeIds('cat')], true),
  // the real corpus's "Land Cover Map 2000" answers it as well
  Q('land cover', 'exact', [...themeIds('en-landcover'), ...themeIds('tutupan'), 'f2f646d3-cc5a-4676-8194-34dbfa1c2874'], true),
  Q('bathymetric survey', 'exact', themeIds('en-bathymetry')),
  Q('flood hazard jakarta', 'exact', r('en-flood', 'Jakarta')),
  Q('oil palm plantations borneo', 'exact', r('en-palm', 'Borneo')),
  Q('forest cover change java', 'exact', r('en-forest', 'Java')),
  Q('karet jambi', 'exact', r('karet', 'Jambi')),
  Q('hutan bakau', 'exact', themeIds('mangrove')),
  Q('kerentanan gerakan tanah', 'exact', themeIds('longsor')),
  // other word forms
  Q('pemetaan rupabumi', 'form', themeIds('rbi'), true),
  Q('perkebunan sawit', 'form', themeIds('sawit'), true),
  Q('kebun sawit lampung', 'form', r('sawit', 'Lampung'), true),
  Q('kebun karet', 'form', themeIds('karet')),
  Q('kehutanan aceh', 'form', r('hutan', 'Aceh'), true),
  Q('hutan papua', 'form', r('hutan', 'Papua')),
  Q('perhutanan bali', 'form', r('hutan', 'Bali')),
  Q('pertambangan', 'form', themeIds('tambang')),
  Q('penambangan bangka', 'form', r('tambang', 'Bangka Belitung')),
  Q('kebencanaan banjir', 'form', themeIds('banjir')),
  Q('bencana longsor', 'form', themeIds('longsor')),
  Q('pertanian sawah garut', 'form', r('sawah', 'Garut')),
  Q('persawahan cianjur', 'form', r('sawah', 'Cianjur')),
  Q('penegasan batas desa sleman', 'form', r('batas', 'Sleman')),
  Q('groundwaters', 'form', [...themeIds('en-groundwater'), ...themeIds('cat')]),
  Q('forests borneo', 'form', r('en-forest', 'Borneo')),
  Q('plantation', 'form', [...themeIds('en-palm'), ...themeIds('sawit'), ...themeIds('karet')]),
  Q('flooding semarang', 'form', r('en-flood', 'Semarang')),
  Q('bathymetry flores', 'form', r('en-bathymetry', 'Flores Sea')),
  Q('covers land sulawesi', 'form', [r('en-landcover', 'Sulawesi'), r('tutupan', 'Sulawesi 2019')]),
  Q('klasifikasi tutupan lahan jawa', 'form', r('tutupan', 'Jawa 2021')),
  Q('kedalaman laut banda', 'form', r('batimetri', 'Laut Banda')),
  // the other language where the keywords carry it
  Q('forest area maluku', 'cross', r('hutan', 'Maluku'), true),
  Q('oil palm plantation jambi', 'cross', r('sawit', 'Jambi'), true),
  Q('air tanah sumatra', 'cross', r('en-groundwater', 'Sumatra'), true),
  Q('tutupan lahan borneo', 'cross', r('en-landcover', 'Borneo')),
  Q('bathymetry teluk tomini', 'cross', r('batimetri', 'Teluk Tomini')),
  Q('batimetri java sea', 'cross', r('en-bathymetry', 'Java Sea')),
  Q('kehutanan sulawesi', 'cross', r('en-forest', 'Sulawesi')),
  Q('perkebunan sumatra', 'cross', r('en-palm', 'Sumatra')),
  Q('banjir jakarta', 'cross', r('en-flood', 'Jakarta')),
  Q('watershed brantas', 'cross', r('das', 'Brantas')),
  Q('flood hazard banyumas', 'cross', r('banjir', 'Banyumas')),
  Q('landslide susceptibility agam', 'cross', r('longsor', 'Agam')),
  Q('coral reef wakatobi', 'cross', r('karang', 'Wakatobi')),
  Q('paddy field jember', 'cross', r('sawah', 'Jember')),
  Q('road network banten', 'cross', r('jalan', 'Banten')),
  Q('administrative boundary kutai', 'cross', r('batas', 'Kutai')),
  Q('rainfall', 'cross', themeIds('hujan')),
  Q('mining permit', 'cross', themeIds('tambang')),
  Q('rubber plantation', 'cross', themeIds('karet')),
  Q('geology bandung', 'cross', r('geologi', 'Bandung')),
  // typos
  Q('batimteri', 'typo', [...themeIds('batimetri'), ...themeIds('en-bathymetry')], true),
  Q('perkebunna sawit', 'typo', themeIds('sawit'), true),
  Q('groundwatr', 'typo', [...themeIds('en-groundwater'), ...themeIds('cat')], true),
  Q('mangrov', 'typo', themeIds('mangrove')),
  Q('kehutana riau', 'typo', r('hutan', 'Riau')),
  Q('rupabumy', 'typo', themeIds('rbi')),
  Q('terumbu karnag', 'typo', themeIds('karang')),
  Q('curah hujna', 'typo', themeIds('hujan')),
  Q('pertambagan', 'typo', themeIds('tambang')),
  Q('tutpan lahan', 'typo', [...themeIds('tutupan'), ...themeIds('en-landcover')]),
  Q('bathymerty', 'typo', [...themeIds('en-bathymetry'), ...themeIds('batimetri')]),
  Q('cekungan air tanha', 'typo', themeIds('cat')),
  Q('geolgi', 'typo', themeIds('geologi')),
  // several words
  Q('peta kawasan hutan lindung jambi', 'multi', r('hutan', 'Jambi'), true),
  Q('sebaran perkebunan kelapa sawit provinsi banten', 'multi', r('sawit', 'Banten')),
  Q('zona konservasi air tanah denpasar', 'multi', r('cat', 'Denpasar')),
  Q('tutupan lahan kalimantan 2020', 'multi', r('tutupan', 'Kalimantan 2020'), true),
  Q('peta rawan banjir kabupaten garut', 'multi', r('banjir', 'Garut')),
  Q('batas daerah aliran sungai musi', 'multi', r('das', 'Musi')),
  Q('groundwater potential map of java', 'multi', r('en-groundwater', 'Java'), true),
  Q('land cover classification papua', 'multi', r('tutupan', 'Papua 2018')),
  Q('batimetri dan kedalaman laut arafura', 'multi', r('batimetri', 'Laut Arafura')),
  Q('habitat terumbu karang bunaken', 'multi', r('karang', 'Bunaken')),
  Q('luas hutan mangrove pesisir papua barat', 'multi', r('mangrove', 'Papua Barat')),
  Q('satuan batuan lembar manado', 'multi', r('geologi', 'Manado')),
  Q('jalan nasional provinsi maluku', 'multi', r('jalan', 'Maluku')),
  Q('curah hujan bulanan nusa tenggara timur', 'multi', r('hujan', 'Nusa Tenggara Timur')),
  // the real corpus (test/data/iso-corpus), imported through the import path
  Q('adak alaska elevation', 'real', 'gov.noaa.ngdc.mgg.dem:258', true),
  Q('coastal relief model', 'real', 'gov.noaa.ngdc.mgg.dem:4970'),
  Q('ocean acidification', 'real', '7709f541-fc0c-4318-b5b9-9053aa474e0e', true),
  Q('seafloor geomorphic features', 'real', '91E4E2B1-D4CD-4610-8CE1-9EF285BE6A15'),
  Q('benthic habitats', 'real', 'cffa7269-5d95-486b-9b2e-77316e808398'),
  Q('tree preservation orders', 'real', '830f9a83-ae6b-4260-a82a-24c4851f7119'),
  Q('passages pieton', 'real', '2d974612-70b1-4662-a9f4-c43cbe453773', true),
  Q('otway basin geological model', 'real', '5ebc3cb7-a3b5-4760-a8ff-851d5d5beb32'),
  Q('palaeosaurus', 'real', '9df8df52-d7bf-37a8-e044-0003ba9b0d98'),
  Q('grondwatermeetnetten', 'real', '6c39d716-aecc-4fbc-bac8-4f05a49a78d5'),
  Q('expendable bathythermograph', 'real', '35234913-aa3c-48ec-b9a4-77f822f66ef8'),
  Q('aurora australis voyage', 'real', '201112060'),
  Q('fisheries spatial management', 'real', '10955a94-8737-08e4-e053-08114f8c5e74'),
  Q('courant circumpolaire antarctique', 'real', '74ce72b9-0196-4eca-abfe-8600f69bd5c4'),
  Q('landschaftsschutzgebiete munsterland', 'real', '7C11774D-0588-1B8D-56F8-990424D098B33'),
  Q('climate change survey', 'real', 'ie.marine.data:dataset.1135'),
  Q('ocean acidifcation', 'real', '7709f541-fc0c-4318-b5b9-9053aa474e0e'),
  Q('country parks scotland', 'real', ['test-dataset', 'test-dataset-1', 'be06a48d-36fa-4369-a585-7fcc319db4c0-new']),
];
