import { listSources } from '../../../libs/db/harvest-source.repository';
import { formatTable, type CliCommand } from './cli-command';

export const harvestListCommand: CliCommand = {
  name: 'harvest:list',
  summary: 'menampilkan sumber panen dan run terakhirnya',
  usage: '',
  options: {},
  positionals: { min: 0, max: 0, names: '' },
  async run(ctx) {
    const db = await ctx.db();
    const sources = await listSources(db);
    if (sources.length === 0) {
      ctx.out('Belum ada sumber panen.');
      return;
    }
    const last = await db.query<{ source_id: string; status: string; finished_at: Date | null }>(
      `SELECT DISTINCT ON (source_id) source_id, status, finished_at FROM harvest_runs ORDER BY source_id, queued_at DESC`,
    );
    const byId = new Map(last.rows.map((r) => [r.source_id, r]));
    for (const line of formatTable(
      ['ID', 'NAMA', 'PROTOKOL', 'MODE', 'JADWAL', 'ORGANISASI', 'RUN TERAKHIR', 'URL'],
      sources.map((s) => {
        const r = byId.get(s.id);
        return [s.id, s.name, s.protocol, s.mode, s.schedule ?? '-', s.organisationId, r ? `${r.status}${r.finished_at ? ` ${new Date(r.finished_at).toISOString()}` : ''}` : '-', s.url];
      }),
    )) ctx.out(line);
  },
};
