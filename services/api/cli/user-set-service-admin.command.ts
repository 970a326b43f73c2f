import { CliFailure, type CliCommand } from './cli-command';

/**
 * The only way (besides the first start, which makes the bootstrap admin one) to grant or take
 * back the service-administrator level: whoever runs the CLI already controls the deployment.
 */
export const userSetServiceAdminCommand: CliCommand = {
  name: 'user:set-service-admin',
  summary: 'menjadikan ADMIN administrator layanan (atau mencabutnya dengan --off)',
  usage: '<username> [--off]',
  details: [
    'Administrator layanan mengelola yang dipakai bersama semua organisasi: identitas CSW,',
    'dasbor antrean /admin/queues dan status komponen bersama. Hanya pengguna berperan ADMIN.',
  ],
  options: { off: { type: 'boolean' } },
  positionals: { min: 1, max: 1, names: '<username>' },
  async run(ctx, args) {
    const [username = ''] = args.positionals;
    const on = args.values.off !== true;
    const users = await ctx.users();
    const user = await users.findByUsername(username);
    if (!user) throw new CliFailure(`Pengguna "${username}" tidak ditemukan.`);
    if (on && user.role !== 'ADMIN') throw new CliFailure(`Pengguna ${user.username} berperan ${user.role}; hanya ADMIN yang dapat menjadi administrator layanan.`);
    await users.setFlags(user.id, { serviceAdmin: on });
    ctx.out(`Pengguna ${user.username} ${on ? 'sekarang administrator layanan' : 'bukan lagi administrator layanan'}.`);
  },
};
