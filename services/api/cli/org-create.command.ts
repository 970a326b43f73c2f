import { UsageError, type CliCommand } from './cli-command';

const MAX_NAME = 200;

export const orgCreateCommand: CliCommand = {
  name: 'org:create',
  summary: 'membuat organisasi',
  usage: '<nama> [--lintas-org]',
  details: ['--lintas-org   izinkan reviewer (QCQE) dari organisasi lain'],
  options: { 'lintas-org': { type: 'boolean' } },
  positionals: { min: 1, max: 1, names: '<nama>' },
  async run(ctx, args) {
    const name = (args.positionals[0] ?? '').trim();
    if (name === '' || name.length > MAX_NAME) throw new UsageError(`nama organisasi harus 1–${MAX_NAME} karakter`);
    const allow = args.values['lintas-org'] === true;
    // a taken name (case-insensitive) comes back as AppError CONFLICT: exit code 1
    const org = await (await ctx.organisations()).create({ name, allowLintasOrgReviewer: allow });
    ctx.out(`Organisasi dibuat: ${org.name}`);
    ctx.out(`  id: ${org.id}`);
    ctx.out(`  reviewer lintas organisasi: ${org.allowLintasOrgReviewer ? 'diizinkan' : 'tidak diizinkan'}`);
  },
};
