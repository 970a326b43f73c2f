import { badParameter } from '../oarec-error';

/**
 * The search page's date filter as plain form fields, so it works without JavaScript: the four
 * date inputs are not Records parameters, so a submitted form is redirected (303) to the same
 * search written with the standard ones —
 *   cakupan waktu (the data's temporal extent) → `datetime=from/to` (`..` for an open end),
 *   tanggal publikasi → the `publicationDate` queryable in a CQL2 `filter`
 *     (`publicationDate >= DATE('…') AND publicationDate <= DATE('…')`), ANDed with a filter the
 *     search already had.
 * The page reads both back into the inputs (datetimeRange, publicationRange), so the URL stays
 * the one shareable, standard description of the search.
 */
export const DATE_FIELDS = {
  timeFrom: 'waktu-dari',
  timeTo: 'waktu-sampai',
  pubFrom: 'terbit-dari',
  pubTo: 'terbit-sampai',
} as const;

const FIELD_NAMES: readonly string[] = Object.values(DATE_FIELDS);
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export interface DateRange {
  from?: string;
  to?: string;
}

export function publicationFilter(r: DateRange): string | undefined {
  const parts = [
    r.from ? `publicationDate >= DATE('${r.from}')` : undefined,
    r.to ? `publicationDate <= DATE('${r.to}')` : undefined,
  ].filter(Boolean);
  return parts.length ? parts.join(' AND ') : undefined;
}

const PUB_ONLY = /^publicationDate >= DATE\('(\d{4}-\d{2}-\d{2})'\)(?: AND publicationDate <= DATE\('(\d{4}-\d{2}-\d{2})'\))?$|^publicationDate <= DATE\('(\d{4}-\d{2}-\d{2})'\)$/;

/** The publication range of a filter this page wrote (exactly publicationFilter's text), else undefined. */
export function publicationRange(filter: string | undefined): DateRange | undefined {
  const m = filter ? PUB_ONLY.exec(filter) : null;
  if (!m) return undefined;
  return m[3] ? { to: m[3] } : { from: m[1], ...(m[2] ? { to: m[2] } : {}) };
}

/** `datetime` as the two inputs show it: the date part of each end, open ends empty. */
export function datetimeRange(datetime: string | undefined): DateRange {
  if (!datetime) return {};
  const [a, b] = datetime.includes('/') ? datetime.split('/') : [datetime, datetime];
  const day = (v: string | undefined) => (v && v !== '..' ? v.slice(0, 10) : undefined);
  return { from: day(a), to: day(b) };
}

function day(name: string, v: string | undefined): string | undefined {
  const t = v?.trim();
  if (!t) return undefined;
  if (!DAY.test(t)) throw badParameter(name, 'gunakan tanggal berbentuk TTTT-BB-HH, mis. 2020-01-31.');
  return t;
}

/**
 * A query carrying the form's date fields → the same search in Records parameters (to redirect
 * to), or undefined when the query has none of them. A malformed date is a 400 naming its field.
 */
export function canonicalDateQuery(query: Record<string, string | string[] | undefined>): Record<string, string> | undefined {
  if (!FIELD_NAMES.some((n) => n in query)) return undefined;
  const one = (k: string): string | undefined => {
    const v = query[k];
    return Array.isArray(v) ? v[0] : v;
  };
  const out: Record<string, string> = {};
  for (const k of Object.keys(query)) {
    const v = one(k);
    if (v !== undefined && v !== '' && !FIELD_NAMES.includes(k) && k !== 'offset') out[k] = v;
  }
  const time = { from: day(DATE_FIELDS.timeFrom, one(DATE_FIELDS.timeFrom)), to: day(DATE_FIELDS.timeTo, one(DATE_FIELDS.timeTo)) };
  const pub = { from: day(DATE_FIELDS.pubFrom, one(DATE_FIELDS.pubFrom)), to: day(DATE_FIELDS.pubTo, one(DATE_FIELDS.pubTo)) };
  // the inputs are what the page showed for datetime and its own publication filter: they replace them
  delete out.datetime;
  if (time.from || time.to) out.datetime = `${time.from ?? '..'}/${time.to ?? '..'}`;
  const kept = out.filter !== undefined && !publicationRange(out.filter) ? out.filter : undefined;
  delete out.filter;
  const pubFilter = publicationFilter(pub);
  const filter = kept && pubFilter ? `(${kept}) AND ${pubFilter}` : kept ?? pubFilter;
  if (filter) out.filter = filter;
  return out;
}
