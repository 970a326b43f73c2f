import { parseArgs } from 'node:util';
import { parseForms } from './copy-stream';
import { fastLoad } from './load';

/**
 * `npm run bench:fast-load -- --n 100000` — makes (or reuses) `gk_million_<n>` with the fast
 * loader (see load.ts) and prints the load time, the rate and the database size.
 */
const log = (s: string): void => {
  process.stderr.write(`[fast-load ${new Date().toISOString().slice(11, 19)}] ${s}\n`);
};

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      n: { type: 'string', default: '100000' },
      pg: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
      streams: { type: 'string', default: '3' },
      forms: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    process.stdout.write('npm run bench:fast-load -- [--n <jumlah rekaman>] [--streams <aliran COPY paralel, bawaan 3>] [--forms gmd,dc-brief,… (bawaan semua bentuk)] [--pg <url admin PostgreSQL>]\n');
    return;
  }
  const n = Number(values.n);
  if (!Number.isInteger(n) || n < 1) throw new Error('--n harus bilangan bulat ≥ 1');
  const streams = Number(values.streams);
  if (!Number.isInteger(streams) || streams < 1) throw new Error('--streams harus bilangan bulat ≥ 1');
  const r = await fastLoad({ n, adminUrl: values.pg, log, streams, forms: parseForms(values.forms) });
  const gb = (r.databaseBytes / 1024 ** 3).toFixed(2);
  if (r.reused) {
    process.stdout.write(`${r.name}: dipakai ulang, ${n} rekaman, ukuran ${gb} GiB\n`);
    return;
  }
  process.stdout.write(`${r.name}: ${n} rekaman dimuat dalam ${r.seconds.toFixed(0)} s (${(n / r.seconds).toFixed(0)} rekaman/s), ukuran ${gb} GiB\n`);
  for (const s of r.steps) process.stdout.write(`  ${s.step}: ${s.seconds.toFixed(1)} s\n`);
}

main().then(() => process.exit(0), (err: unknown) => {
  process.stderr.write(`muat cepat gagal: ${(err as Error)?.stack ?? String(err)}\n`);
  process.exit(1);
});
