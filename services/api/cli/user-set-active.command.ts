import { CliFailure, UsageError, type CliCommand } from './cli-command';

export const userSetActiveCommand: CliCommand = {
  name: 'user:set-active',
  summary: 'mengaktifkan atau menonaktifkan pengguna',
  usage: '<username> true|false',
  details: ['Pengguna nonaktif tidak dapat masuk, dan sesinya yang masih terbuka langsung berhenti berlaku.'],
  options: {},
  positionals: { min: 2, max: 2, names: '<username> true|false' },
  async run(ctx, args) {
    const [username = '', flag = ''] = args.positionals;
    if (flag !== 'true' && flag !== 'false') throw new UsageError(`nilai harus true atau false, bukan "${flag}"`);
    const active = flag === 'true';
    const users = await ctx.users();
    const user = await users.findByUsername(username);
    if (!user) throw new CliFailure(`Pengguna "${username}" tidak ditemukan.`);
    await users.setFlags(user.id, { active });
    ctx.out(`Pengguna ${user.username} sekarang ${active ? 'aktif' : 'nonaktif'}.`);
    if (!active && user.role === 'ADMIN') {
      // the CLI is the operator's recovery tool, so it may do this; it just says what it means
      const admins = (await users.listIn(user.organisationId)).filter((u) => u.role === 'ADMIN' && u.active);
      if (admins.length === 0) ctx.err('Perhatian: organisasi ini kini tidak memiliki admin aktif.');
    }
  },
};
