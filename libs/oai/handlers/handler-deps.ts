import type { OaiMetadataFormat } from '../oai-formats';
import type { OaiError } from '../oai-errors';
import { fromOaiIdentifier } from '../request/oai-identifiers';
import type { ListDeps } from './oai-list.handler';

/** What Identify names: the repository and its administrators. */
export interface OaiIdentity {
  repositoryName: string;
  adminEmails: string[];
}

/** What the verb handlers read: the store, the renderer, the token settings and the identity. */
export interface OaiHandlerDeps extends ListDeps {
  /** the endpoint's public URL ({BASE_URL}/oai) */
  endpointUrl: string;
  getIdentity(): Promise<OaiIdentity>;
}

/** A verb's answer: the verb's element, or the protocol errors it ran into. */
export type OaiAnswer = string | OaiError[];

/** the item an OAI identifier names, if it is one of ours and exists */
export async function itemOf(deps: OaiHandlerDeps, identifier: string, render?: OaiMetadataFormat['render']) {
  const id = fromOaiIdentifier(deps.repositoryIdentifier, identifier);
  return id === undefined ? undefined : deps.store.findItem(id, render);
}
