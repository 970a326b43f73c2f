/**
 * Where a record's render time goes (`npx tsx bench/render-stages.bench.ts --n 400`): runs the
 * stages of renderer.renderAll one by one on this thread, from the compiled stylesheets, and
 * prints the CPU time of each per record (the first quarter of the records warms the JIT).
 * CPU time, not wall time: the machines are shared, and the shares are what guide the work.
 */
import { loadavg } from 'node:os';
import SaxonJS, { type SaxonNode } from 'saxon-js';
import { XMLSerializer, type Node as XmldomNode } from '@xmldom/xmldom';
import { buildGmdTree } from '../libs/render/gmd-builder';
import type { DomNode } from '../libs/render/dublin-core/dom';
import { dublinCoreRecords } from '../libs/render/dublin-core/records';
import { gmdBrief, gmdSummary, mdbBrief, mdbSummary } from '../libs/render/element-sets';
import { mdb2018ToMdb2016 } from '../libs/render/mdb2016';
import { planStylesheets } from '../libs/render/render-plan';
import { compileStylesheets } from '../libs/render/stylesheet-compiler';
import { generateRecord } from '../test/helpers/sample-records';

const i = process.argv.indexOf('--n');
const N = i >= 0 ? Number(process.argv[i + 1]) : 400;
const serializer = new XMLSerializer();

/** a constant toString: SaxonJS would otherwise serialise the source for a debug line (see renderer.ts) */
const source = (n: SaxonNode): SaxonNode => Object.defineProperty(n, 'toString', { value: () => '[source]' });

async function main(): Promise<void> {
  const { sef } = await compileStylesheets(planStylesheets());
  const xsl = (name: string): object => sef.get(name)!;
  const cpu = new Map<string, number>();
  const timed = <T>(stage: string, fn: () => T): T => {
    const c0 = process.cpuUsage();
    const out = fn();
    const c = process.cpuUsage(c0);
    cpu.set(stage, (cpu.get(stage) ?? 0) + c.user + c.system);
    return out;
  };
  const renderStages = (n: number): void => {
    const record = generateRecord(n);
    const gmd = timed('gmd: JSON → text + SaxonJS tree', () => buildGmdTree(record));
    const tree = source(gmd.tree);
    timed('gmd-summary (tree copy)', () => gmdSummary(tree));
    timed('gmd-brief (tree copy)', () => gmdBrief(tree));
    const mdb = source(timed('mdb2018 (XSLT to a tree)', () => SaxonJS.transform({
      stylesheetInternal: xsl('gmd-to-mdb2018.xsl'), sourceNode: tree, destination: 'document', stylesheetParams: { 'Q{}service-type': '' },
    }, 'sync').principalResult as SaxonNode));
    const mdbText = timed('mdb2018 serialise (xmldom)', () => serializer.serializeToString(mdb as unknown as XmldomNode));
    timed('mdb2016 (namespaces)', () => mdb2018ToMdb2016(mdbText));
    timed('mdb2018-summary (tree copy)', () => mdbSummary(mdb));
    timed('mdb2018-brief (tree copy)', () => mdbBrief(mdb));
    timed('dc-full/summary/brief (TypeScript)', () => dublinCoreRecords(tree as unknown as DomNode, ''));
  };
  const warm = Math.floor(N / 4);
  for (let n = 0; n < warm; n++) renderStages(n);
  cpu.clear();
  for (let n = warm; n < N; n++) renderStages(n);
  const measured = N - warm;
  const total = [...cpu.values()].reduce((a, b) => a + b, 0);
  console.log(`load (1/5/15 min): ${loadavg().map((l) => l.toFixed(2)).join(' / ')}; ${measured} records measured`);
  for (const [stage, micros] of [...cpu].sort((a, b) => b[1] - a[1])) {
    console.log(`${stage.padEnd(34)} ${(micros / measured / 1000).toFixed(2).padStart(6)} ms CPU/record  ${((micros / total) * 100).toFixed(0).padStart(3)} %`);
  }
  console.log(`${'total'.padEnd(34)} ${(total / measured / 1000).toFixed(2).padStart(6)} ms CPU/record`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
