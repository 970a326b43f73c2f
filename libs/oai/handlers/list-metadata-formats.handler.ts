import { oaiError } from '../oai-errors';
import { OAI_METADATA_FORMATS } from '../oai-formats';
import { el, textEl } from '../responses/oai-writer';
import { itemOf, type OaiAnswer, type OaiHandlerDeps } from './handler-deps';

/** ListMetadataFormats, for the repository or for one item. */
export async function listMetadataFormats(deps: OaiHandlerDeps, identifier: string | undefined): Promise<OaiAnswer> {
  // every record is disseminated in every format (all are rendered from the same record)
  if (identifier !== undefined && !(await itemOf(deps, identifier))) {
    return [oaiError('idDoesNotExist', `Pengenal "${identifier}" tidak ada di repositori ini.`)];
  }
  return el('ListMetadataFormats', undefined, ...OAI_METADATA_FORMATS.map((f) => el(
    'metadataFormat', undefined,
    textEl('metadataPrefix', f.prefix), textEl('schema', f.schema), textEl('metadataNamespace', f.namespace),
  )));
}
