import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DOMParser, XMLSerializer, type Element } from '@xmldom/xmldom';
import { CSW_SCHEMAS_DIR } from './test-data';
import { validateXsdMany, type XsdResult, type XsdSchema } from './xsd';

/**
 * A GetRecords/GetRecordById response holding gmd or mdb records cannot be checked with
 * CSW-discovery.xsd alone (SearchResults validates foreign records strictly). This wrapper
 * imports CSW-discovery + ISO 19139 (2007-04-17 set, GML 3.2: the 2006 set's GML shares the
 * GML 3.1.1 namespace of Filter 1.1 and cannot be loaded beside it) + ISO 19115-3 mdb 2.0.
 * The renders themselves are validated against their own schemas by the render tests.
 */
export function validateWithIsoRecords(xmls: string[]): { valid: boolean; errors: string }[] {
  const dir = mkdtempSync(path.join(tmpdir(), 'gk-csw-xsd-'));
  try {
    const wrapper = path.join(dir, 'wrapper.xsd');
    const loc = (p: string): string => path.join(CSW_SCHEMAS_DIR, p);
    writeFileSync(
      wrapper,
      `<?xml version="1.0"?>
<xsd:schema xmlns:xsd="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:x-geokatalog:test-wrapper">
  <xsd:import namespace="http://www.opengis.net/cat/csw/2.0.2" schemaLocation="${loc('ogc/csw/2.0.2/CSW-discovery.xsd')}"/>
  <xsd:import namespace="http://www.isotc211.org/2005/gmd" schemaLocation="${loc('pycsw/plugins/profiles/apiso/schemas/ogc/iso/19139/20070417/gmd/gmd.xsd')}"/>
  <xsd:import namespace="http://standards.iso.org/iso/19115/-3/mdb/2.0" schemaLocation="${loc('iso19115-3/standards.iso.org/iso/19115/-3/mdb/2.0/mdb.xsd')}"/>
</xsd:schema>`,
    );
    const files = xmls.map((x, i) => {
      const f = path.join(dir, `doc-${i}.xml`);
      writeFileSync(f, x);
      return f;
    });
    const res = spawnSync('xmllint', ['--noout', '--nonet', '--schema', wrapper, ...files], {
      env: { ...process.env, XML_CATALOG_FILES: path.join(CSW_SCHEMAS_DIR, 'catalog.xml') },
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    const out = `${res.stderr ?? ''}${res.stdout ?? ''}`;
    if (/failed to compile/.test(out)) throw new Error(`wrapper XSD tidak dapat dikompilasi:\n${out.slice(0, 3000)}`);
    const lines = out.split('\n').filter((l) => !/parser warning/.test(l));
    return files.map((f) => {
      const mine = lines.filter((l) => l.startsWith(`${f}:`) || l.startsWith(`${f} `));
      return { valid: mine.includes(`${f} validates`), errors: mine.filter((l) => l !== `${f} validates`).join('\n') };
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const ISO_RECORD_SCHEMA: Record<string, XsdSchema> = {
  'http://www.isotc211.org/2005/gmd': 'gmd',
  'http://www.isotc211.org/2005/gmi': 'gmd',
  'http://standards.iso.org/iso/19115/-3/mdb/2.0': 'mdb2018',
  'http://standards.iso.org/iso/19115/-3/mdb/1.0': 'mdb2016',
};

/**
 * Validates whole CSW answers: the envelope (GetRecordsResponse, Capabilities, exception …)
 * with the CSW 2.0.2 / OWS schemas, and every ISO record inside it on its own, against its own
 * schema set: ISO 19139 records against the ISO AP 1.0 schemas (2006 set, whose GML shares
 * Filter 1.1's namespace, so it cannot be loaded beside CSW-discovery), ISO 19115-3 records
 * against the complete 19115-3 set (mds.xsd). Results in input order.
 */
export function validateCswResponses(xmls: readonly string[]): XsdResult[] {
  const envelopes: string[] = [];
  const records: { owner: number; schema: XsdSchema; xml: string }[] = [];
  xmls.forEach((xml, i) => {
    const doc = new DOMParser({ onError: () => undefined }).parseFromString(xml, 'application/xml');
    const root = doc.documentElement;
    const holders = !root ? [] : root.localName === 'GetRecordByIdResponse' ? [root] : Array.from(root.getElementsByTagNameNS('http://www.opengis.net/cat/csw/2.0.2', 'SearchResults'));
    let moved = false;
    for (const holder of holders) {
      for (let c = holder.firstChild; c; ) {
        const next = c.nextSibling;
        const schema = c.nodeType === 1 ? ISO_RECORD_SCHEMA[(c as Element).namespaceURI ?? ''] : undefined;
        if (schema) {
          records.push({ owner: i, schema, xml: new XMLSerializer().serializeToString(c) });
          holder.removeChild(c);
          moved = true;
        }
        c = next;
      }
    }
    envelopes.push(moved ? new XMLSerializer().serializeToString(doc) : xml);
  });
  const out: XsdResult[] = validateWithIsoRecords(envelopes).map((r) => ({ ...r }));
  for (const schema of new Set(records.map((r) => r.schema))) {
    const mine = records.filter((r) => r.schema === schema);
    validateXsdMany(mine.map((r) => r.xml), schema).forEach((res, k) => {
      if (res.valid) return;
      const target = out[mine[k]!.owner]!;
      target.valid = false;
      target.errors += `\n[${schema} record] ${res.errors}`;
    });
  }
  return out;
}
