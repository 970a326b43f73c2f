/**
 * CPU per record of each crosswalk direction over the ISO corpus (issue 19, render speed):
 * every corpus document is crosswalked into the schema it is not in (19139 and 19115-2 → 19115-3
 * 2018, 19115-3 → 19139), once to warm up, then timed with process.cpuUsage on a second pass.
 *   npx tsx bench/crosswalk-cpu.ts [--passes N]
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { crosswalk, isoSchemaOf, type IsoSchema } from '../libs/render/crosswalk';
import { ISO_CORPUS_DIR } from '../test/helpers/test-data';

const passesArg = process.argv.indexOf('--passes');
const PASSES = passesArg >= 0 ? Number(process.argv[passesArg + 1]) : 1;

async function main(): Promise<void> {
  const files = readdirSync(ISO_CORPUS_DIR, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.xml')).sort();
  const docs = files.flatMap((f) => {
    const xml = readFileSync(path.join(ISO_CORPUS_DIR, f), 'utf8');
    const from = isoSchemaOf(xml);
    if (!from) return [];
    const to: IsoSchema = from === 'iso19115-3-2018' || from === 'iso19115-3-2016' ? 'iso19139' : 'iso19115-3-2018';
    return [{ xml, from, to, direction: `${from === 'iso19115-3-2016' ? 'iso19115-3-2018' : from} → ${to}` }];
  });
  for (const d of docs) crosswalk(d.xml, d.from, d.to);
  const byDirection = new Map<string, { n: number; bytes: number; micros: number }>();
  for (let p = 0; p < PASSES; p++) {
    for (const d of docs) {
      const start = process.cpuUsage();
      crosswalk(d.xml, d.from, d.to);
      const used = process.cpuUsage(start);
      const s = byDirection.get(d.direction) ?? { n: 0, bytes: 0, micros: 0 };
      s.n++;
      s.bytes += Buffer.byteLength(d.xml);
      s.micros += used.user + used.system;
      byDirection.set(d.direction, s);
    }
  }
  for (const [direction, s] of byDirection) {
    console.log(`${direction.padEnd(32)} ${String(s.n / PASSES).padStart(4)} rekaman, rata-rata ${(s.bytes / s.n / 1024).toFixed(0).padStart(3)} KiB: ${(s.micros / s.n / 1000).toFixed(2)} ms CPU per rekaman`);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
