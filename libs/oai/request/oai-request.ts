import { hasInvalidXmlChar } from '../../xml/xml-chars';
import { parseUtcBound, type UtcBound } from './oai-dates';
import { oaiError, type OaiError } from '../oai-errors';

/**
 * Request arguments → one typed request, strictly (protocol section 3.1): the verb must be
 * present once and legal (badVerb); every other argument must be one the verb knows, given
 * once, non-empty, with a legal value, and an exclusive argument (resumptionToken) must come
 * alone (badArgument). GET query strings and POST form bodies both arrive here as the list
 * of decoded (name, value) pairs, so repeats are still visible.
 */

export const OAI_VERBS = ['Identify', 'ListMetadataFormats', 'ListSets', 'ListIdentifiers', 'ListRecords', 'GetRecord'] as const;
export type OaiVerb = (typeof OAI_VERBS)[number];

export interface ListArgs {
  metadataPrefix: string;
  from?: string;
  until?: string;
  set?: string;
  fromBound?: UtcBound;
  untilBound?: UtcBound;
}

export type OaiRequest =
  | { verb: 'Identify' }
  | { verb: 'ListMetadataFormats'; identifier?: string }
  | { verb: 'ListSets'; resumptionToken?: string }
  | { verb: 'ListIdentifiers' | 'ListRecords'; resumptionToken: string }
  | ({ verb: 'ListIdentifiers' | 'ListRecords' } & ListArgs & { resumptionToken?: undefined })
  | { verb: 'GetRecord'; identifier: string; metadataPrefix: string };

export type ParsedRequest =
  | { ok: true; request: OaiRequest; args: Record<string, string> }
  | { ok: false; errors: OaiError[] };

interface ArgRules {
  required: readonly string[];
  optional: readonly string[];
  exclusive?: string;
}

const RULES: Record<OaiVerb, ArgRules> = {
  Identify: { required: [], optional: [] },
  ListMetadataFormats: { required: [], optional: ['identifier'] },
  ListSets: { required: [], optional: [], exclusive: 'resumptionToken' },
  ListIdentifiers: { required: ['metadataPrefix'], optional: ['from', 'until', 'set'], exclusive: 'resumptionToken' },
  ListRecords: { required: ['metadataPrefix'], optional: ['from', 'until', 'set'], exclusive: 'resumptionToken' },
  GetRecord: { required: ['identifier', 'metadataPrefix'], optional: [] },
};

const isVerb = (v: string): v is OaiVerb => (OAI_VERBS as readonly string[]).includes(v);

export function parseOaiRequest(pairs: readonly (readonly [string, string])[]): ParsedRequest {
  const verbs = pairs.filter(([k]) => k === 'verb').map(([, v]) => v);
  if (verbs.length === 0) return { ok: false, errors: [oaiError('badVerb', 'Argumen "verb" tidak ada.')] };
  if (verbs.length > 1) return { ok: false, errors: [oaiError('badVerb', 'Argumen "verb" diulang.')] };
  const verb = verbs[0]!;
  if (!isVerb(verb)) return { ok: false, errors: [oaiError('badVerb', `"${verb}" bukan verb OAI-PMH (${OAI_VERBS.join(', ')}).`)] };

  const rules = RULES[verb];
  const known = new Set([...rules.required, ...rules.optional, ...(rules.exclusive ? [rules.exclusive] : [])]);
  const errors: OaiError[] = [];
  const args: Record<string, string> = {};
  const seen = new Set<string>();
  for (const [name, value] of pairs) {
    if (name === 'verb') continue;
    if (!known.has(name)) {
      errors.push(oaiError('badArgument', `Argumen "${name}" tidak dikenal untuk ${verb}.`));
      continue;
    }
    if (seen.has(name)) {
      errors.push(oaiError('badArgument', `Argumen "${name}" diulang.`));
      continue;
    }
    seen.add(name);
    if (value === '') errors.push(oaiError('badArgument', `Argumen "${name}" kosong.`));
    else if (hasInvalidXmlChar(value)) errors.push(oaiError('badArgument', `Argumen "${name}" memuat karakter yang tidak diizinkan.`));
    else args[name] = value;
  }
  if (errors.length) return { ok: false, errors };

  if (rules.exclusive && args[rules.exclusive] !== undefined) {
    const others = Object.keys(args).filter((k) => k !== rules.exclusive);
    if (others.length) return { ok: false, errors: [oaiError('badArgument', `"${rules.exclusive}" adalah argumen eksklusif; tidak boleh disertai ${others.join(', ')}.`)] };
    const token = args[rules.exclusive]!;
    const request: OaiRequest = verb === 'ListSets'
      ? { verb, resumptionToken: token }
      : { verb: verb as 'ListIdentifiers' | 'ListRecords', resumptionToken: token };
    return { ok: true, request, args };
  }
  const missing = rules.required.filter((k) => args[k] === undefined);
  if (missing.length) return { ok: false, errors: missing.map((k) => oaiError('badArgument', `Argumen wajib "${k}" tidak ada.`)) };

  switch (verb) {
    case 'Identify':
    case 'ListSets':
      return { ok: true, request: { verb }, args };
    case 'ListMetadataFormats':
      return { ok: true, request: args.identifier !== undefined ? { verb, identifier: args.identifier } : { verb }, args };
    case 'GetRecord':
      return { ok: true, request: { verb, identifier: args.identifier!, metadataPrefix: args.metadataPrefix! }, args };
    case 'ListIdentifiers':
    case 'ListRecords': {
      const list = parseListArgs(args);
      return 'errors' in list ? { ok: false, errors: list.errors } : { ok: true, request: { verb, ...list }, args };
    }
  }
}

/** metadataPrefix, from, until, set: the dates checked for form, granularity and order. */
export function parseListArgs(args: Record<string, string | undefined>): ListArgs | { errors: OaiError[] } {
  const errors: OaiError[] = [];
  const out: ListArgs = { metadataPrefix: args.metadataPrefix! };
  for (const name of ['from', 'until'] as const) {
    const raw = args[name];
    if (raw === undefined) continue;
    const bound = parseUtcBound(raw);
    if (!bound) {
      errors.push(oaiError('badArgument', `"${name}" harus tanggal UTC YYYY-MM-DD atau YYYY-MM-DDThh:mm:ssZ, bukan "${raw}".`));
      continue;
    }
    out[name] = raw;
    out[name === 'from' ? 'fromBound' : 'untilBound'] = bound;
  }
  if (out.fromBound && out.untilBound) {
    if (out.fromBound.granularity !== out.untilBound.granularity) {
      errors.push(oaiError('badArgument', '"from" dan "until" harus memakai granularitas yang sama.'));
    } else if (out.fromBound.instant > out.untilBound.instant) {
      errors.push(oaiError('badArgument', '"from" lebih lambat daripada "until".'));
    }
  }
  if (args.set !== undefined) out.set = args.set;
  return errors.length ? { errors } : out;
}
