import { isAppError } from '../../../libs/errors';
import { CliFailure, UsageError, stringOption, type CliCommand } from './cli-command';
import { cliHarvestJobs } from './harvest-cli-support';
import { resolveOrgOption } from './org-option';

export const harvestAddCommand: CliCommand = {
  name: 'harvest:add',
  summary: 'menambah sumber panen (CSW, OARec, OAI-PMH) untuk sebuah organisasi',
  usage: '<nama> --url <url> --protocol csw|oarec|oai-pmh --org <id|nama> [--mode review|publish] [--page-size N] [--schedule "<cron>"] '
    + '[--constraint <teks>] [--record-form iso19139|iso19115-3] [--username U --password P] [--owner <username>]',
  details: [
    'Rekaman panen dimiliki --owner (bawaan: ADMIN aktif pertama organisasi).',
    'Jadwal: cron lima bagian (UTC), mis. "0 2 * * *"; tanpa jadwal = hanya dijalankan manual.',
    'Kredensial disimpan terenkripsi (AES-256-GCM) dan tidak pernah ditampilkan.',
  ],
  options: {
    url: { type: 'string' }, protocol: { type: 'string' }, org: { type: 'string' }, mode: { type: 'string' }, 'page-size': { type: 'string' },
    schedule: { type: 'string' }, constraint: { type: 'string' }, 'record-form': { type: 'string' }, username: { type: 'string' },
    password: { type: 'string' }, owner: { type: 'string' },
  },
  positionals: { min: 1, max: 1, names: '<nama>' },
  async run(ctx, args) {
    const url = stringOption(args, 'url', true);
    const protocol = stringOption(args, 'protocol', true);
    stringOption(args, 'org', true);
    const username = stringOption(args, 'username');
    const password = typeof args.values.password === 'string' ? args.values.password : undefined;
    if ((username === undefined) !== (password === undefined)) throw new UsageError('--username dan --password diberikan bersama');
    const pageSize = stringOption(args, 'page-size');
    const body: Record<string, unknown> = {
      name: args.positionals[0], url, protocol,
      ...(stringOption(args, 'mode') ? { mode: stringOption(args, 'mode') } : {}),
      ...(pageSize !== undefined ? { pageSize: Number(pageSize) } : {}),
      ...(stringOption(args, 'schedule') ? { schedule: stringOption(args, 'schedule') } : {}),
      ...(stringOption(args, 'constraint') ? { constraint: stringOption(args, 'constraint') } : {}),
      ...(stringOption(args, 'record-form') ? { recordForm: stringOption(args, 'record-form') } : {}),
      ...(username !== undefined ? { credentials: { username, password } } : {}),
    };
    const org = await resolveOrgOption(ctx, args);
    const users = await ctx.users();
    const ownerName = stringOption(args, 'owner');
    const owner = ownerName
      ? await users.findByUsername(ownerName)
      : (await users.listIn(org.id)).find((u) => u.role === 'ADMIN' && u.active);
    if (!owner || owner.organisationId !== org.id) throw new CliFailure(ownerName ? `Pengguna "${ownerName}" bukan anggota organisasi "${org.name}".` : `Organisasi "${org.name}" tidak memiliki ADMIN aktif; berikan --owner.`);
    body.organisationId = org.id;
    const side = cliHarvestJobs(ctx.config);
    try {
      const s = await (await ctx.harvestSources(side.jobs)).create(null, body, { ownerId: owner.id, defaultOrg: org.id });
      ctx.out(`Sumber panen dibuat: ${s.id} (${s.name}, ${s.protocol}, mode ${s.mode}, ${s.pageSize} per halaman${s.schedule ? `, jadwal "${s.schedule}"` : ', manual'})`);
      if (s.schedule && side.embedded) ctx.out('Mode tertanam: jadwal berlaku saat API dimulai berikutnya.');
    } catch (err) {
      if (isAppError(err)) {
        const fields = (err.extras.errors as { path: string; message: string }[] | undefined)?.map((e) => `${e.path}: ${e.message}`).join('; ');
        throw new CliFailure(`${err.detail ?? err.title}${fields ? ` ${fields}` : ''}`);
      }
      throw err;
    } finally {
      await side.close();
    }
  },
};
