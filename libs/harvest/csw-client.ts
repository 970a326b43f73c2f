import { XMLSerializer, type Element } from '@xmldom/xmldom';
import { childElements } from '../import/dom';
import { NS } from '../import/namespaces';
import { parseXmlSafely, XmlInputError } from '../xml/safe-parse';
import { IDENTITY_DEPTH, RecordCutter } from './raw-records';
import { scanXml, type NsScope, type StartTag } from './xml-scan';
import type { RecordForm } from './harvest.types';
import {
  HarvestRefusal, PagingError, textOf, type HttpClient, type ListedPage, type ListingOptions, type PrepareResult, type ProtocolClient,
} from './protocol-client';

/**
 * CSW 2.0.2 source: GetCapabilities first (GetRecords must be offered; the output schema is the
 * preferred ISO form if offered, else the other ISO form, else csw:Record), then GetRecords
 * pages with `ElementSetName=full` in that schema — full records in the listing itself, never one
 * GetRecordById per record. POST XML when the source offers POST (a Filter or CQL constraint
 * travels as it is), else KVP GET. Incremental runs add `apiso:Modified >= since`.
 */
const OGC = 'http://www.opengis.net/ogc';
const OWS_NS = [NS.ows, NS.ows11];
/** a GetRecords page of 500 full ISO records is a few MB; 64 MB is far beyond any honest page */
export const MAX_PAGE_BYTES = 64 * 1024 * 1024;

const FORMS: Record<'gmd' | 'mdb' | 'dc', { schema: string; typeName: string; ns: string; label: string }> = {
  gmd: { schema: NS.gmd, typeName: 'gmd:MD_Metadata', ns: `xmlns:gmd="${NS.gmd}"`, label: 'iso19139' },
  mdb: { schema: NS.mdb2018, typeName: 'mdb:MD_Metadata', ns: `xmlns:mdb="${NS.mdb2018}"`, label: 'iso19115-3' },
  dc: { schema: NS.csw, typeName: 'csw:Record', ns: '', label: 'csw:Record (Dublin Core)' },
};

const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const owsChildren = (el: Element, local: string): Element[] =>
  childElements(el).filter((c) => OWS_NS.includes(c.namespaceURI as typeof NS.ows) && c.localName === local);

export function isFilterXml(constraint: string): boolean {
  return constraint.trimStart().startsWith('<');
}

/** The one child of an ogc:Filter given by the operator, serialised (checked when the source is saved). */
export function filterPredicate(constraint: string): string {
  const doc = parseXmlSafely(constraint, { maxBytes: 64 * 1024 });
  const root = doc.documentElement!;
  if (root.namespaceURI !== OGC || root.localName !== 'Filter') throw new XmlInputError('Batasan XML harus ogc:Filter (namespace http://www.opengis.net/ogc).', 'malformed');
  const kids = childElements(root);
  if (kids.length !== 1) throw new XmlInputError('ogc:Filter harus berisi tepat satu predikat.', 'malformed');
  return new XMLSerializer().serializeToString(kids[0]!);
}

/** the exception's text is the peer's to say and the operator's to read (log), not the report's */
const exceptionReport = (start: number, text: string[]): PagingError =>
  new PagingError(`halaman mulai ${start}: sumber menjawab ExceptionReport`, text.join('').replace(/\s+/g, ' ').trim().slice(0, 300));

export interface CswClientOptions {
  url: string;
  http: HttpClient;
  pageSize: number;
  constraint: string | null;
}

