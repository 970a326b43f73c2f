import { formatTable, type CliCommand } from './cli-command';

export const orgListCommand: CliCommand = {
  name: 'org:list',
  summary: 'menampilkan semua organisasi',
  usage: '',
  options: {},
  positionals: { min: 0, max: 0, names: '' },
  async run(ctx) {
    const orgs = await (await ctx.organisations()).list();
    if (orgs.length === 0) {
      ctx.out('Belum ada organisasi.');
      return;
    }
    for (const line of formatTable(
      ['ID', 'NAMA', 'LINTAS-ORG'],
      orgs.map((o) => [o.id, o.name, o.allowLintasOrgReviewer ? 'ya' : 'tidak']),
    )) ctx.out(line);
  },
};
