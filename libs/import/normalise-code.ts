import { getReferenceList, hasCode, type ReferenceListName } from '../catalogue/reference-lists';

/**
 * Code-list values from imported XML → the `kode` of our reference lists. Accepts the exact code,
 * the same code in another case or spelling (`Dataset`, `point of contact`, `topSecret`/`topsecret`),
 * and a few well-known variants harvested metadata uses (NOAA's `dataCenter`).
 * Returns undefined when the value cannot be normalised; the mapper turns that into an
 * ImportMappingError naming the element, as issue 3 asks.
 */
const ALIASES: Partial<Record<ReferenceListName, Record<string, string>>> = {
  JENIS_KATAKUNCI: { datacenter: 'dataCentre' },
  FREKUENSI_PEMBARUAN: { semiannually: 'biannually', yearly: 'annually' },
  STATUS_PROGRES: { inwork: 'underDevelopment' },
  // ISO 19139's name for what ISO 19157 calls DQ_NonQuantitativeAttributeCorrectness
  DQ_ELEMEN: { dqnonquantitativeattributeaccuracy: 'DQ_NonQuantitativeAttributeCorrectness' },
};

const key = (s: string): string => s.toLowerCase().replace(/[^a-z0-9]/g, '');

const byKey = new Map<ReferenceListName, Map<string, string>>();

function keyIndex(list: ReferenceListName): Map<string, string> {
  let idx = byKey.get(list);
  if (!idx) {
    idx = new Map(getReferenceList(list).map((e) => [key(e.kode), e.kode]));
    byKey.set(list, idx);
  }
  return idx;
}

export function normaliseCode(list: ReferenceListName, raw: string): string | undefined {
  const v = raw.trim();
  if (v === '') return undefined;
  if (hasCode(list, v)) return v;
  // a codeList URL with the value as fragment (`…#dataset`) sometimes lands in codeListValue
  const tail = v.includes('#') ? v.slice(v.lastIndexOf('#') + 1) : v;
  const k = key(tail);
  const direct = keyIndex(list).get(k);
  if (direct) return direct;
  const alias = ALIASES[list]?.[k];
  return alias && hasCode(list, alias) ? alias : undefined;
}
