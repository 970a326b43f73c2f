import type { Element } from '@xmldom/xmldom';
import type { Express } from 'express';
import request from 'supertest';
import { checkOaiStructure, childElements, OAI_NS, parseOai } from './oai-structure';

/** One OAI-PMH answer, read: the structural check already applied (it throws on a violation). */
export interface OaiAnswer {
  status: number;
  contentType: string;
  xml: string;
  root: Element;
  /** error codes, in order */
  errors: string[];
  /** the verb element (undefined for errors) */
  verbElement: Element | undefined;
  records: OaiRecordRead[];
  token: { value: string; completeListSize: string | null; cursor: string | null; expirationDate: string | null } | undefined;
  /** the request echo's attributes */
  requestAttrs: Record<string, string>;
}

export interface OaiRecordRead {
  /** the OAI identifier */
  id: string;
  /** the record's fileIdentifier: the identifier's local part, decoded */
  recordId: string;
  datestamp: string;
  deleted: boolean;
  setSpecs: string[];
  /** the element inside <metadata>, if any */
  metadata: Element | undefined;
}

const oai = (e: Element, name: string): Element[] => childElements(e).filter((c) => c.namespaceURI === OAI_NS && c.localName === name);

/** `oai:{repositoryIdentifier}:{local}` → the decoded local part */
export const localOf = (identifier: string): string => {
  const m = /^oai:[^:]+:(.+)$/.exec(identifier);
  if (!m) throw new Error(`not an oai-identifier: ${identifier}`);
  return decodeURIComponent(m[1]!);
};

function readHeader(h: Element): Omit<OaiRecordRead, 'metadata'> {
  const id = oai(h, 'identifier')[0]?.textContent ?? '';
  return {
    id,
    recordId: localOf(id),
    datestamp: oai(h, 'datestamp')[0]?.textContent ?? '',
    deleted: h.getAttribute('status') === 'deleted',
    setSpecs: oai(h, 'setSpec').map((s) => s.textContent ?? ''),
  };
}

export function readOai(status: number, contentType: string, xml: string): OaiAnswer {
  const problems = checkOaiStructure(xml);
  if (problems.length) throw new Error(`OAI-PMH response breaks the schema rules:\n${problems.join('\n')}\n${xml.slice(0, 2000)}`);
  const root = parseOai(xml).documentElement!;
  const kids = childElements(root);
  const errors = kids.filter((k) => k.localName === 'error').map((k) => k.getAttribute('code') ?? '');
  const verbElement = errors.length ? undefined : kids[2];
  const records: OaiRecordRead[] = [];
  if (verbElement) {
    for (const r of oai(verbElement, 'record')) {
      const meta = oai(r, 'metadata')[0];
      records.push({ ...readHeader(oai(r, 'header')[0]!), metadata: meta ? childElements(meta)[0] : undefined });
    }
    for (const h of oai(verbElement, 'header')) records.push({ ...readHeader(h), metadata: undefined });
  }
  const t = verbElement ? oai(verbElement, 'resumptionToken')[0] : undefined;
  const req = kids[1]!;
  const requestAttrs: Record<string, string> = {};
  for (let i = 0; i < req.attributes.length; i += 1) requestAttrs[req.attributes.item(i)!.name] = req.attributes.item(i)!.value;
  return {
    status, contentType, xml, root, errors, verbElement, records, requestAttrs,
    token: t && { value: t.textContent ?? '', completeListSize: t.getAttribute('completeListSize'), cursor: t.getAttribute('cursor'), expirationDate: t.getAttribute('expirationDate') },
  };
}

/** GET /oai with the given arguments (pairs, so a test can repeat one). */
export async function oaiGet(app: Express, args: Record<string, string> | [string, string][]): Promise<OaiAnswer> {
  const qs = new URLSearchParams(Array.isArray(args) ? args : Object.entries(args)).toString();
  const res = await request(app).get(`/oai${qs ? `?${qs}` : ''}`).buffer(true).parse((r, cb) => {
    let data = '';
    r.setEncoding('utf8');
    r.on('data', (c: string) => { data += c; });
    r.on('end', () => cb(null, data));
  });
  return readOai(res.status, String(res.headers['content-type']), res.body as string);
}

/** POST /oai with a form body. */
export async function oaiPost(app: Express, body: string, contentType = 'application/x-www-form-urlencoded'): Promise<OaiAnswer> {
  const res = await request(app).post('/oai').set('Content-Type', contentType).send(body).buffer(true).parse((r, cb) => {
    let data = '';
    r.setEncoding('utf8');
    r.on('data', (c: string) => { data += c; });
    r.on('end', () => cb(null, data));
  });
  return readOai(res.status, String(res.headers['content-type']), res.body as string);
}

/** Every record of a ListRecords / ListIdentifiers harvest, following resumption tokens. */
export async function harvestAll(app: Express, args: Record<string, string>, verb: 'ListRecords' | 'ListIdentifiers' = 'ListRecords'): Promise<{ records: OaiRecordRead[]; pages: OaiAnswer[] }> {
  const pages: OaiAnswer[] = [];
  let answer = await oaiGet(app, { verb, ...args });
  pages.push(answer);
  if (answer.errors.length) return { records: [], pages };
  const records = [...answer.records];
  for (let guard = 0; answer.token?.value && guard < 1000; guard += 1) {
    answer = await oaiGet(app, { verb, resumptionToken: answer.token.value });
    if (answer.errors.length) throw new Error(`harvest stopped: ${answer.errors.join(', ')}`);
    pages.push(answer);
    records.push(...answer.records);
  }
  return { records, pages };
}
