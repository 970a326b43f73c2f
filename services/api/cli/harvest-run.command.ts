import { writeFileSync } from 'node:fs';
import { harvestStoreFor } from '../../../libs/db/harvest-store';
import { openRun } from '../../../libs/db/harvest-run.repository';
import { findSourceById } from '../../../libs/db/harvest-source.repository';
import type * as HarvestRunModule from '../../../libs/harvest/harvest-run';
import { harvestOutboundPolicy, harvestRunLimits, harvestSecretBox, harvestUserAgent } from '../../../libs/harvest/harvest-settings';
import { createLogger } from '../../../libs/logger';
import { CliFailure, stringOption, type CliCommand } from './cli-command';

export const harvestRunCommand: CliCommand = {
  name: 'harvest:run',
  summary: 'menjalankan satu run panen sekarang, di proses ini, dan mencetak laporannya',
  usage: '<id-sumber> [--incremental] [--report laporan.json]',
  details: [
    'Keluar dengan kode 1 bila run gagal (laporan tetap tersimpan dan dicetak).',
    'Mode tertanam: bila server berjalan, run memakai basis data server itu (lewat soket di DATA_DIR).',
  ],
  options: { incremental: { type: 'boolean' }, report: { type: 'string' } },
  positionals: { min: 1, max: 1, names: '<id-sumber>' },
  async run(ctx, args) {
    const db = await ctx.db();
    const id = args.positionals[0]!;
    const source = await findSourceById(db, id);
    if (!source) throw new CliFailure(`Sumber panen "${id}" tidak ditemukan (lihat harvest:list).`);
    const incremental = args.values.incremental === true;
    const { run: opened, created } = await openRun(db, id, 'cli', incremental);
    if (!created) throw new CliFailure(`Sumber ini sudah punya run ${opened.id} (${opened.status}).`);
    ctx.out(`Memanen "${source.name}" (${source.protocol}) dari ${source.url} …`);
    // loaded when the command runs, not when the CLI lists its commands: every command paid for it before
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { executeHarvestRun } = require('../../../libs/harvest/harvest-run') as typeof HarvestRunModule;
    const run = await executeHarvestRun({
      store: harvestStoreFor(db),
      secrets: harvestSecretBox(ctx.config),
      userAgent: harvestUserAgent(ctx.config),
      outbound: harvestOutboundPolicy(ctx.config),
      logger: createLogger('warn', 'cli'),
      limits: harvestRunLimits(ctx.config),
    }, { sourceId: id, runId: opened.id, trigger: 'cli', incremental });
    const r = run?.report;
    if (!run || !r) throw new CliFailure('run tidak berjalan');
    const c = r.counts;
    ctx.out(`Run ${run.id}: ${run.status} dalam ${(r.durationMs / 1000).toFixed(1)} s, ${r.pages} halaman, ${(r.bytes / 1e6).toFixed(1)} MB (${r.recordForm}${r.incremental ? ', inkremental' : ''})`);
    ctx.out(`  terdaftar ${c.listed}, ditambah ${c.added}, diperbarui ${c.updated}, tidak berubah ${c.unchanged}, ditarik ${c.withdrawn}, dilewati ${c.skipped}, gagal ${c.failed}`);
    for (const e of r.errors) ctx.err(`  galat: ${e}`);
    if (r.withdrawalSkipped) ctx.out(`  penarikan: ${r.withdrawalSkipped}`);
    for (const f of r.failures.slice(0, 10)) ctx.out(`  gagal ${f.identifier ?? '(tanpa pengenal)'}: ${f.reason}`);
    for (const f of r.skippedRecords.slice(0, 10)) ctx.out(`  dilewati ${f.identifier ?? '-'}: ${f.reason}`);
    const reportFile = stringOption(args, 'report');
    if (reportFile) writeFileSync(reportFile, `${JSON.stringify(run, null, 2)}\n`);
    if (run.status !== 'succeeded') throw new CliFailure(`run ${run.id} ${run.status}`);
  },
};
