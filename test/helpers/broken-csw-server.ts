import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small CSW 2.0.2 source under the test's control, on 127.0.0.1: GetCapabilities and
 * GetRecords (POST) over an in-memory list of ISO 19139 records, `pageSize` per page, with one
 * fault injectable at a given startPosition: a 500, malformed XML, a nextRecord that does not
 * advance, or an answer that never comes (held until the server closes).
 */
export type Fault = '500' | 'malformed' | 'stuck' | 'slow';

export interface BrokenCsw {
  url: string;
  /** the records served, in order: [identifier, XML] */
  records: [string, string][];
  fault: { atStart: number; kind: Fault } | undefined;
  /** GetCapabilities without GetRecords */
  noGetRecords: boolean;
  /** Authorization headers received */
  authHeaders: string[];
  /** delay of every GetRecords answer (ms) and the most requests seen in flight at once */
  delayMs: number;
  maxInFlight: number;
  getRecordsCalls: number;
  close(): Promise<void>;
}

export function isoRecord(id: string, title: string | null, stamp = '2024-01-01'): string {
  const t = title === null ? '' : `<gmd:title><gco:CharacterString>${title}</gco:CharacterString></gmd:title>`;
  return `<gmd:MD_Metadata xmlns:gmd="http://www.isotc211.org/2005/gmd" xmlns:gco="http://www.isotc211.org/2005/gco">`
    + `<gmd:fileIdentifier><gco:CharacterString>${id}</gco:CharacterString></gmd:fileIdentifier>`
    + `<gmd:dateStamp><gco:Date>${stamp}</gco:Date></gmd:dateStamp>`
    + `<gmd:identificationInfo><gmd:MD_DataIdentification><gmd:citation><gmd:CI_Citation>${t}</gmd:CI_Citation></gmd:citation>`
    + `<gmd:abstract><gco:CharacterString>Abstrak ${id}</gco:CharacterString></gmd:abstract></gmd:MD_DataIdentification></gmd:identificationInfo>`
    + `</gmd:MD_Metadata>`;
}

const CAPS = (withGetRecords: boolean): string => `<?xml version="1.0"?>
<csw:Capabilities xmlns:csw="http://www.opengis.net/cat/csw/2.0.2" xmlns:ows="http://www.opengis.net/ows" version="2.0.2">
<ows:OperationsMetadata>
${withGetRecords ? `<ows:Operation name="GetRecords"><ows:DCP><ows:HTTP><ows:Get xmlns:xlink="http://www.w3.org/1999/xlink" xlink:href="x"/><ows:Post xmlns:xlink="http://www.w3.org/1999/xlink" xlink:href="x"/></ows:HTTP></ows:DCP>
<ows:Parameter name="outputSchema"><ows:Value>http://www.opengis.net/cat/csw/2.0.2</ows:Value><ows:Value>http://www.isotc211.org/2005/gmd</ows:Value></ows:Parameter></ows:Operation>` : ''}
<ows:Operation name="GetRecordById"><ows:DCP><ows:HTTP><ows:Get xmlns:xlink="http://www.w3.org/1999/xlink" xlink:href="x"/></ows:HTTP></ows:DCP></ows:Operation>
</ows:OperationsMetadata></csw:Capabilities>`;

export async function startBrokenCsw(pageSize: number): Promise<BrokenCsw> {
  const held: http.ServerResponse[] = [];
  let inFlight = 0;
  const state: Omit<BrokenCsw, 'close' | 'url'> = {
    records: [], fault: undefined, noGetRecords: false, authHeaders: [], delayMs: 0, maxInFlight: 0, getRecordsCalls: 0,
  };
  const server = http.createServer((req, res) => {
    if (req.headers.authorization) state.authHeaders.push(req.headers.authorization);
    let body = '';
    req.on('data', (c: Buffer) => { body += c.toString(); });
    req.on('end', () => {
      if (req.method === 'GET') {
        res.writeHead(200, { 'content-type': 'application/xml' }).end(CAPS(!state.noGetRecords));
        return;
      }
      state.getRecordsCalls++;
      inFlight++;
      state.maxInFlight = Math.max(state.maxInFlight, inFlight);
      const start = Number(/startPosition="(\d+)"/.exec(body)?.[1] ?? '1');
      const answer = (): void => {
        inFlight--;
        const fault = state.fault?.atStart === start ? state.fault.kind : undefined;
        if (fault === '500') return void res.writeHead(500, { 'content-type': 'text/plain' }).end('kesalahan server');
        if (fault === 'malformed') return void res.writeHead(200, { 'content-type': 'application/xml' }).end('<csw:GetRecordsResponse><rusak');
        const page = state.records.slice(start - 1, start - 1 + pageSize);
        const after = start + page.length;
        const next = fault === 'stuck' ? start : after > state.records.length ? 0 : after;
        res.writeHead(200, { 'content-type': 'application/xml' }).end(`<?xml version="1.0"?>
<csw:GetRecordsResponse xmlns:csw="http://www.opengis.net/cat/csw/2.0.2" version="2.0.2"><csw:SearchStatus timestamp="2024-01-01T00:00:00Z"/>
<csw:SearchResults numberOfRecordsMatched="${state.records.length}" numberOfRecordsReturned="${page.length}" nextRecord="${next}" elementSet="full">
${page.map(([, xml]) => xml).join('\n')}
</csw:SearchResults></csw:GetRecordsResponse>`);
      };
      if (state.fault?.atStart === start && state.fault.kind === 'slow') {
        held.push(res);
        return;
      }
      if (state.delayMs > 0) setTimeout(answer, state.delayMs);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const out = state as BrokenCsw;
  out.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/csw`;
  out.close = async () => {
    for (const r of held) r.destroy();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return out;
}
