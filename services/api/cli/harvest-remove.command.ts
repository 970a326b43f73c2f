import { isAppError } from '../../../libs/errors';
import { CliFailure, type CliCommand } from './cli-command';
import { cliHarvestJobs } from './harvest-cli-support';

export const harvestRemoveCommand: CliCommand = {
  name: 'harvest:remove',
  summary: 'menghapus sumber panen (rekaman panennya tetap, menjadi rekaman lokal)',
  usage: '<id-sumber>',
  options: {},
  positionals: { min: 1, max: 1, names: '<id-sumber>' },
  async run(ctx, args) {
    const side = cliHarvestJobs(ctx.config);
    try {
      await (await ctx.harvestSources(side.jobs)).remove(null, args.positionals[0]!);
      ctx.out(`Sumber panen ${args.positionals[0]} dihapus.`);
    } catch (err) {
      if (isAppError(err)) throw new CliFailure(err.detail ?? err.title);
      throw err;
    } finally {
      await side.close();
    }
  },
};
