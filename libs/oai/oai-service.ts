import { toDatestamp } from './request/oai-dates';
import { parseOaiRequest, type OaiRequest } from './request/oai-request';
import { getRecord } from './handlers/get-record.handler';
import type { OaiAnswer, OaiHandlerDeps } from './handlers/handler-deps';
import { identify } from './handlers/identify.handler';
import { listMetadataFormats } from './handlers/list-metadata-formats.handler';
import { listSets } from './handlers/list-sets.handler';
import { handleList } from './handlers/oai-list.handler';
import { envelope, errorsBody } from './responses/oai-writer';

export type { OaiIdentity } from './handlers/handler-deps';

/**
 * The OAI-PMH 2.0 provider as a function of the request arguments: parse strictly (request/),
 * answer one of the six verbs from the store (handlers/), write the document (responses/), or
 * answer the protocol's error codes. Every outcome is an OAI-PMH document (HTTP 200); only a
 * broken store escapes as an exception (the route answers 503 with Retry-After, the protocol's
 * own way to say "try later").
 */

export interface OaiServiceDeps extends OaiHandlerDeps {
  now?: () => Date;
}

export interface OaiService {
  handle(pairs: readonly (readonly [string, string])[]): Promise<string>;
}

export function createOaiService(deps: OaiServiceDeps): OaiService {
  const now = deps.now ?? (() => new Date());

  async function answer(req: OaiRequest): Promise<OaiAnswer> {
    switch (req.verb) {
      case 'Identify':
        return identify(deps, now());
      case 'ListMetadataFormats':
        return listMetadataFormats(deps, req.identifier);
      case 'ListSets':
        return listSets(deps, req.resumptionToken);
      case 'GetRecord':
        return getRecord(deps, req.identifier, req.metadataPrefix);
      case 'ListIdentifiers':
      case 'ListRecords': {
        const out = await handleList(deps, req.verb, req.resumptionToken !== undefined ? { resumptionToken: req.resumptionToken } : req, now());
        return out.ok ? out.body : out.errors;
      }
    }
  }

  return {
    async handle(pairs) {
      const responseDate = toDatestamp(now());
      const parsed = parseOaiRequest(pairs);
      if (!parsed.ok) return envelope(responseDate, { baseUrl: deps.endpointUrl }, errorsBody(parsed.errors));
      const echo = { baseUrl: deps.endpointUrl, verb: parsed.request.verb, args: parsed.args };
      const out = await answer(parsed.request);
      return envelope(responseDate, echo, typeof out === 'string' ? out : errorsBody(out));
    },
  };
}