export function createCswClient(o: CswClientOptions): ProtocolClient {
  let form = FORMS.gmd;
  let post = true;
  let matched: number | null = null;

  function constraintXml(since: Date | undefined): string {
    const modified = since
      ? `<ogc:PropertyIsGreaterThanOrEqualTo><ogc:PropertyName>apiso:Modified</ogc:PropertyName><ogc:Literal>${since.toISOString()}</ogc:Literal></ogc:PropertyIsGreaterThanOrEqualTo>`
      : '';
    const c = o.constraint?.trim();
    if (c && !isFilterXml(c)) {
      const cql = since ? `(${c}) AND apiso:Modified >= '${since.toISOString()}'` : c;
      return `<csw:Constraint version="1.1.0"><csw:CqlText>${esc(cql)}</csw:CqlText></csw:Constraint>`;
    }
    const parts = [c ? filterPredicate(c) : '', modified].filter(Boolean);
    if (parts.length === 0) return '';
    const body = parts.length === 1 ? parts[0] : `<ogc:And>${parts.join('')}</ogc:And>`;
    return `<csw:Constraint version="1.1.0"><ogc:Filter xmlns:ogc="${OGC}" xmlns:apiso="http://www.opengis.net/cat/csw/apiso/1.0">${body}</ogc:Filter></csw:Constraint>`;
  }

  function request(start: number, since: Date | undefined): Parameters<HttpClient>[0] {
    if (post) {
      const body = `<?xml version="1.0" encoding="UTF-8"?>
<csw:GetRecords xmlns:csw="${NS.csw}" xmlns:ogc="${OGC}" ${form.ns} service="CSW" version="2.0.2" resultType="results" `
        + `outputSchema="${form.schema}" outputFormat="application/xml" startPosition="${start}" maxRecords="${o.pageSize}">`
        + `<csw:Query typeNames="${form.typeName}"><csw:ElementSetName>full</csw:ElementSetName>${constraintXml(since)}</csw:Query></csw:GetRecords>`;
      return { url: o.url, method: 'POST', body, contentType: 'application/xml' };
    }
    const u = new URL(o.url);
    const p = u.searchParams;
    p.set('service', 'CSW'); p.set('version', '2.0.2'); p.set('request', 'GetRecords'); p.set('resultType', 'results');
    p.set('typeNames', form.typeName); p.set('outputSchema', form.schema); p.set('elementSetName', 'full');
    p.set('startPosition', String(start)); p.set('maxRecords', String(o.pageSize));
    if (form.ns) p.set('namespace', `xmlns(${form.typeName.split(':')[0]}=${form.schema})`);
    const c = o.constraint?.trim();
    if (c || since) {
      const cql = [c && !isFilterXml(c) ? `(${c})` : '', since ? `apiso:Modified >= '${since.toISOString()}'` : ''].filter(Boolean).join(' AND ');
      if (c && isFilterXml(c)) throw new HarvestRefusal('Sumber tidak menawarkan GetRecords lewat POST; batasan ogc:Filter tidak dapat dikirim lewat GET.');
      p.set('constraintLanguage', 'CQL_TEXT'); p.set('constraint_language_version', '1.1.0'); p.set('constraint', cql);
    }
    return { url: u.toString(), method: 'GET' };
  }

  /**
   * One GetRecords page, scanned without a DOM (xml-scan.ts): each record's raw text is hashed
   * and its identifier read on the way; the record is parsed only if the run finds it changed.
   */
  function parsePage(text: string, start: number): { page: Omit<ListedPage, 'bytes'>; next: number } {
    let root: StartTag | undefined;
    let results = false;
    let resultsSeen = false;
    let next = 0;
    let cutter: RecordCutter | undefined;
    let resultsScope: NsScope | undefined;
    const rootText: string[] = [];
    const items: ListedPage['items'] = [];
    const broken: ListedPage['broken'] = [];
    try {
      scanXml(text, {
        onStart(t) {
          if (t.depth === 0) root = t;
          else if (t.depth === 1 && !resultsSeen && t.ns === NS.csw && t.local === 'SearchResults' && root?.ns === NS.csw && root.local === 'GetRecordsResponse') {
            results = true;
            resultsSeen = true;
            resultsScope = t.scope;
            const m = Number(t.attrs!.numberOfRecordsMatched);
            if (t.attrs!.numberOfRecordsMatched !== undefined && Number.isFinite(m) && matched === null) matched = m;
            const n = Number(t.attrs!.nextRecord ?? '0');
            next = Number.isFinite(n) ? n : 0;
          } else if (t.depth === 2 && results) cutter = new RecordCutter(t, resultsScope!);
          else cutter?.start(t);
        },
        onText(depth, s) {
          if (root?.local === 'ExceptionReport') rootText.push(s);
          cutter?.text(s);
        },
        onEnd(depth, end) {
          if (depth === 1) results = false;
          if (!cutter) return;
          if (depth > 2) return cutter.end();
          const rec = cutter.finish(text, end);
          cutter = undefined;
          if (!rec.identifier) {
            broken.push({ identifier: null, reason: `rekaman ${rec.local} tanpa pengenal (halaman mulai ${start})` });
            return;
          }
          items.push({ identifier: rec.identifier, modified: rec.modified, hash: rec.hash, parse: rec.parse });
        },
      }, { nsDepth: 2 + IDENTITY_DEPTH });
    } catch (err) {
      if (root?.local === 'ExceptionReport' && root.ns !== NS.csw) throw exceptionReport(start, rootText);
      throw new PagingError(`halaman mulai ${start}: bukan jawaban CSW (XML tidak valid)`, (err as Error).message);
    }
    if (root!.local === 'ExceptionReport') throw exceptionReport(start, rootText);
    if (root!.ns !== NS.csw || root!.local !== 'GetRecordsResponse') throw new PagingError(`halaman mulai ${start}: bukan jawaban CSW GetRecords`, `root ${root!.local}`);
    if (!resultsSeen) throw new PagingError(`halaman mulai ${start}: tanpa csw:SearchResults`);
    return { page: { items, broken }, next };
  }

  return {
    matched: () => matched,
    async prepare(preferred: RecordForm): Promise<PrepareResult> {
      const u = new URL(o.url);
      u.searchParams.set('service', 'CSW');
      u.searchParams.set('request', 'GetCapabilities');
      u.searchParams.set('acceptVersions', '2.0.2');
      const res = await o.http({ url: u.toString() });
      let root: Element;
      try {
        root = parseXmlSafely(res.text, { maxBytes: 8 * 1024 * 1024 }).documentElement!;
      } catch (err) {
        throw new HarvestRefusal('Sumber bukan CSW 2.0.2: jawaban GetCapabilities bukan XML yang valid.', (err as Error).message);
      }
      if (root.namespaceURI !== NS.csw || root.localName !== 'Capabilities') {
        throw new HarvestRefusal('Sumber bukan CSW 2.0.2: jawaban GetCapabilities bukan csw:Capabilities.', `root ${root.localName}`);
      }
      const opsMeta = owsChildren(root, 'OperationsMetadata')[0];
      const op = opsMeta && owsChildren(opsMeta, 'Operation').find((e) => e.getAttribute('name') === 'GetRecords');
      if (!op) throw new HarvestRefusal('Sumber CSW tidak menawarkan operasi GetRecords.');
      const http = owsChildren(op, 'DCP').flatMap((d) => owsChildren(d, 'HTTP'))[0];
      post = !http || owsChildren(http, 'Post').length > 0;
      const schemaParam = owsChildren(op, 'Parameter').find((p) => p.getAttribute('name') === 'outputSchema');
      const offered = schemaParam ? owsChildren(schemaParam, 'Value').map((v) => textOf(v) ?? '') : undefined;
      const order = preferred === 'iso19115-3' ? [FORMS.mdb, FORMS.gmd, FORMS.dc] : [FORMS.gmd, FORMS.mdb, FORMS.dc];
      const chosen = offered ? order.find((f) => offered.includes(f.schema)) : order[0];
      if (!chosen) throw new HarvestRefusal('Sumber CSW tidak menawarkan ISO 19139, ISO 19115-3 atau csw:Record.', `outputSchema ${offered!.join(', ').slice(0, 300)}`);
      form = chosen;
      return { recordForm: form.label, incremental: true };
    },
    async *pages(opts: ListingOptions) {
      let start = 1;
      let pending = o.http(request(start, opts.since));
      for (;;) {
        const res = await pending;
        const { page, next } = parsePage(res.text, start);
        const returned = page.items.length + page.broken.length;
        const last = next === 0 || (matched !== null && next > matched);
        const stop = last ? undefined
          : next <= start ? new PagingError(`nextRecord ${next} tidak maju dari ${start}: paging dihentikan`)
            : returned === 0 ? new PagingError(`halaman mulai ${start} kosong padahal nextRecord ${next}: paging dihentikan`) : undefined;
        if (!last && !stop) {
          // the next page is asked for while the run maps and writes this one: the source's work
          // and ours overlap (one request in flight per run, as before)
          pending = o.http(request(next, opts.since));
          pending.catch(() => undefined); // awaited on the next turn; no unhandled rejection meanwhile
        }
        yield { ...page, bytes: res.bytes };
        if (last) return;
        if (stop) throw stop;
        start = next;
      }
    },
  };
}
