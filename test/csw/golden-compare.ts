import type { CswMeaning } from './golden-meaning';
import type { GoldenRequest } from './golden-requests';

/**
 * The expected meaning of one answer, derived from pycsw's recorded answer (or an override),
 * and the comparison with ours. What is compared:
 * - root element; exception code and locator;
 * - numberOfRecordsMatched / Returned, nextRecord, recordSchema, elementSet;
 * - identifiers: in order when the request asks for one (SortBy) or names them (GetRecordById);
 *   as a set when the whole result fits on the page; not at all for a partial page without an
 *   order, because which records land on it is then the server's choice (pycsw: database row
 *   order; ours: identifier order);
 * - per record (matched by identifier), the element names pycsw shows must be in ours, after
 *   the normalisation and the allowed omissions below. Extra elements are fine: our renders
 *   can carry more than pycsw's, and every response is schema-validated anyway.
 */
export interface GoldenExpectation extends CswMeaning {
  /** how `ids` is compared */
  idOrder: 'ordered' | 'set' | 'none';
  /** element names pycsw shows that our record may lack, on top of FAMILY_OMISSIONS */
  allowMissing?: string[];
}

/**
 * Element names of pycsw's records that ours lack by design (the record model keeps
 * no field for them); each with its reason.
 */
export const FAMILY_OMISSIONS: Record<string, { names: string[]; why: string }> = {
  dc: {
    names: ['dct:spatial'],
    why: 'dct:spatial of the CITE records holds ISO 3166-2 region codes (GR-22, FI-ES); the record model has no region-code field, only the bounding box',
  },
  gmd: {
    names: ['gmd:distributionInfo'],
    why: 'our brief and summary views follow the ISO AP 1.0 views (no distributionInfo in brief); pycsw adds it',
  },
  mdb: {
    names: ['mdb:metadataLinkage', 'mdb:distributionInfo'],
    why: 'metadataLinkage (the record\'s URL at its source portal) has no field in the record model; distributionInfo is not part of our brief view',
  },
};

const familyOf = (recordName: string): 'dc' | 'gmd' | 'mdb' | undefined =>
  recordName.startsWith('csw:') ? 'dc' : recordName.startsWith('gmd:') || recordName.includes('gmi') ? 'gmd' : recordName.startsWith('mdb') ? 'mdb' : undefined;

/**
 * pycsw writes the date of a CITE record as dc:date; ours keeps the kind of date it is
 * (dct:issued for publication, dct:created for creation; dc:date for a revision), all
 * refinements of dc:date, so any of them counts as dc:date.
 */
function normaliseNames(names: string[]): Set<string> {
  const out = new Set(names);
  if (names.some((n) => n === 'dct:issued' || n === 'dct:created' || n === 'dc:date')) out.add('dc:date');
  return out;
}

/** pycsw reports filter errors ("Invalid Constraint: …") with locator "service"; ours names the constraint. */
function normaliseLocator(exp: CswMeaning, expectedXml: string): CswMeaning['exception'] {
  if (!exp.exception) return undefined;
  const filterError = exp.exception.locator === 'service' && /Invalid Constraint|Invalid Filter|srsName/i.test(expectedXml);
  return filterError ? { ...exp.exception, locator: 'constraint' } : exp.exception;
}

export function expectationFrom(req: GoldenRequest, exp: CswMeaning): GoldenExpectation {
  const byId = exp.root === 'GetRecordByIdResponse';
  const whole = exp.results ? exp.results.returned === exp.results.matched : true;
  return {
    ...exp,
    exception: normaliseLocator(exp, req.expectedXml),
    idOrder: req.sorted || byId ? 'ordered' : whole ? 'set' : 'none',
  };
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);
const sorted = (xs: readonly string[] | undefined): string[] => [...(xs ?? [])].sort();

/** Differences between the expectation and our answer; empty when they mean the same. */
export function compareMeaning(exp: GoldenExpectation, act: CswMeaning): string[] {
  const problems: string[] = [];
  const check = (what: string, a: unknown, b: unknown) => {
    if (!same(a, b)) problems.push(`${what}: expected ${JSON.stringify(a)}, got ${JSON.stringify(b)}`);
  };
  check('root', exp.root, act.root);
  check('exception', exp.exception, act.exception);
  check('searchResults', exp.results, act.results);
  if (exp.idOrder === 'ordered') check('ids (ordered)', exp.ids, act.ids);
  if (exp.idOrder === 'set') check('ids (set)', sorted(exp.ids), sorted(act.ids));
  if (exp.recordNames) check('record names', sorted(exp.recordNames), sorted(act.recordNames));
  if (exp.schemaComponents) check('schema components', sorted(exp.schemaComponents), sorted(act.schemaComponents));
  if (exp.domainValues) check('domain values', sorted(exp.domainValues), sorted(act.domainValues));
  if (exp.sections) check('capabilities sections', exp.sections, act.sections);

  if (exp.ids && exp.childNames && act.ids && act.childNames) {
    exp.ids.forEach((id, i) => {
      const j = act.ids!.indexOf(id);
      if (j < 0) return; // a record we do not return is reported by the ids check
      const family = familyOf(exp.recordNames?.[i] ?? '') ?? familyOf(act.recordNames?.[j] ?? '');
      const allowed = new Set([...(family ? FAMILY_OMISSIONS[family]!.names : []), ...(exp.allowMissing ?? [])]);
      const ours = normaliseNames(act.childNames![j]!);
      const missing = [...normaliseNames(exp.childNames![i]!)].filter((n) => !ours.has(n) && !allowed.has(n));
      if (missing.length) problems.push(`record ${id}: missing elements ${missing.join(', ')}`);
    });
  }
  return problems;
}
