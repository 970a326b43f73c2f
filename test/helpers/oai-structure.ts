import { DOMParser, type Document, type Element } from '@xmldom/xmldom';

/**
 * A structural check of OAI-PMH 2.0 responses, rule by rule from the protocol's schema
 * (OAI-PMH.xsd, protocol section 4): element order and cardinality, the patterns of
 * datestamps, setSpecs, metadataPrefixes and e-mail addresses, the error code list. The
 * official XSD is not on this machine and has no licence stated that lets us copy it, so the
 * tests check these rules directly. Returns the list of violations (empty = valid).
 */

export const OAI_NS = 'http://www.openarchives.org/OAI/2.0/';
const UTC_DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;
const UTC_DAY_OR_SECONDS = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2}Z)?$/;
const SET_SPEC = /^([A-Za-z0-9\-_.!~*'()])+(:[A-Za-z0-9\-_.!~*'()]+)*$/;
const PREFIX = /^[A-Za-z0-9\-_.!~*'()]+$/;
const EMAIL = /^\S+@(\S+\.)+\S+$/;
const ERROR_CODES = ['cannotDisseminateFormat', 'idDoesNotExist', 'badArgument', 'badVerb', 'noMetadataFormats', 'noRecordsMatch', 'badResumptionToken', 'noSetHierarchy'];
const REQUEST_ATTRS = ['verb', 'identifier', 'metadataPrefix', 'from', 'until', 'set', 'resumptionToken'];

export const childElements = (e: Element): Element[] => {
  const out: Element[] = [];
  for (let n = e.firstChild; n; n = n.nextSibling) if (n.nodeType === 1) out.push(n as Element);
  return out;
};
const text = (e: Element | undefined): string => (e?.textContent ?? '').trim();

export function parseOai(xml: string): Document {
  return new DOMParser({ onError: (level: string, msg: string) => { if (level !== 'warning') throw new Error(`${level}: ${msg}`); } })
    .parseFromString(xml, 'text/xml');
}

export function checkOaiStructure(xml: string): string[] {
  const problems: string[] = [];
  const fail = (m: string) => problems.push(m);
  const doc = parseOai(xml);
  const root = doc.documentElement!;
  if (root.namespaceURI !== OAI_NS || root.localName !== 'OAI-PMH') return [`root is {${root.namespaceURI}}${root.localName}`];
  const kids = childElements(root);
  for (const k of kids) if (k.namespaceURI !== OAI_NS) fail(`child in namespace ${k.namespaceURI}`);
  const names = kids.map((k) => k.localName);
  if (names[0] !== 'responseDate' || !UTC_DATETIME.test(text(kids[0]))) fail(`responseDate: ${names[0]} ${text(kids[0])}`);
  if (names[1] !== 'request') fail('request missing');
  else {
    const req = kids[1]!;
    for (let i = 0; i < req.attributes.length; i += 1) {
      const a = req.attributes.item(i)!;
      if (!REQUEST_ATTRS.includes(a.name)) fail(`request attribute ${a.name}`);
    }
    if (!/^https?:\/\//.test(text(req))) fail('request text is not the base URL');
  }
  const rest = kids.slice(2);
  if (rest.length === 0) fail('no verb element or error');
  else if (rest[0]!.localName === 'error') {
    for (const e of rest) {
      if (e.localName !== 'error') fail(`${e.localName} after error`);
      if (!ERROR_CODES.includes(e.getAttribute('code') ?? '')) fail(`error code ${e.getAttribute('code')}`);
    }
  } else if (rest.length !== 1) fail(`${rest.length} elements after request`);
  else checkVerb(rest[0]!, fail);
  return problems;
}

function expectSequence(e: Element, spec: [string, number, number][], fail: (m: string) => void): Element[][] {
  const kids = childElements(e);
  const groups: Element[][] = [];
  let i = 0;
  for (const [name, min, max] of spec) {
    const group: Element[] = [];
    while (i < kids.length && kids[i]!.localName === name && group.length < max) group.push(kids[i++]!);
    if (group.length < min) fail(`${e.localName}: expected ≥ ${min} ${name}, got ${group.length}`);
    groups.push(group);
  }
  if (i < kids.length) fail(`${e.localName}: unexpected ${kids[i]!.localName}`);
  return groups;
}

const MANY = Number.POSITIVE_INFINITY;

function checkHeader(h: Element, fail: (m: string) => void): void {
  const status = h.getAttribute('status');
  if (status !== null && status !== 'deleted') fail(`header status ${status}`);
  const [, datestamp, specs] = expectSequence(h, [['identifier', 1, 1], ['datestamp', 1, 1], ['setSpec', 0, MANY]], fail);
  if (datestamp?.[0] && !UTC_DAY_OR_SECONDS.test(text(datestamp[0]))) fail(`datestamp ${text(datestamp[0])}`);
  for (const s of specs ?? []) if (!SET_SPEC.test(text(s))) fail(`setSpec ${text(s)}`);
}

function checkRecord(r: Element, fail: (m: string) => void): void {
  const [header, metadata] = expectSequence(r, [['header', 1, 1], ['metadata', 0, 1], ['about', 0, MANY]], fail);
  if (header?.[0]) checkHeader(header[0], fail);
  const m = metadata?.[0];
  if (m) {
    const inner = childElements(m);
    if (inner.length !== 1) fail(`metadata has ${inner.length} element children`);
    else if (inner[0]!.namespaceURI === OAI_NS) fail('metadata content in the OAI namespace');
  }
  if (m && header?.[0]?.getAttribute('status') === 'deleted') fail('deleted record with metadata');
}

function checkToken(t: Element | undefined, fail: (m: string) => void): void {
  if (!t) return;
  const exp = t.getAttribute('expirationDate');
  if (exp !== null && exp !== '' && !UTC_DATETIME.test(exp)) fail(`expirationDate ${exp}`);
  const size = t.getAttribute('completeListSize');
  if (size !== null && !/^[1-9]\d*$/.test(size)) fail(`completeListSize ${size}`);
  const cursor = t.getAttribute('cursor');
  if (cursor !== null && !/^\d+$/.test(cursor)) fail(`cursor ${cursor}`);
}

function checkVerb(v: Element, fail: (m: string) => void): void {
  switch (v.localName) {
    case 'Identify': {
      const g = expectSequence(v, [['repositoryName', 1, 1], ['baseURL', 1, 1], ['protocolVersion', 1, 1], ['adminEmail', 1, MANY],
        ['earliestDatestamp', 1, 1], ['deletedRecord', 1, 1], ['granularity', 1, 1], ['compression', 0, MANY], ['description', 0, MANY]], fail);
      if (text(g[2]?.[0]) !== '2.0') fail('protocolVersion');
      for (const m of g[3] ?? []) if (!EMAIL.test(text(m))) fail(`adminEmail ${text(m)}`);
      if (!UTC_DAY_OR_SECONDS.test(text(g[4]?.[0]))) fail('earliestDatestamp');
      if (!['no', 'persistent', 'transient'].includes(text(g[5]?.[0]))) fail('deletedRecord');
      if (!['YYYY-MM-DD', 'YYYY-MM-DDThh:mm:ssZ'].includes(text(g[6]?.[0]))) fail('granularity');
      break;
    }
    case 'ListMetadataFormats':
      for (const f of expectSequence(v, [['metadataFormat', 1, MANY]], fail)[0] ?? []) {
        const g = expectSequence(f, [['metadataPrefix', 1, 1], ['schema', 1, 1], ['metadataNamespace', 1, 1]], fail);
        if (!PREFIX.test(text(g[0]?.[0]))) fail(`metadataPrefix ${text(g[0]?.[0])}`);
      }
      break;
    case 'ListSets': {
      const [sets, token] = expectSequence(v, [['set', 1, MANY], ['resumptionToken', 0, 1]], fail);
      for (const s of sets ?? []) {
        const g = expectSequence(s, [['setSpec', 1, 1], ['setName', 1, 1], ['setDescription', 0, MANY]], fail);
        if (!SET_SPEC.test(text(g[0]?.[0]))) fail(`setSpec ${text(g[0]?.[0])}`);
      }
      checkToken(token?.[0], fail);
      break;
    }
    case 'GetRecord':
      for (const r of expectSequence(v, [['record', 1, 1]], fail)[0] ?? []) checkRecord(r, fail);
      break;
    case 'ListRecords': {
      const [records, token] = expectSequence(v, [['record', 1, MANY], ['resumptionToken', 0, 1]], fail);
      for (const r of records ?? []) checkRecord(r, fail);
      checkToken(token?.[0], fail);
      break;
    }
    case 'ListIdentifiers': {
      const [headers, token] = expectSequence(v, [['header', 1, MANY], ['resumptionToken', 0, 1]], fail);
      for (const h of headers ?? []) checkHeader(h, fail);
      checkToken(token?.[0], fail);
      break;
    }
    default:
      fail(`unknown verb element ${v.localName}`);
  }
}
