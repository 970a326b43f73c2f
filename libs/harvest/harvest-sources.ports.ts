import type { HarvestRun, HarvestSource, RunTrigger, SourceSettings } from './harvest.types';

/**
 * What the harvest source administration needs from storage and from the job queues (libs/db
 * harvest-source.repository.ts and harvest-run.repository.ts, libs/processors harvest-schedules.ts
 * implement them; libs/assembly wires them in).
 */

export interface SourceFields extends SourceSettings {
  /** sealed; null = none; undefined on update = keep */
  credentials?: string | null;
}

export interface HarvestSourceStore {
  findSource(id: string): Promise<HarvestSource | undefined>;
  /** one organisation's sources, or every organisation's (undefined), by name */
  listSources(organisationId?: string): Promise<HarvestSource[]>;
  /** 409 when the organisation has a source of that name */
  insertSource(f: SourceFields & { ownerId: string }): Promise<HarvestSource>;
  updateSource(id: string, f: SourceFields): Promise<HarvestSource | undefined>;
  deleteSource(id: string): Promise<void>;
  organisationExists(id: string): Promise<boolean>;
  /** whether a run of the source is running now */
  hasRunningRun(sourceId: string): Promise<boolean>;
  /** a new queued run, or the open (queued or running) one with `created: false` */
  openRun(sourceId: string, trigger: RunTrigger, incremental: boolean): Promise<{ run: HarvestRun; created: boolean }>;
  /** closes a queued run that no job will pick up, with the reason in its report */
  failRun(runId: string, reason: string): Promise<void>;
  findRun(runId: string): Promise<HarvestRun | undefined>;
  listRuns(sourceId: string): Promise<HarvestRun[]>;
  /** the newest run of every source that has one (without its report) */
  latestRuns(): Promise<HarvestRun[]>;
}

export interface HarvestQueue {
  /** registers (or, with no schedule, removes) the source's cron schedule */
  applySchedule(source: Pick<HarvestSource, 'id' | 'schedule'>): Promise<void>;
  /** queues the run's job; throws when the queue cannot take it */
  enqueueRun(run: { sourceId: string; runId: string; trigger: RunTrigger; incremental: boolean }): Promise<void>;
}
