import { generatePassword } from '../../../libs/security/password';
import { ROLES } from '../../../libs/catalogue/record.types';
import { checkNewUser } from '../auth/user-input';
import { UsageError, stringOption, type CliCommand } from './cli-command';
import { resolveOrgOption } from './org-option';

export const userCreateCommand: CliCommand = {
  name: 'user:create',
  summary: 'membuat pengguna di sebuah organisasi',
  usage: `<username> --org <id|nama> --role <${ROLES.join('|')}> [--password <sandi>] [--name <nama lengkap>] [--email <surel>] [--phone <telepon>] [--service-admin]`,
  details: [
    'Tanpa --password, kata sandi acak dibuat dan ditampilkan sekali.',
    '(Kata sandi di baris perintah dapat tersimpan di riwayat shell; kata sandi acak lebih aman.)',
    '--service-admin menjadikan pengguna (harus --role ADMIN) administrator layanan: identitas CSW, dasbor',
    'antrean dan status komponen bersama. Hanya CLI yang dapat memberikannya.',
  ],
  options: {
    org: { type: 'string' },
    role: { type: 'string' },
    password: { type: 'string' },
    name: { type: 'string' },
    email: { type: 'string' },
    phone: { type: 'string' },
    'service-admin': { type: 'boolean' },
  },
  positionals: { min: 1, max: 1, names: '<username>' },
  async run(ctx, args) {
    const given = stringOption(args, 'password');
    const password = given ?? generatePassword();
    const role = stringOption(args, 'role', true).toUpperCase();
    const checked = checkNewUser({
      username: args.positionals[0],
      password,
      role,
      fullName: stringOption(args, 'name'),
      email: stringOption(args, 'email'),
      phone: stringOption(args, 'phone'),
    });
    if (!checked.ok) {
      throw new UsageError(checked.errors.map((e) => `${e.path.replace(/^\//, '') || 'argumen'}: ${e.message}`).join('; '));
    }
    const serviceAdmin = args.values['service-admin'] === true;
    if (serviceAdmin && checked.value.role !== 'ADMIN') throw new UsageError('--service-admin hanya untuk --role ADMIN');
    stringOption(args, 'org', true); // a missing --org is a usage error, before the database is opened
    const org = await resolveOrgOption(ctx, args);
    const input = checked.value;
    const user = await (await ctx.users()).registerIn(org.id, input, { serviceAdmin });
    ctx.out(`Pengguna dibuat: ${user.username} (${user.role}${user.serviceAdmin ? ', administrator layanan' : ''}) di organisasi "${org.name}"`);
    ctx.out(`  id: ${user.id}`);
    if (!given) {
      ctx.out(`  kata sandi: ${password}`);
      ctx.out('  (catat sekarang: kata sandi ini tidak ditampilkan lagi)');
    }
  },
};
