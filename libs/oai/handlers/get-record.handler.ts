import { oaiError } from '../oai-errors';
import { findMetadataFormat } from '../oai-formats';
import { el, record } from '../responses/oai-writer';
import { itemOf, type OaiAnswer, type OaiHandlerDeps } from './handler-deps';
import { metadataFor } from './oai-metadata';

/** GetRecord: one item in one metadata format (a withdrawn one as its header, status="deleted"). */
export async function getRecord(deps: OaiHandlerDeps, identifier: string, prefix: string): Promise<OaiAnswer> {
  const format = findMetadataFormat(prefix);
  if (!format) return [oaiError('cannotDisseminateFormat', `Format "${prefix}" tidak tersedia; lihat ListMetadataFormats.`)];
  const item = await itemOf(deps, identifier, format.render);
  if (!item) return [oaiError('idDoesNotExist', `Pengenal "${identifier}" tidak ada di repositori ini.`)];
  const metadata = await metadataFor(deps, [item], format);
  return el('GetRecord', undefined, record(item, metadata.get(item.id), deps.repositoryIdentifier));
}
