/**
 * Writes libs/render/crosswalk/tables.ts: for every class of ISO 19139 (gmd, srv, gmi) and of ISO 19115-3
 * (2018 module set, with 19157-2 mdq), the module that declares it and its properties in schema
 * order, each with the module that declares it (inherited properties keep their own module).
 * The crosswalks (libs/render/crosswalk/) use the tables to name and order what they write, so they follow the
 * official schemas instead of a hand-kept list. Read from the XSDs in test/data/csw-suites/schemas;
 * run again only when those change:  npx tsx scripts/generate-crosswalk-tables.ts
 */
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Element } from '@xmldom/xmldom';
import { parseXmlSafely } from '../libs/xml/safe-parse';

const ROOT = path.resolve(__dirname, '..');
const SCHEMAS = path.join(ROOT, 'test/data/csw-suites/schemas');
const XS = 'http://www.w3.org/2001/XMLSchema';

interface TypeDef { base?: string; props: { name: string; ns: string }[] }
interface Schema { types: Map<string, TypeDef>; elements: Map<string, { type?: string; abstract: boolean; ns: string }>; groups: Map<string, Element> }

function xsdFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    return statSync(p).isDirectory() ? xsdFiles(p) : f.endsWith('.xsd') ? [p] : [];
  });
}

const children = (e: Element): Element[] => Array.from(e.childNodes).filter((n): n is Element => n.nodeType === 1) as Element[];
const xsChildren = (e: Element, local?: string): Element[] => children(e).filter((c) => c.namespaceURI === XS && (!local || c.localName === local));
const localOf = (qname: string): string => qname.slice(qname.indexOf(':') + 1);

/** Collects one schema set; `module` turns a target namespace into the prefix the tables use. */
function load(files: string[], module: (ns: string) => string | undefined): Schema {
  const s: Schema = { types: new Map(), elements: new Map(), groups: new Map() };
  const pending: { def: TypeDef; seq: Element; ns: string }[] = [];
  for (const f of files) {
    const doc = parseXmlSafely(readFileSync(f, 'utf8'), { maxBytes: 4 * 1024 * 1024, maxElements: 200_000 });
    const root = doc.documentElement as unknown as Element;
    const ns = module(root.getAttribute('targetNamespace') ?? '');
    if (!ns) continue;
    for (const g of xsChildren(root, 'group')) s.groups.set(`${ns}:${g.getAttribute('name')}`, g);
    for (const el of xsChildren(root, 'element')) {
      const type = el.getAttribute('type');
      s.elements.set(el.getAttribute('name') ?? '', { type: type ? localOf(type) : undefined, abstract: el.getAttribute('abstract') === 'true', ns });
    }
    for (const ct of xsChildren(root, 'complexType')) {
      const def: TypeDef = { props: [] };
      let body: Element = ct;
      const cc = xsChildren(ct, 'complexContent')[0];
      if (cc) {
        const ext = xsChildren(cc, 'extension')[0] ?? xsChildren(cc, 'restriction')[0];
        if (ext) {
          if (ext.localName === 'extension') def.base = localOf(ext.getAttribute('base') ?? '');
          body = ext;
        }
      }
      s.types.set(ct.getAttribute('name') ?? '', def);
      pending.push({ def, seq: body, ns });
    }
  }
  const walk = (e: Element, ns: string, out: { name: string; ns: string }[]): void => {
    for (const c of xsChildren(e)) {
      if (c.localName === 'element' && c.getAttribute('name')) out.push({ name: c.getAttribute('name') as string, ns });
      else if (c.localName === 'sequence' || c.localName === 'choice') walk(c, ns, out);
      else if (c.localName === 'group' && c.getAttribute('ref')) {
        const g = s.groups.get(`${ns}:${localOf(c.getAttribute('ref') as string)}`);
        if (g) walk(g, ns, out);
      }
    }
  };
  for (const p of pending) walk(p.seq, p.ns, p.def.props);
  return s;
}

