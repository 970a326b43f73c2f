import { toDatestamp } from '../request/oai-dates';
import { toOaiIdentifier } from '../request/oai-identifiers';
import { el, textEl } from '../responses/oai-writer';
import type { OaiHandlerDeps } from './handler-deps';

const OAI_IDENTIFIER_NS = 'http://www.openarchives.org/OAI/2.0/oai-identifier';

/** Identify: the repository's name, base URL, earliest datestamp and how item identifiers are made. */
export async function identify(deps: OaiHandlerDeps, now: Date): Promise<string> {
  const [identity, earliest] = await Promise.all([deps.getIdentity(), deps.store.earliestDatestamp()]);
  return el(
    'Identify',
    undefined,
    textEl('repositoryName', identity.repositoryName),
    textEl('baseURL', deps.endpointUrl),
    textEl('protocolVersion', '2.0'),
    ...identity.adminEmails.map((m) => textEl('adminEmail', m)),
    textEl('earliestDatestamp', earliest ?? toDatestamp(now)),
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
