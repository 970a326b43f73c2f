import { validateXML } from 'xmllint-wasm';
import type { DocumentSchema, DocumentXsdReport, XsdFinding } from '../../catalogue/record-document';
import { defaultSchemasDir, entrySchemaFor, loadSchemaFiles, type SchemaFile } from './xsd-files';

/**
 * XSD validation of ISO documents with libxml2 compiled to WebAssembly (xmllint-wasm): no OS
 * package, no network (the schemas are in-memory files, see xsd-files.ts). Each call runs in its
 * own worker thread (the library starts one), so the event loop is never blocked; compiling the
 * ISO schema sets takes seconds, so callers hand over many documents at once — one xmllint run per
 * document schema in the batch.
 */

export type XsdReport = DocumentXsdReport;

export interface XsdInput { xml: string; schema: DocumentSchema }

export interface XsdValidator {
  validate(items: readonly XsdInput[]): Promise<XsdReport[]>;
}

/** ISO 19115-2 written in the 2005 gmi namespace has the content model of gmi/1.0, the only gmi XSD we have. */
const GMI_2005 = 'http://www.isotc211.org/2005/gmi';
const GMI_1 = 'http://standards.iso.org/iso/19115/-2/gmi/1.0';

/** At most this many findings per document (a broken document can yield thousands). */
const MAX_FINDINGS = 200;
/** wasm memory: the 19115-3 sets need more than the library's 32 MiB default. */
const MAX_MEMORY_PAGES = 16 * 1024; // 1 GiB ceiling, grown on demand

function toFindings(output: string, fileName: string): XsdFinding[] {
  const out: XsdFinding[] = [];
  for (const line of output.split('\n')) {
    if (!line.startsWith(`${fileName}:`)) continue;
    const m = /^[^:]+:(\d+):\s*(.*)$/.exec(line);
    out.push(m ? { line: Number(m[1]), message: (m[2] as string).trim() } : { line: null, message: line.slice(fileName.length + 1).trim() });
    if (out.length >= MAX_FINDINGS) break;
  }
  return out;
}

export function createXsdValidator(schemasDir: string = defaultSchemasDir()): XsdValidator {
  let files: SchemaFile[] | undefined;
  const schemaFiles = (): SchemaFile[] => (files ??= loadSchemaFiles(schemasDir));

  async function runGroup(entry: string, schema: DocumentSchema, xmls: string[]): Promise<XsdReport[]> {
    const all = schemaFiles();
    const entryFile = all.find((f) => f.fileName === entry);
    if (!entryFile) throw new Error(`XSD ${entry} tidak ada di ${schemasDir}`);
    const docs = xmls.map((xml, i) => ({
      fileName: `doc/${i}.xml`,
      contents: schema === 'iso19115-2' ? xml.split(GMI_2005).join(GMI_1) : xml.replace(/^\uFEFF/, ''),
    }));
    const result = await validateXML({
      xml: docs,
      schema: entryFile,
      preload: all.filter((f) => f !== entryFile),
      maxMemoryPages: MAX_MEMORY_PAGES,
      // no network even if a location slipped through the catalog rules
      modifyArguments: (args) => ['--nonet', ...args],
    });
    const raw = result.rawOutput;
    if (/failed to compile/i.test(raw)) throw new Error(`XSD ${entry} tidak dapat dikompilasi: ${raw.slice(0, 2000)}`);
    return docs.map((d) => {
      const ok = raw.split('\n').includes(`${d.fileName} validates`);
      return { source: 'xsd', xsd: entry, valid: ok, findings: ok ? [] : toFindings(raw, d.fileName) };
    });
  }

  return {
    async validate(items) {
      const out: XsdReport[] = new Array(items.length);
      // one xmllint run (one schema compilation) per entry schema in the batch
      const groups = new Map<string, { schema: DocumentSchema; idx: number[] }>();
      items.forEach((it, i) => {
        const entry = entrySchemaFor(it.schema, it.xml);
        const g = groups.get(entry) ?? { schema: it.schema, idx: [] };
        g.idx.push(i);
        groups.set(entry, g);
      });
      for (const [entry, { schema, idx }] of groups) {
        const reports = await runGroup(entry, schema, idx.map((i) => (items[i] as XsdInput).xml));
        idx.forEach((i, k) => { out[i] = reports[k] as XsdReport; });
      }
      return out;
    },
  };
}
