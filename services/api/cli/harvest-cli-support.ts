import type { Config } from '../../../libs/config';
import type * as BullmqRunnerModule from '../../../libs/jobs/bullmq-runner';
import { bullPrefix } from '../../../libs/jobs/redis-connection';
import { createLogger } from '../../../libs/logger';
import type { CliHarvestJobs } from '../../../libs/assembly/cli-assembly';

/**
 * BullMQ, loaded only by a command that touches a schedule in server mode: loading it costs
 * most of a second, which every CLI command paid when the command list imported it.
 */
function loadBullmqRunner(): typeof BullmqRunnerModule.createBullmqRunner {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require('../../../libs/jobs/bullmq-runner') as typeof BullmqRunnerModule).createBullmqRunner;
}

/**
 * The job side of the harvest CLI commands. Server mode: a BullMQ producer, so a schedule added
 * or removed from the CLI reaches the worker's job schedulers at once. Embedded mode: nothing to
 * connect to — the API registers every schedule again when it starts.
 */
export function cliHarvestJobs(config: Readonly<Config>): { jobs: CliHarvestJobs; close(): Promise<void>; embedded: boolean } {
  if (!config.redisUrl) {
    return {
      embedded: true,
      jobs: {
        upsertSchedule: async () => undefined,
        removeSchedule: async () => undefined,
        enqueue: async () => { throw new Error('mode tertanam: run dijalankan langsung oleh harvest:run'); },
      },
      close: async () => undefined,
    };
  }
  // opened on first use: a command that touches no schedule never connects to Redis
  let runner: ReturnType<typeof BullmqRunnerModule.createBullmqRunner> | undefined;
  const get = () => (runner ??= loadBullmqRunner()({ redisUrl: config.redisUrl!, prefix: bullPrefix(config.redisPrefix), logger: createLogger('warn', 'cli') }));
  return {
    embedded: false,
    jobs: {
      upsertSchedule: (id, pattern, name, payload) => get().upsertSchedule(id, pattern, name, payload),
      removeSchedule: (id, name) => get().removeSchedule(id, name),
      enqueue: (name, payload, opts) => get().add(name, payload, opts),
    },
    close: async () => { await runner?.close(); },
  };
}

/** For a command that only reads harvest sources: any schedule or queue call is a programming error. */
export const READ_ONLY_HARVEST_JOBS: CliHarvestJobs = {
  upsertSchedule: async () => { throw new Error('perintah baca saja: jadwal tidak diubah'); },
  removeSchedule: async () => { throw new Error('perintah baca saja: jadwal tidak diubah'); },
  enqueue: async () => { throw new Error('perintah baca saja: tidak ada run yang diantrekan'); },
};
