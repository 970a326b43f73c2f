import type { Element } from '@xmldom/xmldom';
import { childElements } from '../import/dom';
import { parseXmlSafely } from '../xml/safe-parse';
import type { RecordForm } from './harvest.types';
import { IDENTITY_DEPTH, RecordCutter, type RawRecord } from './raw-records';
import { scanXml, type NsScope, type StartTag } from './xml-scan';
import {
  HarvestRefusal, PagingError, textOf, type HttpClient, type ListedPage, type ListingOptions, type PrepareResult, type ProtocolClient,
} from './protocol-client';

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

/** the error codes OAI-PMH 2.0 defines (section 3.6) */
const OAI_ERROR_CODES = new Set(['badArgument', 'badResumptionToken', 'badVerb', 'cannotDisseminateFormat', 'idDoesNotExist', 'noRecordsMatch', 'noMetadataFormats', 'noSetHierarchy']);

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

type ScannedRecord = { identifier: string | null; datestamp: string | null; deleted: boolean; metadata: boolean; raw?: RawRecord };

/** One scanned <record> → a listed item (or a broken entry), as the DOM version read it. */
function finishRecord(rec: ScannedRecord, page: Omit<ListedPage, 'bytes'>, n: number): void {
  const { identifier, datestamp: modified } = rec;
  if (!identifier) {
    page.broken.push({ identifier: null, reason: `rekaman tanpa oai:identifier (halaman ${n})` });
    return;
  }
  if (rec.deleted) {
    page.items.push({ identifier, modified, hash: '', deleted: true });
    return;
  }
  const raw = rec.raw;
  if (!rec.metadata || !raw) {
    page.broken.push({ identifier, reason: 'rekaman tanpa metadata' });
    return;
  }
  // the record keeps its own (ISO / dc) identifier; the OAI identifier is kept beside it
  page.items.push({
    identifier: raw.identifier ?? identifier,
    sourceIdentifier: identifier,
    modified,
    hash: raw.hash,
    parse: () => {
      const el = raw.parse();
      return el.localName === 'dc' ? dcAsCswRecord(el) : el;
    },
  });
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
      throw new PagingError(`${what}: bukan jawaban OAI-PMH (XML tidak valid)`, (err as Error).message);
    }
    if (root.namespaceURI !== OAI || root.localName !== 'OAI-PMH') throw new PagingError(`${what}: bukan jawaban OAI-PMH`, `root ${root.localName}`);
    return { root, bytes: res.bytes };
  }

  const fetchText = (params: Record<string, string>): ReturnType<HttpClient> => {
    const u = new URL(o.url);
    for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
    return o.http({ url: u.toString() });
  };

  /**
   * One ListRecords page, scanned without a DOM (xml-scan.ts): headers are read as text, each
   * record's metadata element is cut out raw and hashed; it is parsed only if it changed.
   */
  function scanListRecords(text: string, n: number): { page: Omit<ListedPage, 'bytes'>; token: string | null; error?: { code: string; text: string } } {
    const page: Omit<ListedPage, 'bytes'> = { items: [], broken: [] };
    let root: StartTag | undefined;
    let list = false;
    let listSeen = false;
    let error: { code: string; text: string } | undefined;
    let token: string | null = null;
    let capture: { depth: number; parts: string[]; done: (v: string) => void } | undefined;
    let rec: { identifier: string | null; datestamp: string | null; deleted: boolean; header: boolean; metadata: boolean; metaCount: number; inMeta: boolean; cutter?: RecordCutter; raw?: RawRecord; metaScope?: NsScope } | undefined;
    const isOai = (t: StartTag): boolean => t.ns === OAI;
    try {
      scanXml(text, {
        onStart(t) {
          if (t.depth === 0) {
            root = t;
            if (!isOai(t) || t.local !== 'OAI-PMH') throw new PagingError(`ListRecords halaman ${n}: bukan jawaban OAI-PMH`, `root ${t.local}`);
            return;
          }
          if (t.depth === 1) {
            if (isOai(t) && t.local === 'error' && !error) {
              const code = t.attrs!.code ?? '';
              capture = { depth: 1, parts: [], done: (v) => { error = { code, text: v }; } };
            } else if (isOai(t) && t.local === 'ListRecords' && !listSeen) {
              list = true;
              listSeen = true;
            }
            return;
          }
          if (!list) return;
          if (t.depth === 2) {
            if (isOai(t) && t.local === 'record') rec = { identifier: null, datestamp: null, deleted: false, header: false, metadata: false, metaCount: 0, inMeta: false };
            else if (isOai(t) && t.local === 'resumptionToken') {
              const size = Number(t.attrs!.completeListSize ?? 'NaN');
              if (Number.isFinite(size) && matched === null) matched = size;
              capture = { depth: 2, parts: [], done: (v) => { token = v.trim() || null; } };
            }
            return;
          }
          if (!rec) return;
          if (t.depth === 3) {
            if (isOai(t) && t.local === 'header' && !rec.header) {
              rec.header = true;
              rec.deleted = t.attrs!.status === 'deleted';
            } else if (isOai(t) && t.local === 'metadata' && !rec.metadata) {
              rec.metadata = true;
              rec.inMeta = !t.selfClosing;
              rec.metaScope = t.scope;
            }
            return;
          }
          if (t.depth === 4 && rec.header && !rec.metadata && isOai(t)) {
            const r = rec;
            if (t.local === 'identifier' && r.identifier === null) capture = { depth: 4, parts: [], done: (v) => { r.identifier = v.trim() || null; } };
            else if (t.local === 'datestamp' && r.datestamp === null) capture = { depth: 4, parts: [], done: (v) => { r.datestamp = v.trim() || null; } };
            return;
          }
          if (t.depth === 4 && rec.inMeta) {
            rec.metaCount++;
            if (rec.metaCount === 1) rec.cutter = new RecordCutter(t, rec.metaScope!);
            return;
          }
          if (rec.cutter && !rec.raw && rec.metaCount === 1) rec.cutter.start(t);
        },
        onText(depth, s) {
          if (capture && depth === capture.depth) capture.parts.push(s);
          else if (rec?.cutter && !rec.raw) rec.cutter.text(s);
        },
        onEnd(depth, end) {
          if (capture && depth === capture.depth) {
            capture.done(capture.parts.join(''));
            capture = undefined;
          }
          if (depth === 1) list = false;
          if (!rec) return;
          if (depth > 4 && rec.cutter && !rec.raw && rec.metaCount === 1) rec.cutter.end();
          else if (depth === 4 && rec.cutter && !rec.raw) rec.raw = rec.cutter.finish(text, end);
          else if (depth === 3) rec.inMeta = false;
          else if (depth === 2) {
            finishRecord(rec, page, n);
            rec = undefined;
          }
        },
      }, { nsDepth: 4 + IDENTITY_DEPTH });
    } catch (err) {
      if (err instanceof PagingError) throw err;
      throw new PagingError(`ListRecords halaman ${n}: bukan jawaban OAI-PMH (XML tidak valid)`, (err as Error).message);
    }
    if (error) return { page, token: null, error };
    if (!listSeen) throw new PagingError(`ListRecords halaman ${n}: tanpa elemen ListRecords`);
    void root;
    return { page, token };
  }

  return {
    matched: () => matched,
    async prepare(preferred: RecordForm): Promise<PrepareResult> {
      let identify;
      try {
        identify = await call({ verb: 'Identify' }, 'Identify');
      } catch (err) {
        throw new HarvestRefusal(`Sumber bukan OAI-PMH 2.0: ${(err as Error).message}`, (err as { detail?: string }).detail);
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
      if (!chosen) throw new HarvestRefusal('Sumber OAI-PMH tidak menawarkan iso19139, iso19115-3 atau oai_dc.', `metadataPrefix ${offered.join(', ').slice(0, 300)}`);
      prefix = chosen;
      return { recordForm: prefix, incremental: true };
    },
    async *pages(opts: ListingOptions) {
      const first: Record<string, string> = { verb: 'ListRecords', metadataPrefix: prefix };
      if (o.constraint?.trim()) first.set = o.constraint.trim();
      if (opts.since) first.from = granularityDays ? opts.since.toISOString().slice(0, 10) : opts.since.toISOString().replace(/\.\d{3}Z$/, 'Z');
      const tokens = new Set<string>();
      let pending = fetchText(first);
      for (let n = 1; ; n++) {
        const res = await pending;
        const { page, token, error } = scanListRecords(res.text, n);
        if (error) {
          if (error.code === 'noRecordsMatch') return;
          // the protocol's own codes say what to fix; anything else the peer wrote stays in the log
          const code = OAI_ERROR_CODES.has(error.code) ? error.code : 'galat OAI-PMH';
          throw new PagingError(`ListRecords halaman ${n}: sumber menjawab ${code}`, `${error.code}: ${error.text.slice(0, 300)}`);
        }
        const repeated = token !== null && tokens.has(token);
        if (token && !repeated) {
          tokens.add(token);
          // the next page is asked for while the run maps and writes this one
          pending = fetchText({ verb: 'ListRecords', resumptionToken: token });
          pending.catch(() => undefined);
        }
        yield { ...page, bytes: res.bytes };
        if (!token) return;
        if (repeated) throw new PagingError(`resumptionToken halaman ${n} berulang: paging dihentikan`, `token ${token.slice(0, 60)}`);
      }
    },
  };
}
