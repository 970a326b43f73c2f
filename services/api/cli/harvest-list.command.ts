import { formatTable, type CliCommand } from './cli-command';
import { READ_ONLY_HARVEST_JOBS } from './harvest-cli-support';

export const harvestListCommand: CliCommand = {
  name: 'harvest:list',
  summary: 'menampilkan sumber panen dan run terakhirnya',
  usage: '',
  options: {},
  positionals: { min: 0, max: 0, names: '' },
  async run(ctx) {
    const sources = await (await ctx.harvestSources(READ_ONLY_HARVEST_JOBS)).overview();
    if (sources.length === 0) {
      ctx.out('Belum ada sumber panen.');
      return;
    }
    for (const line of formatTable(
      ['ID', 'NAMA', 'PROTOKOL', 'MODE', 'JADWAL', 'ORGANISASI', 'RUN TERAKHIR', 'URL'],
      sources.map(({ source: s, lastRun: r }) => [
        s.id, s.name, s.protocol, s.mode, s.schedule ?? '-', s.organisationId, r ? `${r.status}${r.finishedAt ? ` ${new Date(r.finishedAt).toISOString()}` : ''}` : '-', s.url,
      ]),
    )) ctx.out(line);
  },
};
