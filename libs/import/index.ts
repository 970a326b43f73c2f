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
 *   contact only when the resource names nobody (metadata contacts and distributors are also kept
 *   apart; the grown model of issue 19 §4 is listed in docs/records.md);
 * - code lists: exact code, else a case/spelling variant, else 422 naming the element;
 * - protocols: our codes are kept as they are (including the long legacy ones in the list),
 *   obvious variants are normalised, unknown ones become WWW:LINK with a warning;
 * - reference system: the first EPSG code; every other one is kept as written in additionalReferenceSystems;
 * - bbox: every EX_GeographicBoundingBox / ows box unioned (the boxes after the first also kept apart);
 *   OWS axis order from the crs;
 * - optional values the schema would refuse (non-http links, unreadable dates) are dropped with
 *   a warning, over-long texts are cut with a warning.
 */
import { XMLSerializer, type Element } from '@xmldom/xmldom';
import type { DocumentSchema, IsoDocument } from '../catalogue/record-document';
import type { MetadataDoc } from '../catalogue/record.types';
import { parseXmlSafely } from '../xml/safe-parse';
import { childElements, qname } from './dom';
import { checkDocument } from './document-check';
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
  /**
   * the ISO document itself (issue 19): what the catalogue stores and serves; the JSON `doc`
   * is derived from it here and nowhere else. Absent for Dublin Core (csw:Record), which is
   * not an ISO document and is served from its JSON as before
   */
  document?: IsoDocument;
}

const SCHEMA_OF: Partial<Record<SourceFormat, DocumentSchema>> = {
  gmd: 'iso19139', gmi: 'iso19115-2', mdb2018: 'iso19115-3-2018', mdb2016: 'iso19115-3-2016',
};

/** A leading byte-order mark is the encoding's signature, not content (GeoNorge's records carry one). */
const withoutBom = (text: string): string => (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);

export function importMetadataXml(text: string): ImportResult {
  const xml = withoutBom(text);
  const document = parseXmlSafely(xml);
  const root = unwrapResponse(document.documentElement!);
  // a file that is the record keeps its bytes; a record cut out of a CSW response is serialised
  return importMetadataElement(root, root === document.documentElement ? xml : undefined);
}

const serializer = new XMLSerializer();

/**
 * One record element already parsed (by parseXmlSafely) → our JSON record and its document.
 * The harvester maps the records of a whole GetRecords / ListRecords page this way without
 * parsing each twice; `text` is the element's document as written when the caller has it
 * (else the element is serialised, with the namespaces in scope declared).
 */
export function importMetadataElement(root: Element, text?: string): ImportResult {
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
  const schema = SCHEMA_OF[sourceFormat];
  if (!schema) return { doc, sourceFormat, warnings: ctx.warnings };
  const document: IsoDocument = { xml: text ?? serializer.serializeToString(root), schema, validation: checkDocument(root, schema, ctx.warnings) };
  return { doc, sourceFormat, warnings: ctx.warnings, document };
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
