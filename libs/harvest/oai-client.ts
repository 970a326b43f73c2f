import type { Element } from '@xmldom/xmldom';
import { childElements } from '../import/dom';
import { parseXmlSafely } from '../xml/safe-parse';
import type { RecordForm } from './harvest.types';
import type { HttpClient } from './http-client';
import {
  HarvestRefusal, PagingError, hashElement, textOf, type ListedPage, type ListingOptions, type PrepareResult, type ProtocolClient,
} from './protocol-client';
import { recordIdentity } from './record-identity';

/**
 * OAI-PMH 2.0 source: Identify (is it OAI-PMH? what granularity and deletedRecord policy?),
 * ListMetadataFormats (the preferred ISO form if offered, else the other, else oai_dc), then
 * ListRecords through resumption tokens; `set` from the source's constraint, `from` for
 * incremental runs. A header with status="deleted" is a withdrawal at the source. The record's
 * identifier is the OAI identifier (the provider's record id); pages are as large as the
 * provider makes them (OAI-PMH has no page size parameter).
 */
const OAI = 'http://www.openarchives.org/OAI/2.0/';
const PREFIXES: Record<RecordForm, string[]> = {
  iso19139: ['iso19139', 'iso19115-3', 'oai_dc'],
  'iso19115-3': ['iso19115-3', 'iso19139', 'oai_dc'],
};
const NS_OF_PREFIX: Record<string, string> = {
  iso19139: 'http://www.isotc211.org/2005/gmd',
  'iso19115-3': 'http://standards.iso.org/iso/19115/-3/mdb/2.0',
  oai_dc: 'http://www.openarchives.org/OAI/2.0/oai_dc/',
};

const oaiChild = (el: Element | undefined, local: string): Element | undefined =>
  el ? childElements(el).find((c) => c.namespaceURI === OAI && c.localName === local) : undefined;
const oaiChildren = (el: Element | undefined, local: string): Element[] =>
  el ? childElements(el).filter((c) => c.namespaceURI === OAI && c.localName === local) : [];

export interface OaiClientOptions {
  url: string;
  http: HttpClient;
  constraint: string | null;
}

/** oai_dc → a csw:Record-like Dublin Core element the importer maps (same dc elements). */
function dcAsCswRecord(dc: Element): Element {
  const doc = dc.ownerDocument!;
  const rec = doc.createElementNS('http://www.opengis.net/cat/csw/2.0.2', 'csw:Record');
  for (const c of childElements(dc)) rec.appendChild(c.cloneNode(true));
  return rec;
}

export function createOaiClient(o: OaiClientOptions): ProtocolClient {
  let prefix = 'iso19139';
  let granularityDays = false;
  let matched: number | null = null;

  async function call(params: Record<string, string>, what: string): Promise<{ root: Element; bytes: number }> {
    const u = new URL(o.url);
    for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
    const res = await o.http({ url: u.toString() });
    let root: Element;
    try {
      root = parseXmlSafely(res.text, { maxBytes: 64 * 1024 * 1024 }).documentElement!;
    } catch (err) {
      throw new PagingError(`${what}: ${(err as Error).message}`);
    }
    if (root.namespaceURI !== OAI || root.localName !== 'OAI-PMH') throw new PagingError(`${what}: bukan jawaban OAI-PMH (${root.localName})`);
    return { root, bytes: res.bytes };
  }

  return {
    matched: () => matched,
    async prepare(preferred: RecordForm): Promise<PrepareResult> {
      let identify;
      try {
        identify = await call({ verb: 'Identify' }, 'Identify');
      } catch (err) {
        throw new HarvestRefusal(`Sumber bukan OAI-PMH 2.0: ${(err as Error).message}`);
      }
      const id = oaiChild(identify.root, 'Identify');
      if (!id) throw new HarvestRefusal('Sumber OAI-PMH tidak menjawab Identify.');
      granularityDays = textOf(oaiChild(id, 'granularity')) === 'YYYY-MM-DD';
      const formats = await call({ verb: 'ListMetadataFormats' }, 'ListMetadataFormats');
      const offered = oaiChildren(oaiChild(formats.root, 'ListMetadataFormats'), 'metadataFormat').map((f) => textOf(oaiChild(f, 'metadataPrefix')) ?? '');
      const chosen = PREFIXES[preferred].find((p) => offered.includes(p))
        ?? offered.find((p) => Object.values(NS_OF_PREFIX).includes(
          textOf(oaiChild(oaiChildren(oaiChild(formats.root, 'ListMetadataFormats'), 'metadataFormat').find((f) => textOf(oaiChild(f, 'metadataPrefix')) === p), 'metadataNamespace')) ?? '',
        ));
      if (!chosen) throw new HarvestRefusal(`Sumber OAI-PMH tidak menawarkan iso19139, iso19115-3 atau oai_dc (metadataPrefix: ${offered.join(', ')}).`);
      prefix = chosen;
      return { recordForm: prefix, incremental: true };
    },
    async *pages(opts: ListingOptions) {
      const first: Record<string, string> = { verb: 'ListRecords', metadataPrefix: prefix };
      if (o.constraint?.trim()) first.set = o.constraint.trim();
      if (opts.since) first.from = granularityDays ? opts.since.toISOString().slice(0, 10) : opts.since.toISOString().replace(/\.\d{3}Z$/, 'Z');
      let params = first;
      const tokens = new Set<string>();
      for (let n = 1; ; n++) {
        const { root, bytes } = await call(params, `ListRecords halaman ${n}`);
        const error = oaiChild(root, 'error');
        if (error) {
          if (error.getAttribute('code') === 'noRecordsMatch') return;
          throw new PagingError(`ListRecords halaman ${n}: ${error.getAttribute('code')}: ${textOf(error) ?? ''}`);
        }
        const list = oaiChild(root, 'ListRecords');
        if (!list) throw new PagingError(`ListRecords halaman ${n}: tanpa elemen ListRecords`);
        const page: ListedPage = { items: [], bytes, broken: [] };
        for (const rec of oaiChildren(list, 'record')) {
          const header = oaiChild(rec, 'header');
          const identifier = textOf(oaiChild(header, 'identifier'));
          const modified = textOf(oaiChild(header, 'datestamp'));
          if (!identifier) {
            page.broken.push({ identifier: null, reason: `rekaman tanpa oai:identifier (halaman ${n})` });
            continue;
          }
          if (header?.getAttribute('status') === 'deleted') {
            page.items.push({ identifier, modified, hash: '', deleted: true });
            continue;
          }
          const meta = childElements(oaiChild(rec, 'metadata') ?? header!)[0];
          if (!meta || !oaiChild(rec, 'metadata')) {
            page.broken.push({ identifier, reason: 'rekaman tanpa metadata' });
            continue;
          }
          const element = meta.localName === 'dc' ? dcAsCswRecord(meta) : meta;
          // the record keeps its own (ISO / dc) identifier; the OAI identifier is kept beside it
          const own = recordIdentity(element).identifier;
          page.items.push({ identifier: own ?? identifier, sourceIdentifier: identifier, modified, hash: hashElement(meta), element });
        }
        const token = oaiChild(list, 'resumptionToken');
        const size = Number(token?.getAttribute('completeListSize') ?? 'NaN');
        if (Number.isFinite(size) && matched === null) matched = size;
        yield page;
        const next = textOf(token);
        if (!next) return;
        if (tokens.has(next)) throw new PagingError(`resumptionToken "${next.slice(0, 60)}" berulang: paging dihentikan`);
        tokens.add(next);
        params = { verb: 'ListRecords', resumptionToken: next };
      }
    },
  };
}
