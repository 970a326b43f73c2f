import type { HarvestResult, RunResult } from './drive';

/** The result table, as aligned text while running and as Markdown for docs/benchmarks at the end. */
const fmt = (x: number, digits = 0): string => x.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

const HEAD = ['case', 'cache', 'req/s', 'p50 ms', 'p99 ms', 'errors / non-2xx', 'matched', 'KB/resp', 'CPU ms/req api+pg+redis', 'req/s per free core'];

function cells(r: RunResult): string[] {
  const cpu = r.cpu ? `${fmt(r.cpu.api, 2)} + ${fmt(r.cpu.postgres, 2)} + ${fmt(r.cpu.redis, 2)}` : '-';
  // what one dedicated core does at this CPU cost per request (the load generator not counted)
  const perCore = r.cpu && r.cpu.total > 0 ? fmt(1000 / r.cpu.total) : '-';
  return [r.name, r.cache, fmt(r.requestsPerSecond), fmt(r.p50), fmt(r.p99), `${r.errors} / ${r.non2xx}`, r.matched, fmt(r.bytesPerResponse / 1024, 1), cpu, perCore];
}

export function textTable(rows: RunResult[]): string {
  const all = [HEAD, ...rows.map(cells)];
  const widths = HEAD.map((_, i) => Math.max(...all.map((r) => r[i]!.length)));
  return all.map((r) => r.map((c, i) => (i === 0 || i === 1 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ')).join('\n');
}

export function harvestLine(h: HarvestResult): string {
  return `panen penuh gmd (${h.cache}): ${fmt(h.records)} rekaman dari ${fmt(h.matched)}, ${h.pages} halaman × 500, ` +
    `${fmt(h.bytes / 1024 / 1024, 1)} MB dalam ${fmt(h.seconds, 1)} s (${fmt(h.records / h.seconds)} rekaman/s; X-Cache hit ${h.hits}/${h.pages})` +
    (h.cpu ? `; CPU ${fmt(h.cpu.api / 1000, 1)} s api + ${fmt(h.cpu.postgres / 1000, 1)} s pg + ${fmt(h.cpu.redis / 1000, 1)} s redis` : '');
}

export interface Conditions {
  n: number;
  connections: number;
  /** requests per second arriving at random, the open loop (DriveOptions.rate); `connections` then unused */
  rate?: number;
  durationSeconds: number;
  loadBefore: number[];
  loadAfter: number[];
  cores: number;
  node: string;
  date: string;
}

export function markdown(rows: RunResult[], harvests: HarvestResult[], c: Conditions): string {
  const lines = [
    `CSW benchmark, ${fmt(c.n)} PUBLISHED records, ${c.rate !== undefined ? `${c.rate} requests/s arriving at random (Poisson, open loop)` : `${c.connections} connections`} × ${c.durationSeconds} s per case on loopback, ` +
      `${c.cores} cores, Node ${c.node}, ${c.date}; load average ${c.loadBefore.map((x) => x.toFixed(2)).join(' / ')} before, ` +
      `${c.loadAfter.map((x) => x.toFixed(2)).join(' / ')} after. Uncached: every request misses the response cache ` +
      '(a unique requestId, a unique updateSequence for GetCapabilities, a different record for GetRecordById); ' +
      'the exact count of a repeated filter may come from the count memo, except in the "hitungan baru" rows, where every ' +
      'request is a new filter. Cached: the identical request repeated. CPU ms/req: CPU time of the API process, ' +
      'the PostgreSQL backends of the bench database and the Redis server (/proc, before and after each run) per request; ' +
      '"req/s per free core" = 1000 / that total, what one dedicated core would serve (the API is one Node process: one core at most).',
    '',
    `| ${HEAD.join(' | ')} |`,
    `|${HEAD.map((_, i) => (i < 2 ? '---' : '---:')).join('|')}|`,
    ...rows.map((r) => `| ${cells(r).join(' | ')} |`),
    '',
    ...harvests.map((h) => `- ${harvestLine(h)}`),
  ];
  return lines.join('\n');
}
