import { writeFileSync } from 'node:fs';
import { isAppError } from '../../../libs/errors';
import { CliFailure, stringOption, type CliCommand } from './cli-command';
import { READ_ONLY_HARVEST_JOBS } from './harvest-cli-support';

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
    const id = args.positionals[0]!;
    const incremental = args.values.incremental === true;
    // the run is opened here and executed in this process, so no job is queued for it
    const sources = await ctx.harvestSources(READ_ONLY_HARVEST_JOBS);
    const { source, run: opened, created } = await sources.openOwnRun(id, incremental).catch((err: unknown) => {
      if (isAppError(err) && err.code === 'NOT_FOUND') throw new CliFailure(`Sumber panen "${id}" tidak ditemukan (lihat harvest:list).`);
      throw err;
    });
    if (!created) throw new CliFailure(`Sumber ini sudah punya run ${opened.id} (${opened.status}).`);
    ctx.out(`Memanen "${source.name}" (${source.protocol}) dari ${source.url} …`);
    // the harvest run's modules are loaded by the runner when it runs, not when the CLI lists its commands
    const run = await (await ctx.harvestRunner())({ sourceId: id, runId: opened.id, incremental });
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