function propsOf(s: Schema, type: string, seen = new Set<string>()): { name: string; ns: string }[] {
  const def = s.types.get(type);
  if (!def || seen.has(type)) return [];
  seen.add(type);
  return [...(def.base ? propsOf(s, def.base, seen) : []), ...def.props];
}

/** The classes of one schema set, in the order both outputs list them. */
function classes(s: Schema): { name: string; module: string; props: { name: string; ns: string }[] }[] {
  const rows: { name: string; module: string; props: { name: string; ns: string }[] }[] = [];
  for (const [el, info] of [...s.elements].sort(([a], [b]) => a.localeCompare(b))) {
    if (!info.type || !/_Type$/.test(info.type) || /^(Abstract|gml)/.test(el)) continue;
    rows.push({ name: el, module: info.ns, props: propsOf(s, info.type) });
  }
  return rows;
}

/** One class per line: [class, module, 'property module property module …'] (compact; class-tables.ts reads it). */
function tsTable(name: string, s: Schema): string {
  const rows = classes(s).map((c) => `  ['${c.name}', '${c.module}', '${c.props.map((p) => `${p.name} ${p.ns}`).join(' ')}'],`);
  return `export const ${name}: readonly ClassTableRow[] = [\n${rows.join('\n')}\n];`;
}

// ISO 19115-3 2018 set: each module's newest version; 19157-2 mdq
const ISO3 = path.join(SCHEMAS, 'iso19115-3/standards.iso.org/iso/19115/-3');
const iso3Files = readdirSync(ISO3).flatMap((m) => {
  const versions = readdirSync(path.join(ISO3, m)).sort();
  return m === 'mds' ? [] : xsdFiles(path.join(ISO3, m, versions[versions.length - 1] as string));
});
iso3Files.push(...xsdFiles(path.join(SCHEMAS, 'iso19115-3/standards.iso.org/iso/19157/-2/mdq/1.0')));
const iso3 = load(iso3Files, (ns) => /iso\/19115\/-3\/(\w+)\//.exec(ns)?.[1] ?? (ns.includes('19157/-2/mdq') ? 'mdq' : undefined));

// ISO 19139 (2006-05-04 set, the one the apiso schema uses) and 19115-2 gmi (its XSD, in either namespace)
const I139 = path.join(SCHEMAS, 'ogc/iso/19139/20060504');
const i139Files = ['gmd', 'srv', 'gco', 'gts'].flatMap((m) => xsdFiles(path.join(I139, m)));
i139Files.push(...xsdFiles(path.join(SCHEMAS, 'iso19115-3/standards.iso.org/iso/19115/-2/gmi/1.0')));
const i139 = load(i139Files, (ns) =>
  ({ 'http://www.isotc211.org/2005/gmd': 'gmd', 'http://www.isotc211.org/2005/srv': 'srv', 'http://www.isotc211.org/2005/gco': 'gco',
    'http://www.isotc211.org/2005/gts': 'gts', 'http://standards.iso.org/iso/19115/-2/gmi/1.0': 'gmi' } as Record<string, string>)[ns]);

const ts = `/**
 * GENERATED by scripts/generate-crosswalk-tables.ts from the official XSDs in test/data/csw-suites/schemas; do not edit.
 * Per class (global element), the module (namespace prefix) declaring
 * it and its properties in schema order, inherited ones first, as 'property module property module …'.
 * class-tables.ts turns them into look-ups.
 */
export type ClassTableRow = readonly [className: string, module: string, properties: string];

${tsTable('ISO3_CLASS_TABLE', iso3)}

${tsTable('ISO139_CLASS_TABLE', i139)}
`;
writeFileSync(path.join(ROOT, 'libs/render/crosswalk/tables.ts'), ts);
process.stdout.write(`crosswalk/tables.ts: ${iso3.elements.size} + ${i139.elements.size} elements\n`);
