import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CSW_SCHEMAS_DIR } from './test-data';

/**
 * XSD validation for tests with Debian's xmllint against the official schemas in
 * test/data/csw-suites/schemas (CSW_SCHEMAS_DIR).
 * xmllint compiles the schema on every call (seconds for ISO), so validateXsdMany checks many
 * documents in one run; --nonet plus the XML catalog keeps everything offline.
 */
const CATALOG = path.join(CSW_SCHEMAS_DIR, 'catalog.xml');
const ISO3 = path.join(CSW_SCHEMAS_DIR, 'iso19115-3/standards.iso.org/iso/19115/-3');

export type XsdSchema = 'gmd' | 'gmd-gmx' | 'gmi' | 'mdb2016' | 'mdb2018' | 'mdb2018-mex' | 'csw-record' | 'csw-discovery' | 'ows-exception';

/**
 * ISO 19139: the ISO AP 1.0 wrapper, which is gmd.xsd plus the srv namespace, so that
 * service records written with srv:SV_ServiceIdentification (the apiso samples) validate too.
 * ISO 19115-3: mdb.xsd alone imports only the core modules; the documents use elements of
 * every module (mrd, mrl, mdq, mco, …), whose declarations a validator only sees when they
 * are part of the schema set. mds.xsd of the same set is ISO's "all modules" entry point; it
 * imports mdb.xsd, so the root element is still checked against mdb.
 */
export const XSD_FILES: Record<XsdSchema, string> = {
  gmd: path.join(CSW_SCHEMAS_DIR, 'ogc/csw/2.0.2/profiles/apiso/1.0.0/apiso.xsd'),
  // ISO 19139 with gmx (Anchor, FileName, MimeFileType) too: the wrapper in CSW_SCHEMAS_DIR
  'gmd-gmx': path.join(CSW_SCHEMAS_DIR, 'iso19139-gmx.xsd'),
  // ISO 19115-2 (gmi/1.0 namespace; a 2005-namespace gmi document is checked with its root's
  // namespace renamed, the content models being the same)
  gmi: path.join(CSW_SCHEMAS_DIR, 'iso19115-3/standards.iso.org/iso/19115/-2/gmi/1.0/gmi.xsd'),
  mdb2016: path.join(ISO3, 'mds/1.0/mds.xsd'),
  mdb2018: path.join(ISO3, 'mds/2.0/mds.xsd'),
  // the same with the metadata extension module (mex), which mds.xsd leaves out
  'mdb2018-mex': path.join(CSW_SCHEMAS_DIR, 'iso19115-3-mex-2018.xsd'),
  'csw-record': path.join(CSW_SCHEMAS_DIR, 'ogc/csw/2.0.2/record.xsd'),
  'csw-discovery': path.join(CSW_SCHEMAS_DIR, 'ogc/csw/2.0.2/CSW-discovery.xsd'),
  'ows-exception': path.join(CSW_SCHEMAS_DIR, 'ogc/ows/1.0.0/owsExceptionReport.xsd'),
};

export interface XsdResult {
  valid: boolean;
  errors: string;
}

/** Validates one document. */
export function validateXsd(xml: string, schema: XsdSchema): XsdResult {
  const [r] = validateXsdMany([xml], schema);
  return r as XsdResult;
}

/** Validates many documents against one schema in a single xmllint run; results in input order. */
export function validateXsdMany(xmls: readonly string[], schema: XsdSchema): XsdResult[] {
  if (xmls.length === 0) return [];
  const dir = mkdtempSync(path.join(tmpdir(), 'gk-xsd-'));
  try {
    const files = xmls.map((xml, i) => {
      const f = path.join(dir, `doc-${i}.xml`);
      writeFileSync(f, xml);
      return f;
    });
    const res = spawnSync('xmllint', ['--noout', '--nonet', '--schema', XSD_FILES[schema], ...files], {
      env: { ...process.env, XML_CATALOG_FILES: CATALOG },
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    if (res.error) throw res.error;
    const out = `${res.stderr ?? ''}${res.stdout ?? ''}`;
    // a schema that does not compile is a broken test setup, never "invalid documents"
    if (/failed to compile|WXS schema .* failed/i.test(out)) throw new Error(`XSD ${schema} tidak dapat dikompilasi:\n${out.slice(0, 4000)}`);
    const lines = out.split('\n');
    return files.map((f) => {
      const mine = lines.filter((l) => l.startsWith(`${f}:`) || l.startsWith(`${f} `));
      const valid = mine.some((l) => l === `${f} validates`);
      const errors = mine.filter((l) => l !== `${f} validates`).join('\n').split(dir).join('');
      return { valid, errors };
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
