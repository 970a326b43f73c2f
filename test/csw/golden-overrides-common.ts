import type { GoldenExpectation } from './golden-compare';

/** Building blocks of the overrides: each returns the expectation for our service. */

export const exceptionOf = (code: string, locator: string) => (): GoldenExpectation => ({
  root: 'ExceptionReport',
  exception: { code, locator },
  idOrder: 'none',
});

export function results(
  e: GoldenExpectation,
  r: { matched: number; returned: number; next: number; ids?: string[]; idOrder?: GoldenExpectation['idOrder']; recordName?: string },
): GoldenExpectation {
  const recordName = r.recordName ?? e.recordNames?.[0];
  const base: GoldenExpectation = {
    ...e,
    root: 'GetRecordsResponse',
    exception: undefined,
    results: { ...e.results!, matched: r.matched, returned: r.returned, next: r.next },
    recordNames: recordName ? Array.from({ length: r.returned }, () => recordName) : [],
  };
  if (!r.ids) return { ...base, ids: undefined, childNames: undefined, idOrder: 'none' };
  return { ...withIds(base, r.ids, r.idOrder ?? 'set'), recordNames: base.recordNames };
}

/** The element names are looked up by identifier: keep pycsw's list in step with `ids`. */
export function withIds(e: GoldenExpectation, ids: string[], idOrder: GoldenExpectation['idOrder'] = 'ordered'): GoldenExpectation {
  const names = ids.map((id) => (e.ids && e.childNames && e.ids.includes(id) ? e.childNames[e.ids.indexOf(id)]! : []));
  const recordName = e.recordNames?.[0];
  return { ...e, ids, childNames: names, recordNames: recordName ? ids.map(() => recordName) : e.recordNames, idOrder };
}

export const SRS_LESS_ENVELOPE =
  'an envelope without srsName is read longitude/latitude ("x then y", the product specification; csw-notes), '
  + 'pycsw reads it latitude/longitude; the answer is re-derived with x = longitude';
