/**
 * ISO records from outside the corpus (`npm run bench:iso-records -- --dir <folder> [--corpus <folder>]... [--lowest 15]`):
 * issue 19's measure ("nothing lost") made on records the crosswalks and the importer were not
 * built against. For every ISO file under --dir (root gmd:MD_Metadata, gmi:MI_Metadata or
 * mdb:MD_Metadata; other XML is skipped and counted):
 * 1. import it with the importer (refusals are listed with their message);
 * 2. own schema: the stored document is served as its schema's full form; the renderer's form is
 *    compared with the file by test/helpers/leaf-values.ts (what the corpus integration test uses);
 * 3. across schemas: the document is crosswalked to the other schema and back, and the file's
 *    values are compared with the round trip's by test/helpers/iso-leaf-values.ts (what the
 *    crosswalk unit test uses). Values lost are counted by the element that carried them.
 * Files whose text (byte-order mark dropped, whitespace runs as one space) equals a corpus file
 * are excluded, as are repeats inside --dir: the figure is about records the project has not seen.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import type { Element, Node } from '@xmldom/xmldom';
import type { MetadataRecord } from '../libs/catalogue/record.types';
import { importMetadataXml } from '../libs/import';
import { createRenderer } from '../libs/render';
import { crosswalk, type IsoSchema } from '../libs/render/crosswalk';
import { FULL_FORM, type RenderInput } from '../libs/render/document-forms';
import { parseXmlSafely } from '../libs/xml/safe-parse';
import { compareLeafValues, leafValues as ownLeafValues } from '../test/helpers/leaf-values';
import { kept, leafValues as isoLeafValues, missing, normaliseValue } from '../test/helpers/iso-leaf-values';
import { ISO_CORPUS_DIR } from '../test/helpers/test-data';

function args(name: string): string[] {
  const out: string[] = [];
  process.argv.forEach((a, i) => { if (a === `--${name}` && process.argv[i + 1]) out.push(process.argv[i + 1] as string); });
  return out;
}

const DIR = args('dir')[0] ?? '';
if (!DIR) {
  console.error('pakai: npm run bench:iso-records -- --dir <folder> [--corpus <folder>]... [--lowest N]');
  process.exit(2);
}
const CORPORA = args('corpus').length > 0 ? args('corpus') : [ISO_CORPUS_DIR, '/work/shared/iso-corpus'].filter((d) => existsSync(d));
const LOWEST = Number(args('lowest')[0] ?? 15);

const GMD = 'http://www.isotc211.org/2005/gmd';
const GMI = 'http://www.isotc211.org/2005/gmi';
const XLINK = 'http://www.w3.org/1999/xlink';
const MDB = /^http:\/\/standards\.iso\.org\/iso\/19115\/-3\/mdb\/[12]\.0$/;

const xmlFiles = (dir: string): string[] => readdirSync(dir, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.toLowerCase().endsWith('.xml')).sort().map((f) => path.join(dir, f));

/** What "the same file" means here: the text without its byte-order mark, whitespace runs as one space. */
const contentKey = (text: string): string =>
  createHash('sha256').update(text.replace(/^\uFEFF/, '').replace(/\s+/g, ' ').trim()).digest('hex');

type RootKind = 'gmd' | 'gmi' | 'mdb';
/**
 * The record's root kind, and whether it is a whole record: identificationInfo is mandatory in
 * 19115:2003 and 19115-1, so a root without it is a test fragment (a writer's expected output for
 * one element, a schema example), measured apart so that it does not weigh on the records' figure.
 */
function rootKind(text: string): { kind: RootKind; whole: boolean } | { unreadable: string } | undefined {
  let root: Element | null;
  try {
    root = parseXmlSafely(text.replace(/^\uFEFF/, ''), { maxElements: 500_000 }).documentElement;
  } catch (err) {
    // a file that names an ISO root but does not parse (a template, broken XML) is listed, not hidden
    return /<([\w.-]+:)?M[DI]_Metadata[\s>]/.test(text.slice(0, 20_000)) ? { unreadable: (err as Error).message } : undefined;
  }
  if (!root) return undefined;
  const whole = Array.from(root.childNodes as unknown as Node[]).some((c) => c.nodeType === 1 && (c as Element).localName === 'identificationInfo');
  if (root.localName === 'MD_Metadata' && root.namespaceURI === GMD) return { kind: 'gmd', whole };
  if (root.localName === 'MI_Metadata' && root.namespaceURI === GMI) return { kind: 'gmi', whole };
  if (root.localName === 'MD_Metadata' && MDB.test(root.namespaceURI ?? '')) return { kind: 'mdb', whole };
  return undefined;
}

