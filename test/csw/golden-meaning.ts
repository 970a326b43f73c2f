import { DOMParser, type Document, type Element } from '@xmldom/xmldom';

/**
 * What a CSW answer means, as the golden suite compares it: the root, the exception code and
 * locator, the counts, nextRecord, the identifiers in order and the element names of the
 * records. Timestamps, pretty printing, prefixes and attribute order play no part.
 */
export interface CswMeaning {
  /** local name of the root element, or 'non-xml' */
  root: string;
  exception?: { code: string; locator?: string };
  /** GetRecordsResponse */
  results?: { matched: number; returned: number; next: number; recordSchema?: string; elementSet?: string };
  /** the records' local names in order (csw:SummaryRecord, gmd:MD_Metadata …) */
  recordNames?: string[];
  /** the identifiers of the records in order */
  ids?: string[];
  /** per record, the names of its direct children (prefix:local, by namespace) */
  childNames?: string[][];
  /** DescribeRecordResponse: the targetNamespace of each SchemaComponent */
  schemaComponents?: string[];
  /** GetDomainResponse: the values listed */
  domainValues?: string[];
  /** Capabilities: the sections present */
  sections?: string[];
}

const NS_PREFIX: Record<string, string> = {
  'http://www.opengis.net/cat/csw/2.0.2': 'csw',
  'http://purl.org/dc/elements/1.1/': 'dc',
  'http://purl.org/dc/terms/': 'dct',
  'http://www.opengis.net/ows': 'ows',
  'http://www.isotc211.org/2005/gmd': 'gmd',
  'http://standards.iso.org/iso/19115/-3/mdb/2.0': 'mdb',
  'http://standards.iso.org/iso/19115/-3/mdb/1.0': 'mdb1',
  'http://www.w3.org/2005/Atom': 'atom',
};

const qn = (e: Element): string => `${NS_PREFIX[e.namespaceURI ?? ''] ?? e.namespaceURI ?? ''}:${e.localName}`;

export function elementChildren(e: Element): Element[] {
  const out: Element[] = [];
  for (let n = e.firstChild; n; n = n.nextSibling) if (n.nodeType === 1) out.push(n as Element);
  return out;
}

function firstDescendant(e: Element, ns: string, local: string): Element | undefined {
  return Array.from(e.getElementsByTagNameNS(ns, local))[0] as Element | undefined;
}

const text = (e: Element | undefined): string => (e?.textContent ?? '').trim();

/** The identifier of one record in any of the output schemas. */
export function recordIdentifier(rec: Element): string {
  switch (rec.namespaceURI) {
    case 'http://www.opengis.net/cat/csw/2.0.2': {
      const id = elementChildren(rec).find((c) => c.localName === 'identifier' && c.namespaceURI === 'http://purl.org/dc/elements/1.1/');
      return text(id);
    }
    case 'http://www.isotc211.org/2005/gmd':
    case 'http://www.isotc211.org/2005/gmi': {
      const fid = elementChildren(rec).find((c) => c.localName === 'fileIdentifier');
      return text(fid);
    }
    case 'http://standards.iso.org/iso/19115/-3/mdb/2.0':
    case 'http://standards.iso.org/iso/19115/-3/mdb/1.0': {
      const mid = elementChildren(rec).find((c) => c.localName === 'metadataIdentifier');
      const code = mid && firstDescendant(mid, '*', 'code');
      return text(code);
    }
    case 'http://www.w3.org/2005/Atom': {
      return text(elementChildren(rec).find((c) => c.localName === 'id'));
    }
    default:
      return '';
  }
}

export function parseXml(xml: string): Document | undefined {
  if (!xml.trimStart().startsWith('<')) return undefined;
  try {
    const doc = new DOMParser({ onError: (level, msg) => { if (level !== 'warning') throw new Error(msg); } }).parseFromString(xml, 'application/xml');
    return doc.documentElement ? doc : undefined;
  } catch {
    return undefined;
  }
}

function records(holder: Element): Pick<CswMeaning, 'recordNames' | 'ids' | 'childNames'> {
  const recs = elementChildren(holder);
  return {
    recordNames: recs.map(qn),
    ids: recs.map(recordIdentifier),
    childNames: recs.map((r) => [...new Set(elementChildren(r).map(qn))].sort()),
  };
}

export function meaningOf(xml: string): CswMeaning {
  const doc = parseXml(xml);
  if (!doc) return { root: 'non-xml' };
  const root = doc.documentElement!;
  const m: CswMeaning = { root: root.localName ?? '' };
  switch (root.localName) {
    case 'ExceptionReport': {
      const ex = firstDescendant(root, '*', 'Exception');
      if (ex) m.exception = { code: ex.getAttribute('exceptionCode') ?? '', ...(ex.getAttribute('locator') ? { locator: ex.getAttribute('locator')! } : {}) };
      break;
    }
    case 'GetRecordsResponse': {
      const sr = firstDescendant(root, 'http://www.opengis.net/cat/csw/2.0.2', 'SearchResults');
      if (sr) {
        m.results = {
          matched: Number(sr.getAttribute('numberOfRecordsMatched')),
          returned: Number(sr.getAttribute('numberOfRecordsReturned')),
          next: Number(sr.getAttribute('nextRecord')),
          ...(sr.getAttribute('recordSchema') ? { recordSchema: sr.getAttribute('recordSchema')! } : {}),
          ...(sr.getAttribute('elementSet') ? { elementSet: sr.getAttribute('elementSet')! } : {}),
        };
        Object.assign(m, records(sr));
      }
      break;
    }
    case 'GetRecordByIdResponse':
      Object.assign(m, records(root));
      break;
    case 'DescribeRecordResponse':
      m.schemaComponents = elementChildren(root).map((c) => c.getAttribute('targetNamespace') ?? '');
      break;
    case 'GetDomainResponse':
      m.domainValues = Array.from(root.getElementsByTagNameNS('*', 'Value')).map((v) => text(v as Element));
      break;
    case 'Capabilities':
      m.sections = elementChildren(root).map((c) => c.localName ?? '');
      break;
  }
  return m;
}
