import { formatTable, stringOption, type CliCommand } from './cli-command';
import { resolveOrgOption } from './org-option';

export const userListCommand: CliCommand = {
  name: 'user:list',
  summary: 'menampilkan pengguna sebuah organisasi',
  usage: '--org <id|nama>',
  options: { org: { type: 'string' } },
  positionals: { min: 0, max: 0, names: '' },
  async run(ctx, args) {
    stringOption(args, 'org', true);
    const org = await resolveOrgOption(ctx, args);
    const users = await (await ctx.users()).listIn(org.id);
    if (users.length === 0) {
      ctx.out(`Organisasi "${org.name}" belum memiliki pengguna.`);
      return;
    }
    for (const line of formatTable(
      ['USERNAME', 'PERAN', 'AKTIF', 'NAMA', 'SUREL', 'ID'],
      users.map((u) => [u.username, u.role, u.active ? 'ya' : 'tidak', u.fullName ?? '', u.email ?? '', u.id]),
    )) ctx.out(line);
  },
};