/**
 * The same values as iso-leaf-values.ts's leafValues, in the same order, each with the element
 * that carries it (`parent/leaf` or `leaf@attribute`), so that a lost value can be named.
 */
function labelledValues(xml: string): { value: string; label: string }[] {
  const doc = parseXmlSafely(xml, { maxElements: 500_000 });
  const out: { value: string; label: string }[] = [];
  const name = (e: Element | null): string => (e ? e.localName ?? '' : '');
  const visit = (e: Element): void => {
    for (const a of ['codeListValue', 'uom']) {
      const v = e.getAttribute(a);
      if (v && v.trim()) out.push({ value: normaliseValue(v), label: `${name(e)}@${a}` });
    }
    const href = e.getAttributeNS(XLINK, 'href');
    if (href && href.trim()) out.push({ value: normaliseValue(href), label: `${name(e)}@xlink:href` });
    const kids = Array.from(e.childNodes) as Node[];
    const elements = kids.filter((k): k is Element => k.nodeType === 1);
    if (elements.length === 0) {
      const text = kids.filter((k) => k.nodeType === 3 || k.nodeType === 4).map((k) => k.nodeValue ?? '').join('');
      const parent = e.parentNode && e.parentNode.nodeType === 1 ? (e.parentNode as Element) : null;
      if (text.trim()) out.push({ value: normaliseValue(text), label: `${name(parent)}/${name(e)}` });
    }
    elements.forEach(visit);
  };
  visit(doc.documentElement as unknown as Element);
  return out;
}

/** The elements that carried the lost values: as missing() counts the last occurrences of a value as the lost ones, so does this (a value's element is a guess when it occurs in several). */
function lostLabels(source: string, lost: readonly string[]): { label: string; value: string }[] {
  const byValue = new Map<string, string[]>();
  for (const { value, label } of labelledValues(source)) {
    const list = byValue.get(value) ?? [];
    list.push(label);
    byValue.set(value, list);
  }
  return lost.map((v) => ({ label: byValue.get(v)?.pop() ?? '?', value: v }));
}

interface Result {
  file: string;
  schema: IsoSchema;
  whole: boolean;
  own?: { total: number; kept: number };
  across?: { total: number; kept: number; lost: { label: string; value: string }[] };
}

const pct = (k: number, t: number): string => (t === 0 ? '100.00' : ((100 * k) / t).toFixed(2));
const is19115p3 = (s: IsoSchema): boolean => s === 'iso19115-3-2018' || s === 'iso19115-3-2016';

/** Out and back as the crosswalk unit test does it: 19139 and 19115-2 through 19115-3 2018, 19115-3 through 19139. */
function roundTrip(xml: string, schema: IsoSchema): string {
  if (is19115p3(schema)) return crosswalk(crosswalk(xml, schema, 'iso19139'), 'iso19139', schema);
  return crosswalk(crosswalk(xml, schema, 'iso19115-3-2018'), 'iso19115-3-2018', 'iso19139');
}

