/**
 * ISO 19139 / ISO 19115-3 / Dublin Core XML → our JSON record (MetadataDoc), for
 * `POST /api/metadata` with an XML body and the batch importer.
 *
 * - Parsing only through parseXmlSafely: DOCTYPE / entities / malformed XML → XmlInputError,
 *   passed through unchanged (callers answer 400).
 * - The format is chosen by the root's namespace URI + local name. A csw:GetRecordByIdResponse or
 *   csw:GetRecordsResponse holding exactly one record is unwrapped (harvest dumps).
 * - Anything that cannot be mapped → ImportMappingError naming the element (callers answer 422).
 * - Values the mapping normalised or left out are reported in `warnings` (Indonesian).
 * - The document keeps its own identifier as `fileIdentifier` when our schema accepts it; one it
 *   would refuse (a slash, a space…) is an ImportMappingError naming the identifier element, since
 *   silently replacing it would break links and duplicate the record on the next import.
 *
 * Mapping decisions (details in the mapper files):
 * - title: the citation title (ISO; alternateTitle with a warning if it is empty) or dc:title;
 *   a csw:Record without dc:title takes its dc:identifier, with a warning; no title at all → 422;
 * - contacts: the resource's (citedResponsibleParty + pointOfContact), de-duplicated; the metadata
 *   contact only when the resource names nobody;
 * - code lists: exact code, else a case/spelling variant, else 422 naming the element;
 * - protocols: our codes are kept as they are (including the long legacy ones in the list),
 *   obvious variants are normalised, unknown ones become WWW:LINK with a warning;
 * - reference system: the first EPSG code; non-EPSG and further codes are dropped with a warning;
 * - bbox: every EX_GeographicBoundingBox / ows box unioned; OWS axis order from the crs;
 * - optional values the schema would refuse (non-http links, unreadable dates) are dropped with
 *   a warning, over-long texts are cut with a warning.
 */
import type { Element } from '@xmldom/xmldom';
import type { MetadataDoc } from '../catalogue/record.types';
import { parseXmlSafely } from '../xml/safe-parse';
import { childElements, qname } from './dom';
import { finaliseDoc } from './finalise-doc';
import { ImportMappingError } from './import-error';
import { MapContext } from './map-context';
import { mapDublinCore } from './map-dublin-core';
import { mapIso } from './map-iso';
import { detectFormat, NS, type SourceFormat } from './namespaces';

export { ImportMappingError, isImportMappingError } from './import-error';
export type { SourceFormat } from './namespaces';

export interface ImportResult {
  doc: MetadataDoc;
  sourceFormat: SourceFormat;
  warnings: string[];
}

export function importMetadataXml(text: string): ImportResult {
  const document = parseXmlSafely(text);
  return importMetadataElement(unwrapResponse(document.documentElement!));
}

/**
 * One record element already parsed (by parseXmlSafely) → our JSON record. The harvester maps
 * the records of a whole GetRecords / ListRecords page this way without parsing each twice.
 */
export function importMetadataElement(root: Element): ImportResult {
  const sourceFormat = detectFormat(root.namespaceURI, root.localName);
  if (!sourceFormat) {
    throw new ImportMappingError(qname(root), `Elemen akar ${qname(root)} (namespace ${root.namespaceURI ?? 'tanpa namespace'}) tidak didukung. `
      + 'Yang diterima: gmd:MD_Metadata, gmi:MI_Metadata, mdb:MD_Metadata (ISO 19115-3 mdb/1.0 atau mdb/2.0) dan csw:Record.');
  }
  const ctx = new MapContext();
  const mapped = sourceFormat === 'csw-record'
    ? mapDublinCore(root, ctx)
    : mapIso(root, sourceFormat === 'gmd' || sourceFormat === 'gmi' ? 'iso19139' : 'iso19115-3', ctx);
  const doc = finaliseDoc(mapped, sourceFormat, qname(root), ctx);
  return { doc, sourceFormat, warnings: ctx.warnings };
}

/** csw:GetRecordByIdResponse / csw:GetRecordsResponse (in csw:SearchResults) with exactly one record. */
function unwrapResponse(root: Element): Element {
  if (root.namespaceURI !== NS.csw) return root;
  let holder: Element | undefined;
  if (root.localName === 'GetRecordByIdResponse') holder = root;
  if (root.localName === 'GetRecordsResponse') {
    holder = childElements(root).find((e) => e.namespaceURI === NS.csw && e.localName === 'SearchResults');
    if (!holder) throw new ImportMappingError(qname(root), 'Respons GetRecords tidak berisi csw:SearchResults.');
  }
  if (!holder) return root;
  const records = childElements(holder);
  if (records.length !== 1) {
    throw new ImportMappingError(qname(holder), `Respons berisi ${records.length} rekaman; impor hanya menerima tepat satu rekaman per dokumen.`);
  }
  return records[0]!;
}
