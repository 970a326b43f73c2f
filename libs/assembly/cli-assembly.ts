import type { Config } from '../config';
import type { Database } from '../db/database';
import { harvestStoreFor } from '../db/harvest-store';
import { organisationStoreFor } from '../db/user-store';
import { createOrganisationsService, type OrganisationsService } from '../catalogue/organisations.service';
import type { RecordsBatch } from '../catalogue/records-batch';
import type { UsersService } from '../catalogue/users.service';
import type * as HarvestRunModule from '../harvest/harvest-run';
import type { HarvestRun } from '../harvest/harvest.types';
import { harvestOutboundPolicy, harvestRunLimits, harvestSecretBox, harvestUserAgent } from '../harvest/harvest-settings';
import type { HarvestSourcesService } from '../harvest/harvest-sources.service';
import { createLogger } from '../logger';
import type { JobSystem } from '../processors/job-system';
import { harvestSourcesOn, recordsBatchOn, usersOn } from './use-case-assembly';

/** What a CLI command hands the harvest administration for schedules (a BullMQ producer, or nothing in embedded mode). */
export type CliHarvestJobs = Pick<JobSystem, 'enqueue' | 'upsertSchedule' | 'removeSchedule'>;

/** Executes one opened harvest run in this process and returns it finished (undefined when it did not run). */
export type HarvestRunner = (run: { sourceId: string; runId: string; incremental: boolean }) => Promise<HarvestRun | undefined>;

/**
 * The use cases of the operator's CLI over the configured database: the same services the API
 * builds (libs/assembly use-case-assembly.ts), so an account, an organisation or a harvest source is
 * checked and stored the same way from both. Loaded by the CLI's runner only when a command first
 * asks for one, so listing the commands or a usage error opens nothing and loads none of this.
 */
export interface CliUseCases {
  users: UsersService;
  organisations: OrganisationsService;
  /** the records use case's batch side (bulk import) */
  recordsBatch: RecordsBatch;
  /** harvest source administration; schedule changes go through `jobs` */
  harvestSources(jobs: CliHarvestJobs): HarvestSourcesService;
  /** a harvest run in the CLI's own process (the worker runs them through its job handler) */
  harvestRunner: HarvestRunner;
}

export function cliUseCasesOn(db: Database, config: Readonly<Config>): CliUseCases {
  return {
    users: usersOn(db),
    organisations: createOrganisationsService({ store: organisationStoreFor(db) }),
    recordsBatch: recordsBatchOn(db),
    harvestSources: (jobs) => harvestSourcesOn(db, jobs, harvestSecretBox(config)),
    async harvestRunner(run) {
      // the protocol clients and the import mapping: loaded by harvest:run only
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const { executeHarvestRun } = require('../harvest/harvest-run') as typeof HarvestRunModule;
      return executeHarvestRun({
        store: harvestStoreFor(db),
        secrets: harvestSecretBox(config),
        userAgent: harvestUserAgent(config),
        outbound: harvestOutboundPolicy(config),
        logger: createLogger('warn', 'cli'),
        limits: harvestRunLimits(config),
      }, { sourceId: run.sourceId, runId: run.runId, trigger: 'cli', incremental: run.incremental });
    },
  };
}
