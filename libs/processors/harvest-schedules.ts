import type { HarvestSource } from '../harvest/harvest.types';
import { harvestScheduleId } from '../jobs/job-ids';
import type { JobSystem } from './job-system';
import type { ListScheduledSources } from './job-stores.ports';

/**
 * Source schedules → job schedules. In server mode a BullMQ job scheduler per source lives in
 * Redis (it survives restarts; upserting it again is harmless); embedded mode keeps in-process
 * timers, so the embedded runtime re-registers every schedule at start.
 */
export async function applyHarvestSchedule(jobs: Pick<JobSystem, 'upsertSchedule' | 'removeSchedule'>, source: Pick<HarvestSource, 'id' | 'schedule'>): Promise<void> {
  const id = harvestScheduleId(source.id);
  if (source.schedule) await jobs.upsertSchedule(id, source.schedule, 'harvest.run', { sourceId: source.id, trigger: 'schedule' });
  else await jobs.removeSchedule(id, 'harvest.run');
}

export async function syncHarvestSchedules(listScheduled: ListScheduledSources, jobs: Pick<JobSystem, 'upsertSchedule' | 'removeSchedule'>): Promise<number> {
  const sources = await listScheduled();
  for (const s of sources) await applyHarvestSchedule(jobs, s);
  return sources.length;
}