async function main(): Promise<void> {
  console.log(`mesin: ${cpus().length} core, beban (1/5/15 menit) ${loadavg().map((l) => l.toFixed(2)).join(' / ')}; ${new Date().toISOString()}`);
  const corpusKeys = new Set(CORPORA.flatMap((d) => xmlFiles(d)).map((f) => contentKey(readFileSync(f, 'utf8'))));
  console.log(`korpus pembanding: ${CORPORA.join(', ')} (${corpusKeys.size} isi berbeda)`);

  const files = xmlFiles(DIR);
  const seen = new Set<string>();
  let skipped = 0;
  let inCorpus = 0;
  let repeated = 0;
  const unreadable: { file: string; message: string }[] = [];
  const todo: { file: string; text: string; whole: boolean }[] = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const root = rootKind(text);
    if (!root) { skipped++; continue; }
    if ('unreadable' in root) { unreadable.push({ file: path.relative(DIR, file), message: root.unreadable.slice(0, 160) }); continue; }
    const key = contentKey(text);
    if (corpusKeys.has(key)) { inCorpus++; continue; }
    if (seen.has(key)) { repeated++; continue; }
    seen.add(key);
    todo.push({ file, text, whole: root.whole });
  }
  console.log(`${files.length} berkas XML: ${skipped} bukan rekaman ISO (dilewati), ${unreadable.length} menyebut akar ISO tetapi tidak terbaca sebagai XML, ${inCorpus} sama dengan berkas korpus (dikecualikan), `
    + `${repeated} salinan berkas lain di folder ini (dihitung sekali), ${todo.length} diukur: `
    + `${todo.filter((t) => t.whole).length} rekaman utuh, ${todo.filter((t) => !t.whole).length} fragmen tanpa identificationInfo (dihitung terpisah)`);

  for (const u of unreadable) console.log(`  TIDAK TERBACA ${u.file}: ${u.message}`);

  const renderer = await createRenderer();
  const now = new Date().toISOString();
  const refused: { file: string; message: string }[] = [];
  const crashes: { file: string; step: string; message: string }[] = [];
  const results: Result[] = [];
  const rel = (f: string): string => path.relative(DIR, f);

  for (const { file, text, whole } of todo) {
    let imported: ReturnType<typeof importMetadataXml>;
    try {
      imported = importMetadataXml(text);
    } catch (err) {
      refused.push({ file: rel(file), message: `${(err as Error).name}: ${(err as Error).message}` });
      continue;
    }
    if (!imported.document) {
      refused.push({ file: rel(file), message: `diimpor tanpa dokumen ISO (format ${imported.sourceFormat})` });
      continue;
    }
    const schema = imported.document.schema as IsoSchema;
    const result: Result = { file: rel(file), schema, whole };
    results.push(result);
    const id = `luar-${results.length}`;
    const record: MetadataRecord = {
      ...imported.doc, fileIdentifier: imported.doc.fileIdentifier ?? id, id, status: 'PUBLISHED', organisationId: 'org', ownerId: 'u',
      reviewerId: null, version: 1, createdAt: now, updatedAt: now, publishedAt: now,
    };
    const input: RenderInput = { ...record, isoDocument: { xml: imported.document.xml, schema: imported.document.schema } };
    try {
      const served = renderer.renderAll(input)[FULL_FORM[imported.document.schema]];
      const c = compareLeafValues(ownLeafValues(text), ownLeafValues(served));
      result.own = { total: c.total, kept: c.kept };
    } catch (err) {
      crashes.push({ file: rel(file), step: 'render', message: (err as Error).message });
    }
    try {
      const source = text.replace(/^\uFEFF/, '');
      const back = roundTrip(source, schema);
      const a = isoLeafValues(source);
      const b = isoLeafValues(back);
      result.across = { total: a.length, kept: kept(a, b), lost: lostLabels(source, missing(a, b)) };
    } catch (err) {
      crashes.push({ file: rel(file), step: 'crosswalk', message: (err as Error).message });
    }
  }

  console.log(`\ndiimpor: ${results.length}, ditolak: ${refused.length}`);
  for (const r of refused) console.log(`  DITOLAK ${r.file}: ${r.message}`);
  for (const c of crashes) console.log(`  GAGAL (${c.step}) ${c.file}: ${c.message}`);

  const fragments = results.filter((r) => !r.whole);
  if (fragments.length > 0) {
    const o = fragments.reduce((x, r) => ({ t: x.t + (r.own?.total ?? 0), k: x.k + (r.own?.kept ?? 0) }), { t: 0, k: 0 });
    const a = fragments.reduce((x, r) => ({ t: x.t + (r.across?.total ?? 0), k: x.k + (r.across?.kept ?? 0) }), { t: 0, k: 0 });
    console.log(`fragmen (diimpor, tidak masuk angka di bawah): ${fragments.length}; skema sendiri ${pct(o.k, o.t)} % ${o.k}/${o.t}, `
      + `skema lain dan kembali ${pct(a.k, a.t)} % ${a.k}/${a.t}`);
    for (const s of [...new Set(fragments.map((r) => r.file.split(path.sep)[0]))].sort()) {
      console.log(`  ${s}: ${fragments.filter((r) => r.file.split(path.sep)[0] === s).length}`);
    }
  }
  results.splice(0, results.length, ...results.filter((r) => r.whole));
  const schemas = [...new Set(results.map((r) => r.schema))].sort();
  const sum = (rs: Result[], k: 'own' | 'across') => rs.reduce((s, r) => ({ t: s.t + (r[k]?.total ?? 0), k: s.k + (r[k]?.kept ?? 0), n: s.n + (r[k] ? 1 : 0) }), { t: 0, k: 0, n: 0 });
  console.log('\nskema               rekaman   skema sendiri (dilayani)        skema lain dan kembali');
  for (const s of [...schemas, 'TOTAL']) {
    const rs = s === 'TOTAL' ? results : results.filter((r) => r.schema === s);
    const o = sum(rs, 'own');
    const a = sum(rs, 'across');
    console.log(`${s.padEnd(18)} ${String(rs.length).padStart(8)}   ${pct(o.k, o.t).padStart(6)} % ${`${o.k}/${o.t}`.padEnd(16)}   ${pct(a.k, a.t).padStart(6)} % ${a.k}/${a.t}`);
  }

  // per source: the first folder under --dir (one folder per repository)
  const sourceOf = (r: Result): string => r.file.split(path.sep)[0] as string;
  const sources = [...new Set(results.map(sourceOf))].sort();
  if (sources.length > 1) {
    console.log('\nsumber (folder)                          rekaman   skema sendiri   skema lain dan kembali');
    for (const src of sources) {
      const rs = results.filter((r) => sourceOf(r) === src);
      const o = sum(rs, 'own');
      const a = sum(rs, 'across');
      console.log(`${src.padEnd(40)} ${String(rs.length).padStart(7)}   ${pct(o.k, o.t).padStart(8)} %   ${pct(a.k, a.t).padStart(8)} % ${a.k}/${a.t}`);
    }
  }

  const ownRatio = (r: Result): number => (r.own && r.own.total > 0 ? r.own.kept / r.own.total : 1);
  const acrossRatio = (r: Result): number => (r.across && r.across.total > 0 ? r.across.kept / r.across.total : 1);
  const withOwn = results.filter((r) => r.own);
  console.log(`\nrekaman ≥ 98 % di skema sendiri: ${withOwn.filter((r) => ownRatio(r) >= 0.98).length} dari ${withOwn.length}`
    + ` (100 %: ${withOwn.filter((r) => ownRatio(r) === 1).length})`);

  console.log(`\nterendah, skema sendiri:`);
  for (const r of [...withOwn].sort((x, y) => ownRatio(x) - ownRatio(y)).slice(0, LOWEST).filter((r) => ownRatio(r) < 1)) {
    console.log(`  ${(100 * ownRatio(r)).toFixed(2).padStart(6)} % ${r.own!.kept}/${r.own!.total} ${r.file}`);
  }
  const withAcross = results.filter((r) => r.across);
  console.log(`\nterendah, skema lain dan kembali:`);
  for (const r of [...withAcross].sort((x, y) => acrossRatio(x) - acrossRatio(y)).slice(0, LOWEST)) {
    console.log(`  ${(100 * acrossRatio(r)).toFixed(2).padStart(6)} % ${r.across!.kept}/${r.across!.total} ${r.schema} ${r.file}`);
  }

  // what the round trip loses most often, by the element that carried the value
  const lostBy = new Map<string, { n: number; records: Set<string>; example: string }>();
  for (const r of withAcross) {
    for (const l of r.across!.lost) {
      const e = lostBy.get(l.label) ?? { n: 0, records: new Set<string>(), example: `${r.file}: ${l.value.slice(0, 60)}` };
      e.n++;
      e.records.add(r.file);
      lostBy.set(l.label, e);
    }
  }
  console.log(`\nnilai yang paling sering hilang lewat skema lain (nilai, rekaman, elemen asal; contoh):`);
  for (const [label, e] of [...lostBy].sort((x, y) => y[1].n - x[1].n).slice(0, 25)) {
    console.log(`  ${String(e.n).padStart(5)} ${String(e.records.size).padStart(4)}  ${label.padEnd(48)} ${e.example}`);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
