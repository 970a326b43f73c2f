import type { RenderFormat } from '../render/formats';

/**
 * The metadata formats the provider disseminates, each served from one stored render (the
 * render job writes them for every record version; nothing here runs XSLT per request unless
 * a render is missing or stale). oai_dc is cut from the full csw:Record render (oai-dc.ts).
 */
export interface OaiMetadataFormat {
  prefix: string;
  schema: string;
  namespace: string;
  render: RenderFormat;
}

export const OAI_METADATA_FORMATS: readonly OaiMetadataFormat[] = Object.freeze([
  {
    prefix: 'oai_dc',
    schema: 'http://www.openarchives.org/OAI/2.0/oai_dc.xsd',
    namespace: 'http://www.openarchives.org/OAI/2.0/oai_dc/',
    render: 'dc-full',
  },
  {
    prefix: 'iso19139',
    schema: 'http://www.isotc211.org/2005/gmd/gmd.xsd',
    namespace: 'http://www.isotc211.org/2005/gmd',
    render: 'gmd',
  },
  {
    prefix: 'iso19115-3',
    schema: 'https://schemas.isotc211.org/19115/-3/mdb/2.0/mdb.xsd',
    namespace: 'http://standards.iso.org/iso/19115/-3/mdb/2.0',
    render: 'mdb2018',
  },
]);

export function findMetadataFormat(prefix: string): OaiMetadataFormat | undefined {
  return OAI_METADATA_FORMATS.find((f) => f.prefix === prefix);
}
