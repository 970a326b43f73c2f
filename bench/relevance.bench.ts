/**
 * Relevance benchmark (`npm run bench:relevance`, issue 21): loads the bilingual relevance set
 * (bench/relevance/bilingual-records.ts written as ISO 19139, and the real corpus of
 * test/data/iso-corpus, both through the batch import) into a fresh database, asks every query
 * of bench/relevance/queries.ts as OGC API – Records `q`, and prints MRR, recall@10 and the
 * zero-result rate, overall and per kind, with the queries that missed.
 *
 * Embedded default: a fresh PGlite (a copy of the migrated template). With DATABASE_URL: a
 * fresh database on that PostgreSQL server (created from it, dropped at the end).
 * Nothing is asserted here (test/integration/relevance-core.test.ts holds the core cases).
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import type { Database } from '../libs/db/database';
import { buildPgliteTemplate } from '../libs/db/open-database';
import { openPgliteDatabase } from '../libs/db/pglite-database';
import { QUERIES, type QueryKind } from './relevance/queries';
import { corpusFiles, loadRelevanceSet, measureRelevance, type QueryOutcome } from './relevance/relevance-run';

const load = (): string => loadavg().map((l) => l.toFixed(2)).join(' / ');

async function openDb(): Promise<{ db: Database; mode: string; close(): Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (url) {
    // the test helpers create and drop a private database on the server they are pointed at
    process.env.TEST_DATABASE_URL = url;
    const { createTestDatabase } = await import('../test/helpers/test-db.js');
    const t = await createTestDatabase();
    return { db: t.db, mode: `PostgreSQL (${t.name}, dihapus setelahnya)`, close: () => t.drop() };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'gk-bench-relevance-'));
  const template = await buildPgliteTemplate();
  cpSync(template.path, path.join(dir, 'pglite'), { recursive: true });
  const db = await openPgliteDatabase(path.join(dir, 'pglite'));
  return { db, mode: 'PGlite tertanam (bawaan)', close: async () => { await db.close(); rmSync(dir, { recursive: true, force: true }); } };
}

const pct = (x: number): string => `${(x * 100).toFixed(1)} %`;

function figures(label: string, os: readonly QueryOutcome[]): string {
  const n = os.length;
  const mrr = os.reduce((s, o) => s + (o.rank ? 1 / o.rank : 0), 0) / n;
  const recall = os.reduce((s, o) => s + o.recall, 0) / n;
  const zero = os.filter((o) => o.zero).length / n;
  return `${label.padEnd(10)} ${String(n).padStart(4)}   MRR ${mrr.toFixed(3)}   recall@10 ${pct(recall).padStart(7)}   tanpa hasil ${pct(zero).padStart(6)}`;
}

async function main(): Promise<void> {
  console.log(`mesin: ${cpus().length} inti ${cpus()[0]?.model ?? ''}; beban (1/5/15 menit) sebelum: ${load()}`);
  const { db, mode, close } = await openDb();
  try {
    console.log(`basis data: ${mode}`);
    const t0 = performance.now();
    const loaded = await loadRelevanceSet(db);
    const files = corpusFiles().length;
    console.log(`dimuat: ${loaded.synthetic.imported} rekaman sintetis, ${loaded.real?.imported ?? 0} dari ${files} berkas korpus nyata (${loaded.real?.failed ?? 0} ditolak, ${loaded.real?.skipped ?? 0} dilewati) dalam ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    // the figures are over the whole corpus, or say plainly that they are not
    for (const f of [...(loaded.real?.failures ?? []), ...(loaded.real?.skippedFiles ?? [])]) console.log(`  korpus tidak dimuat: ${JSON.stringify(f).slice(0, 200)}`);
    if ((loaded.real?.imported ?? 0) < files) {
      console.log(`PERINGATAN: hanya ${loaded.real?.imported ?? 0} dari ${files} berkas korpus dimuat`);
      process.exitCode = 1;
    }
    const t1 = performance.now();
    const r = await measureRelevance(db, QUERIES);
    const ms = performance.now() - t1;
    console.log(`${r.queries} kueri dalam ${(ms / 1000).toFixed(1)} s (${(ms / r.queries).toFixed(0)} ms per kueri rata-rata, beban ${load()})\n`);
    console.log(figures('semua', r.outcomes));
    for (const kind of ['exact', 'form', 'cross', 'typo', 'multi', 'real'] as QueryKind[]) console.log(figures(kind, r.outcomes.filter((o) => o.query.kind === kind)));
    const misses = r.outcomes.filter((o) => o.rank !== 1);
    if (misses.length) {
      console.log('\nkueri yang jawaban terbaiknya tidak di peringkat 1:');
      for (const o of misses) console.log(`  [${o.query.kind}] "${o.query.q}" → peringkat ${o.rank ?? '-'}${o.typoTolerant ? ' (toleran salah ketik)' : ''}${o.suggestion ? `, saran "${o.suggestion}"` : ''}; teratas: ${o.top.slice(0, 3).join(', ') || '(kosong)'}`);
    }
    console.log(`\nMRR ${r.mrr.toFixed(3)} (sasaran ≥ 0,8) · recall@10 ${pct(r.recallAt10)} · tanpa hasil ${pct(r.zeroResultRate)} (sasaran ≤ 2 %) · beban sesudah: ${load()}`);
  } finally {
    await close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
