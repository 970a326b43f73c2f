import { generatePassword } from '../../../libs/security/password';
import { passwordProblem } from '../auth/user-input';
import { CliFailure, UsageError, stringOption, type CliCommand } from './cli-command';

export const userResetPasswordCommand: CliCommand = {
  name: 'user:reset-password',
  summary: 'mengganti kata sandi pengguna (juga untuk memulihkan akses admin)',
  usage: '<username> [--password <sandi>]',
  details: ['Tanpa --password, kata sandi acak dibuat dan ditampilkan sekali.'],
  options: { password: { type: 'string' } },
  positionals: { min: 1, max: 1, names: '<username>' },
  async run(ctx, args) {
    const username = args.positionals[0] ?? '';
    const given = stringOption(args, 'password');
    const password = given ?? generatePassword();
    const problem = passwordProblem(password);
    if (problem) throw new UsageError(`password: ${problem}`);
    const users = await ctx.users();
    const user = await users.findByUsername(username);
    if (!user) throw new CliFailure(`Pengguna "${username}" tidak ditemukan.`);
    // the session epoch moves on with the hash: every open session of the account ends
    await users.setPassword(user.id, password);
    ctx.out(`Kata sandi ${user.username} telah diganti.`);
    if (!given) {
      ctx.out(`  kata sandi baru: ${password}`);
      ctx.out('  (catat sekarang: kata sandi ini tidak ditampilkan lagi)');
    }
    if (!user.active) ctx.err(`Perhatian: akun ${user.username} tidak aktif; aktifkan dengan \`user:set-active ${user.username} true\`.`);
  },
};
