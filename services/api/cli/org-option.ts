import type { Organisation } from '../../../libs/catalogue/user.types';
import { CliFailure, stringOption, type CliContext, type ParsedArgs } from './cli-command';

/** Resolves the required `--org <id|nama>` option; an unknown organisation is a failure (exit 1). */
export async function resolveOrgOption(ctx: CliContext, args: ParsedArgs): Promise<Organisation> {
  const ref = stringOption(args, 'org', true);
  const org = await (await ctx.organisations()).find(ref);
  if (!org) throw new CliFailure(`Organisasi "${ref}" tidak ditemukan (berikan id atau nama; lihat \`org:list\`).`);
  return org;
}
