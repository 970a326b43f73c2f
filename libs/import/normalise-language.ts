/**
 * Language values as found in harvested metadata → ISO 639-2/T three-letter codes (our BAHASA
 * list). Handles ISO 639-1 two-letter codes (`en`, `id`, and the old `in` for Indonesian),
 * 639-2/B bibliographic codes (`fre`, `ger`, `dut`, `chi`, `may`), locale forms (`en-US`,
 * `en_GB`, `eng; USA`) and common English / native / Indonesian names.
 * Returns undefined when the value is not recognisable; the caller decides what that means.
 */
const ISO639_1: Record<string, string> = {
  id: 'ind', in: 'ind', en: 'eng', jv: 'jav', jw: 'jav', su: 'sun', ms: 'msa', zh: 'zho', ar: 'ara', ja: 'jpn',
  nl: 'nld', fr: 'fra', de: 'deu', es: 'spa', pt: 'por', ru: 'rus', ko: 'kor', hi: 'hin', th: 'tha', vi: 'vie',
  tl: 'tgl', it: 'ita', el: 'ell', fi: 'fin', sv: 'swe', da: 'dan', no: 'nor', nb: 'nob', nn: 'nno', pl: 'pol',
  cs: 'ces', sk: 'slk', sl: 'slv', hu: 'hun', ro: 'ron', bg: 'bul', hr: 'hrv', sr: 'srp', uk: 'ukr', tr: 'tur',
  fa: 'fas', he: 'heb', ur: 'urd', bn: 'ben', ta: 'tam', te: 'tel', my: 'mya', km: 'khm', lo: 'lao', mi: 'mri',
  et: 'est', lv: 'lav', lt: 'lit', ga: 'gle', cy: 'cym', eu: 'eus', ca: 'cat', gl: 'glg', is: 'isl', mt: 'mlt',
  sq: 'sqi', mk: 'mkd', hy: 'hye', ka: 'kat', bo: 'bod', sw: 'swa', la: 'lat', mg: 'mlg', fj: 'fij', sm: 'smo',
  to: 'ton', ty: 'tah', lb: 'ltz', ps: 'pus', ne: 'nep', si: 'sin', mn: 'mon', kk: 'kaz', uz: 'uzb', az: 'aze',
};

/** ISO 639-2/B (bibliographic) → 639-2/T (terminology), for the twenty codes that differ. */
const B_TO_T: Record<string, string> = {
  alb: 'sqi', arm: 'hye', baq: 'eus', bur: 'mya', chi: 'zho', cze: 'ces', dut: 'nld', fre: 'fra', geo: 'kat',
  ger: 'deu', gre: 'ell', ice: 'isl', mac: 'mkd', mao: 'mri', may: 'msa', per: 'fas', rum: 'ron', slo: 'slk',
  tib: 'bod', wel: 'cym',
};

const NAMES: Record<string, string> = {
  indonesian: 'ind', indonesia: 'ind', 'bahasa indonesia': 'ind',
  english: 'eng', inggris: 'eng', 'bahasa inggris': 'eng',
  javanese: 'jav', jawa: 'jav', 'bahasa jawa': 'jav', sundanese: 'sun', sunda: 'sun', 'bahasa sunda': 'sun',
  madurese: 'mad', madura: 'mad', minangkabau: 'min', balinese: 'ban', bali: 'ban', buginese: 'bug', bugis: 'bug',
  acehnese: 'ace', aceh: 'ace', malay: 'msa', melayu: 'msa', chinese: 'zho', mandarin: 'zho', arabic: 'ara', arab: 'ara',
  japanese: 'jpn', jepang: 'jpn', dutch: 'nld', belanda: 'nld', nederlands: 'nld', french: 'fra', prancis: 'fra',
  'français': 'fra', francais: 'fra', german: 'deu', jerman: 'deu', deutsch: 'deu', spanish: 'spa', spanyol: 'spa',
  'español': 'spa', espanol: 'spa', portuguese: 'por', 'português': 'por', russian: 'rus', rusia: 'rus',
  korean: 'kor', korea: 'kor', hindi: 'hin', thai: 'tha', vietnamese: 'vie', tagalog: 'tgl', filipino: 'fil',
  italian: 'ita', italiano: 'ita', greek: 'ell', finnish: 'fin', swedish: 'swe', danish: 'dan', norwegian: 'nor',
  polish: 'pol', czech: 'ces', turkish: 'tur', persian: 'fas', hebrew: 'heb',
};

export function normaliseLanguage(raw: string): string | undefined {
  const v = raw.trim().toLowerCase();
  if (v === '') return undefined;
  if (NAMES[v]) return NAMES[v];
  // `eng; USA`, `en-US`, `en_GB`, `fra-FR`: the primary subtag decides
  const primary = v.split(/[\s;,_\-]+/)[0] ?? '';
  if (primary.length === 2) return ISO639_1[primary];
  if (/^[a-z]{3}$/.test(primary)) return B_TO_T[primary] ?? primary;
  return NAMES[primary];
}
