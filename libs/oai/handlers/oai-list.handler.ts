import { LEVEL_HIERARKI } from '../../catalogue/reference-lists/level-hierarki.list';
import { oaiError, type OaiError } from '../oai-errors';
import { findMetadataFormat } from '../oai-formats';
import { metadataFor, type MetadataDeps } from './oai-metadata';
import type { OaiListQuery } from '../oai.ports';
import { parseListArgs, type ListArgs } from '../request/oai-request';
import { resolveSet } from '../oai-sets';
import { decodeToken, encodeToken, type ListVerb, type TokenState } from '../request/resumption-token';
import { el, header, record, resumptionToken, type TokenInfo } from '../responses/oai-writer';
import { toDatestamp } from '../request/oai-dates';

export interface ListDeps extends MetadataDeps {
  tokenKey: Buffer;
  pageSize: number;
  tokenTtlSeconds: number;
  /** the oai-identifier namespace of item identifiers */
  repositoryIdentifier: string;
}

export type ListOutcome = { ok: true; body: string } | { ok: false; errors: OaiError[] };

/** Every ISO scope code a `type:` set may name, known even before a record of that level exists. */
const SCOPE_CODES: readonly string[] = LEVEL_HIERARKI.map((l) => l.kode);

const TOKEN_REASONS: Record<string, string> = {
  malformed: 'resumptionToken tidak dikenali.',
  signature: 'resumptionToken tidak sah (tanda tangan tidak cocok).',
  expired: 'resumptionToken sudah kedaluwarsa; mulai panen lagi tanpa token.',
  verb: 'resumptionToken ini milik verb lain.',
};

/**
 * ListRecords and ListIdentifiers: one page in (datestamp, id) order after the position the
 * token carries, the next token signed with the query, the position and the new cursor.
 * completeListSize is counted afresh for each page (changes during a harvest show up in it).
 */
export async function handleList(
  deps: ListDeps,
  verb: ListVerb,
  input: { resumptionToken: string } | ListArgs,
  now: Date,
): Promise<ListOutcome> {
  let args: ListArgs;
  let resumed: TokenState | undefined;
  if ('resumptionToken' in input) {
    const check = decodeToken(deps.tokenKey, input.resumptionToken, verb, Math.floor(now.getTime() / 1000));
    if (!check.ok) return { ok: false, errors: [oaiError('badResumptionToken', TOKEN_REASONS[check.reason]!)] };
    resumed = check.state;
    const parsed = parseListArgs({ metadataPrefix: resumed.metadataPrefix, from: resumed.from, until: resumed.until, set: resumed.set });
    if ('errors' in parsed) return { ok: false, errors: [oaiError('badResumptionToken', TOKEN_REASONS.malformed!)] };
    args = parsed;
  } else {
    args = input;
  }

  const format = findMetadataFormat(args.metadataPrefix);
  if (!format) return { ok: false, errors: [oaiError('cannotDisseminateFormat', `Format "${args.metadataPrefix}" tidak tersedia; lihat ListMetadataFormats.`)] };

  let set: OaiListQuery['set'] = { kind: 'all' };
  if (args.set !== undefined) {
    const [orgs, levels] = await Promise.all([deps.store.listOrganisations(), deps.store.listHierarchyLevels()]);
    const resolved = resolveSet(args.set, orgs, [...new Set([...levels, ...SCOPE_CODES])]);
    if (resolved.kind === 'none') return { ok: false, errors: [oaiError('noRecordsMatch', `Set "${args.set}" tidak ada atau kosong.`)] };
    set = resolved;
  }
  const query = {
    ...(args.fromBound ? { from: args.fromBound.start } : {}),
    ...(args.untilBound?.end !== undefined ? { before: args.untilBound.end } : {}),
    set,
  };
  const items = await deps.store.listItems({
    ...query,
    ...(resumed ? { after: { datestamp: resumed.afterDatestamp, id: resumed.afterId } } : {}),
    limit: deps.pageSize + 1,
    ...(verb === 'ListRecords' ? { render: format.render } : {}),
  });
  if (items.length === 0) return { ok: false, errors: [oaiError('noRecordsMatch', 'Tidak ada rekaman yang cocok dengan permintaan ini.')] };

  const page = items.slice(0, deps.pageSize);
  const more = items.length > deps.pageSize;
  const cursor = resumed?.cursor ?? 0;
  const completeListSize = !more && cursor === 0 ? page.length : await deps.store.countItems(query);
  let token: TokenInfo | undefined;
  if (more) {
    const last = page[page.length - 1]!;
    const expires = Math.floor(now.getTime() / 1000) + deps.tokenTtlSeconds;
    const state: TokenState = {
      verb,
      metadataPrefix: args.metadataPrefix,
      ...(args.from !== undefined ? { from: args.from } : {}),
      ...(args.until !== undefined ? { until: args.until } : {}),
      ...(args.set !== undefined ? { set: args.set } : {}),
      afterDatestamp: last.position,
      afterId: last.id,
      cursor: cursor + page.length,
      expires,
    };
    token = { token: encodeToken(deps.tokenKey, state), completeListSize, cursor, expirationDate: toDatestamp(new Date(expires * 1000)) };
  } else if (resumed) {
    token = { token: undefined, completeListSize, cursor };
  }

  if (verb === 'ListIdentifiers') return { ok: true, body: el('ListIdentifiers', undefined, ...page.map((i) => header(i, deps.repositoryIdentifier)), resumptionToken(token)) };
  const metadata = await metadataFor(deps, page, format);
  return { ok: true, body: el('ListRecords', undefined, ...page.map((i) => record(i, metadata.get(i.id), deps.repositoryIdentifier)), resumptionToken(token)) };
}
