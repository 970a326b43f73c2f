import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { DocumentSchema } from '../../catalogue/record-document';

/**
 * The official XSDs in schemas/xsd (see its README) as the in-memory files of the wasm validator.
 * The wasm libxml2 has no catalog support and no network, so the absolute schema locations the
 * ISO and OGC files use are rewritten here, in memory, with the rules of schemas/xsd/catalog.xml
 * to the local copies; the files on disk stay byte-identical to their upstream.
 */

/** From libs/import/xsd (source, tsx/jest) or dist/libs/import/xsd (build): the repository's schemas/xsd. */
export function defaultSchemasDir(): string {
  const candidates = [path.resolve(__dirname, '../../../schemas/xsd'), path.resolve(__dirname, '../../../../schemas/xsd')];
  return candidates.find((d) => existsSync(path.join(d, 'catalog.xml'))) ?? (candidates[0] as string);
}

/** Entry schema (relative to schemas/xsd) for each document schema. */
const ENTRY_SCHEMAS: Record<DocumentSchema, string> = {
  iso19139: 'iso19139.xsd',
  'iso19115-2': 'iso19115-3/standards.iso.org/iso/19115/-2/gmi/1.0/gmi.xsd',
  'iso19115-3-2018': 'iso19115-3-2018.xsd',
  'iso19115-3-2016': 'iso19115-3/standards.iso.org/iso/19115/-3/mds/1.0/mds.xsd',
};

/**
 * The entry schema for a document. ISO 19139 exists in two sets: 2006 (GML 3.1, with srv) and 2007
 * (GML 3.2); a 19139 document that declares the GML 3.2 namespace is checked against the 2007 set.
 */
export function entrySchemaFor(schema: DocumentSchema, xml: string): string {
  if (schema === 'iso19139' && xml.includes('"http://www.opengis.net/gml/3.2"')) return 'iso19139-gml32.xsd';
  return ENTRY_SCHEMAS[schema];
}

interface CatalogRule { exact: boolean; from: string; to: string }

/** `system`/`uri` (exact) and `rewriteSystem` (prefix) entries of an OASIS XML catalog. */
export function catalogRules(catalogXml: string): CatalogRule[] {
  const rules: CatalogRule[] = [];
  for (const m of catalogXml.matchAll(/<(system|uri)\s+(?:systemId|name)="([^"]+)"\s+uri="([^"]+)"\s*\/>/g)) {
    rules.push({ exact: true, from: m[2] as string, to: m[3] as string });
  }
  for (const m of catalogXml.matchAll(/<rewriteSystem\s+systemIdStartString="([^"]+)"\s+rewritePrefix="([^"]+)"\s*\/>/g)) {
    rules.push({ exact: false, from: m[1] as string, to: m[2] as string });
  }
  return rules;
}

/** An absolute location → the local file ("/" + path under schemas/xsd), or undefined when no rule maps it. */
export function mapLocation(loc: string, rules: readonly CatalogRule[]): string | undefined {
  const exact = rules.find((r) => r.exact && r.from === loc);
  if (exact) return `/${exact.to}`;
  const prefix = rules.filter((r) => !r.exact && loc.startsWith(r.from)).sort((a, b) => b.from.length - a.from.length)[0];
  return prefix ? `/${prefix.to}${loc.slice(prefix.from.length)}` : undefined;
}

export interface SchemaFile { fileName: string; contents: string }

function listXsd(dir: string, rel = ''): string[] {
  const out: string[] = [];
  for (const name of readdirSync(path.join(dir, rel))) {
    const r = rel ? `${rel}/${name}` : name;
    if (statSync(path.join(dir, r)).isDirectory()) out.push(...listXsd(dir, r));
    else if (name.endsWith('.xsd')) out.push(r);
  }
  return out;
}

/** Every XSD of the folder, absolute imports mapped to the local copies. */
export function loadSchemaFiles(dir: string): SchemaFile[] {
  const rules = catalogRules(readFileSync(path.join(dir, 'catalog.xml'), 'utf8'));
  return listXsd(dir).map((rel) => {
    const text = readFileSync(path.join(dir, rel), 'utf8');
    const contents = text.replace(/(schemaLocation\s*=\s*")(https?:\/\/[^"]+)(")/g, (all, a: string, loc: string, b: string) => {
      const local = mapLocation(loc, rules);
      return local ? `${a}${local}${b}` : all;
    });
    return { fileName: rel, contents };
  });
}
