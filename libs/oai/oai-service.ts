import { LEVEL_HIERARKI } from '../catalogue/reference-lists/level-hierarki.list';
import { toDatestamp } from './oai-dates';
import { oaiError, type OaiError } from './oai-errors';
import { OAI_METADATA_FORMATS, findMetadataFormat, type OaiMetadataFormat } from './oai-formats';
import { fromOaiIdentifier, toOaiIdentifier } from './oai-identifiers';
import { handleList, type ListDeps } from './oai-list.handler';
import { metadataFor } from './oai-metadata';
import { parseOaiRequest, type OaiRequest } from './oai-request';
import { LEVEL_PARENT, ORG_PARENT, levelSetSpec, organisationSetSpec } from './oai-sets';
import { el, envelope, errorsBody, record, textEl } from './oai-writer';

/**
 * The OAI-PMH 2.0 provider as a function of the request arguments: parse strictly, answer one
 * of the six verbs from the store, or answer the protocol's error codes. Every outcome is an
 * OAI-PMH document (HTTP 200); only a broken store escapes as an exception (the route answers
 * 503 with Retry-After, the protocol's own way to say "try later").
 */

export interface OaiIdentity {
  repositoryName: string;
  adminEmails: string[];
}

export interface OaiServiceDeps extends ListDeps {
  /** the endpoint's public URL ({BASE_URL}/oai) */
  endpointUrl: string;
  getIdentity(): Promise<OaiIdentity>;
  now?: () => Date;
}

export interface OaiService {
  handle(pairs: readonly (readonly [string, string])[]): Promise<string>;
}

const OAI_IDENTIFIER_NS = 'http://www.openarchives.org/OAI/2.0/oai-identifier';

/** Common ISO scope codes ListSets always shows, with or without records yet. */
const ALWAYS_LISTED_LEVELS = ['dataset', 'series', 'service'];
const levelLabel = (code: string): string => LEVEL_HIERARKI.find((l) => l.kode === code)?.label ?? code;

export function createOaiService(deps: OaiServiceDeps): OaiService {
  const now = deps.now ?? (() => new Date());

  async function identify(): Promise<string> {
    const [identity, earliest] = await Promise.all([deps.getIdentity(), deps.store.earliestDatestamp()]);
    return el(
      'Identify',
      undefined,
      textEl('repositoryName', identity.repositoryName),
      textEl('baseURL', deps.endpointUrl),
      textEl('protocolVersion', '2.0'),
      ...identity.adminEmails.map((m) => textEl('adminEmail', m)),
      textEl('earliestDatestamp', earliest ?? toDatestamp(now())),
      textEl('deletedRecord', 'persistent'),
      textEl('granularity', 'YYYY-MM-DDThh:mm:ssZ'),
      // how item identifiers are made, so a harvester can map them back to fileIdentifiers
      el('description', undefined, el(
        'oai-identifier',
        { xmlns: OAI_IDENTIFIER_NS, 'xmlns:xsi': 'http://www.w3.org/2001/XMLSchema-instance', 'xsi:schemaLocation': `${OAI_IDENTIFIER_NS} http://www.openarchives.org/OAI/2.0/oai-identifier.xsd` },
        textEl('scheme', 'oai'),
        textEl('repositoryIdentifier', deps.repositoryIdentifier),
        textEl('delimiter', ':'),
        textEl('sampleIdentifier', toOaiIdentifier(deps.repositoryIdentifier, 'a1b2c3d4-0000-4000-8000-000000000000')),
      )),
    );
  }

  /** the item an OAI identifier names, if it is one of ours and exists */
  async function itemOf(identifier: string, render?: OaiMetadataFormat['render']) {
    const id = fromOaiIdentifier(deps.repositoryIdentifier, identifier);
    return id === undefined ? undefined : deps.store.findItem(id, render);
  }

  async function listMetadataFormats(identifier: string | undefined): Promise<string | OaiError[]> {
    // every record is disseminated in every format (all are rendered from the same record)
    if (identifier !== undefined && !(await itemOf(identifier))) {
      return [oaiError('idDoesNotExist', `Pengenal "${identifier}" tidak ada di repositori ini.`)];
    }
    return el('ListMetadataFormats', undefined, ...OAI_METADATA_FORMATS.map((f) => el(
      'metadataFormat', undefined,
      textEl('metadataPrefix', f.prefix), textEl('schema', f.schema), textEl('metadataNamespace', f.namespace),
    )));
  }

  async function listSets(): Promise<string> {
    const [orgs, present] = await Promise.all([deps.store.listOrganisations(), deps.store.listHierarchyLevels()]);
    const levels = [...new Set([...ALWAYS_LISTED_LEVELS, ...present])].sort();
    const set = (spec: string, name: string) => el('set', undefined, textEl('setSpec', spec), textEl('setName', name));
    return el(
      'ListSets', undefined,
      set(ORG_PARENT, 'Organisasi'),
      ...orgs.map((o) => set(organisationSetSpec(o.id), o.name)),
      set(LEVEL_PARENT, 'Level hierarki (MD_ScopeCode)'),
      ...levels.map((l) => set(levelSetSpec(l), levelLabel(l))),
    );
  }

  async function getRecord(identifier: string, prefix: string): Promise<string | OaiError[]> {
    const format = findMetadataFormat(prefix);
    if (!format) return [oaiError('cannotDisseminateFormat', `Format "${prefix}" tidak tersedia; lihat ListMetadataFormats.`)];
    const item = await itemOf(identifier, format.render);
    if (!item) return [oaiError('idDoesNotExist', `Pengenal "${identifier}" tidak ada di repositori ini.`)];
    const metadata = await metadataFor(deps, [item], format);
    return el('GetRecord', undefined, record(item, metadata.get(item.id), deps.repositoryIdentifier));
  }

  async function answer(req: OaiRequest): Promise<string | OaiError[]> {
    switch (req.verb) {
      case 'Identify':
        return identify();
      case 'ListMetadataFormats':
        return listMetadataFormats(req.identifier);
      case 'ListSets':
        // the set list is short and sent whole: a token can only be one we never issued
        return req.resumptionToken !== undefined ? [oaiError('badResumptionToken', 'ListSets tidak memakai resumptionToken.')] : listSets();
      case 'GetRecord':
        return getRecord(req.identifier, req.metadataPrefix);
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
