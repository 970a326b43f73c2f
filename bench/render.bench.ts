/**
 * Render benchmark (`npm run bench:render -- --n 2000 --threads 2 --single 300 --cold [--documents]`):
 * renders every form of N generated records, first on one thread (`--single` records, 0 to
 * skip), then through the worker pool on all cores, and prints records/s and forms/s.
 * `--documents`: the records are the 177 ISO corpus files (test/data/iso-corpus) imported and
 * rendered with their stored documents (issue 19: own-schema forms from the document, the other
 * schema through the crosswalk stylesheets), repeated to N — what an imported or harvested
 * catalogue costs, against the JSON-only records of the default run.
 * `--cold` also measures start-up with an empty stylesheet cache (compiles every stylesheet).
 * Targets: issue 3 ≥ 400 records/s, issue 11 ≥ 250 records/s (all forms) on 2 cores, i.e. ≤ ~8 ms
 * of CPU per record.
 *
 * CPU seconds are printed next to wall time because the machines are shared: records per
 * CPU-second is what the code costs, records per wall-second also depends on the neighbours.
 */
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import type { MetadataRecord } from '../libs/catalogue/record.types';
import { importMetadataXml } from '../libs/import';
import { RENDER_FORMATS, createRenderer } from '../libs/render';
import type { RenderInput } from '../libs/render/document-forms';
import { ISO_CORPUS_DIR } from '../test/helpers/test-data';
import { createRenderPool } from '../libs/render/render-pool';
import { generateRecord } from '../test/helpers/sample-records';

const flag = (name: string): boolean => process.argv.includes(`--${name}`);

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const v = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isFinite(v) || v < 0) throw new Error(`--${name} harus berupa angka`);
  return v;
}

const N = arg('n', 2000);
const THREADS = arg('threads', 0) || undefined;
const SINGLE = arg('single', Math.min(N, 300));
const FORMS = RENDER_FORMATS.length;

function line(label: string, records: number, wallMs: number, cpuMicros: number): void {
  const perWall = records / (wallMs / 1000);
  const perCpu = records / (cpuMicros / 1e6);
  console.log(
    `${label.padEnd(24)} ${records} rekaman dalam ${(wallMs / 1000).toFixed(2)} s: ` +
      `${perWall.toFixed(0)} rekaman/s, ${(perWall * FORMS).toFixed(0)} bentuk/s ` +
      `(per detik CPU: ${perCpu.toFixed(0)} rekaman, ${(perCpu * FORMS).toFixed(0)} bentuk; ${(cpuMicros / records / 1000).toFixed(2)} ms CPU/rekaman)`,
  );
}

const CORPUS_FILES = (): string[] => readdirSync(ISO_CORPUS_DIR, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.xml')).sort().map((f) => path.join(ISO_CORPUS_DIR, f));

/** The corpus files as the catalogue holds them after an import: the JSON and the document, repeated to n. */
function corpusRecords(n: number): RenderInput[] {
  const now = new Date().toISOString();
  const one = CORPUS_FILES().flatMap((file, i): RenderInput[] => {
    const r = importMetadataXml(readFileSync(file, 'utf8'));
    if (!r.document) return [];
    const id = `korpus-${i}`;
    const record: MetadataRecord = {
      ...r.doc, fileIdentifier: r.doc.fileIdentifier ?? id, id, status: 'PUBLISHED', organisationId: 'org', ownerId: 'u',
      reviewerId: null, version: 1, createdAt: now, updatedAt: now, publishedAt: now,
    };
    return [{ ...record, isoDocument: { xml: r.document.xml, schema: r.document.schema } }];
  });
  return Array.from({ length: n }, (_, i) => one[i % one.length] as RenderInput);
}

async function main(): Promise<void> {
  console.log(`beban mesin (1/5/15 menit): ${loadavg().map((l) => l.toFixed(2)).join(' / ')}`);
  const records: RenderInput[] = flag('documents') ? corpusRecords(N) : Array.from({ length: N }, (_, i) => generateRecord(i));
  if (flag('documents')) console.log(`rekaman: ${N} dari ${CORPUS_FILES().length} berkas korpus ISO, dengan dokumen tersimpannya`);

  if (flag('cold')) {
    // start-up with an empty cache: every stylesheet is compiled (what a fresh clone pays once)
    const coldDir = path.join(tmpdir(), `gk-bench-xslt-${process.pid}`);
    const cold = await createRenderer({ cacheDir: coldDir });
    rmSync(coldDir, { recursive: true, force: true });
    console.log(`start-up tanpa cache: ${cold.startup.ms} ms (${cold.startup.compiled.length} stylesheet dikompilasi)`);
  }
  const renderer = await createRenderer();
  console.log(`start-up renderer: ${renderer.startup.ms} ms (dikompilasi: ${renderer.startup.compiled.join(', ') || 'tidak ada, semua dari cache'})`);

  if (SINGLE > 0) {
    const sample = records.slice(0, SINGLE);
    sample.slice(0, 50).forEach((r) => renderer.renderAll(r)); // warm-up (JIT)
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    for (const r of sample) renderer.renderAll(r);
    const c = process.cpuUsage(c0);
    line('1 thread', sample.length, performance.now() - t0, c.user + c.system);
  }

  const t = performance.now();
  const pool = await createRenderPool(THREADS ? { size: THREADS } : {});
  console.log(`pool: ${pool.size} worker thread siap dalam ${(performance.now() - t).toFixed(0)} ms`);
  try {
    await Promise.all(records.slice(0, 50 * pool.size).map((r) => pool.renderAll(r))); // warm-up
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const renders = await Promise.all(records.map((r) => pool.renderAll(r)));
    const c = process.cpuUsage(c0);
    line(`pool ${pool.size} thread`, records.length, performance.now() - t0, c.user + c.system);
    const bytes = renders.reduce((sum, set) => sum + Object.values(set).reduce((s, x) => s + x.length, 0), 0);
    console.log(`rata-rata ${(bytes / renders.length / 1024).toFixed(1)} KiB XML per rekaman (${FORMS} bentuk)`);
  } finally {
    await pool.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
