import { AppError } from '../errors';
import type { Actor } from '../catalogue/user.types';
import type { HarvestQueue, HarvestSourceStore, SourceFields } from './harvest-sources.ports';
import type { HarvestRun, HarvestSource, RunTrigger } from './harvest.types';
import type { SecretBox } from './secret-box';
import { parseSourceInput, type SourceInput } from './source-input';

/**
 * Harvest source administration, shared by the REST routes and the CLI: an ADMIN manages the
 * sources of their own organisation (anything else is 404, as for records; a `null` actor is
 * the operator's CLI); credentials are sealed before they are stored and never returned; a
 * schedule change is applied to the job schedulers at once.
 */
/**
 * The caller of the REST API: an organisation's ADMIN, who manages that organisation's sources,
 * or a service administrator (`serviceAdmin`), who manages every organisation's sources. New
 * sources are always created in the caller's own organisation (the owner of harvested records
 * must belong to it); the CLI adds sources to another organisation with `--owner`.
 */
export type HarvestAdmin = Actor & { serviceAdmin?: boolean };

export interface HarvestSourcesService {
  list(actor: HarvestAdmin): Promise<HarvestSource[]>;
  get(actor: HarvestAdmin | null, id: string): Promise<HarvestSource>;
  create(actor: HarvestAdmin | null, body: unknown, opts: { ownerId: string; defaultOrg: string }): Promise<HarvestSource>;
  update(actor: HarvestAdmin | null, id: string, body: unknown): Promise<HarvestSource>;
  remove(actor: HarvestAdmin | null, id: string): Promise<void>;
  /** opens a run and queues it; 409 with the open run when the source already has one queued or running */
  requestRun(actor: HarvestAdmin | null, id: string, trigger: RunTrigger, incremental: boolean): Promise<HarvestRun>;
  runs(actor: HarvestAdmin, id: string): Promise<HarvestRun[]>;
  /** the operator's overview (CLI): every organisation's sources by name, each with its newest run (report left out) */
  overview(): Promise<{ source: HarvestSource; lastRun: HarvestRun | undefined }[]>;
  /**
   * The operator's run in the CLI's own process: the run is opened but not queued, since the caller
   * executes it itself; `created: false` with the open run when the source already has one queued or running.
   */
  openOwnRun(id: string, incremental: boolean): Promise<{ source: HarvestSource; run: HarvestRun; created: boolean }>;
  run(actor: HarvestAdmin, id: string, runId: string): Promise<HarvestRun>;
}

export interface HarvestSourcesDeps {
  store: HarvestSourceStore;
  queue: HarvestQueue;
  secrets: SecretBox;
}

const notFound = (): AppError => new AppError('NOT_FOUND', 'Sumber panen tidak ditemukan.');

function checkOrg(actor: Actor | null, organisationId: string): void {
  if (actor && organisationId !== actor.organisationId) {
    throw new AppError('FORBIDDEN', 'ADMIN hanya dapat mengelola sumber panen organisasinya sendiri.');
  }
}

export function createHarvestSourcesService(deps: HarvestSourcesDeps): HarvestSourcesService {
  const { store, queue, secrets } = deps;

  const fields = (input: SourceInput): SourceFields => {
    const { credentials, ...rest } = input;
    return { ...rest, ...(credentials === undefined ? {} : { credentials: credentials === null ? null : secrets.seal(credentials) }) };
  };

  /** The source if `actor` may manage it (ADMIN of its organisation, a service administrator, or the CLI). */
  const get = async (actor: HarvestAdmin | null, id: string): Promise<HarvestSource> => {
    const s = await store.findSource(id);
    if (!s || (actor && !actor.serviceAdmin && s.organisationId !== actor.organisationId)) throw notFound();
    return s;
  };

  return {
    list: (actor) => store.listSources(actor.serviceAdmin ? undefined : actor.organisationId),
    get,

    async create(actor, body, opts) {
      const input = parseSourceInput(body, undefined, opts.defaultOrg);
      checkOrg(actor, input.organisationId);
      if (!(await store.organisationExists(input.organisationId))) {
        throw new AppError('VALIDATION_FAILED', 'Organisasi tujuan tidak ada.', { extras: { errors: [{ path: '/organisationId', message: 'Organisasi tidak ditemukan.' }] } });
      }
      const source = await store.insertSource({ ...fields(input), ownerId: opts.ownerId });
      if (source.schedule) await queue.applySchedule(source);
      return source;
    },

    async update(actor, id, body) {
      const current = await get(actor, id);
      const input = parseSourceInput(body, current, current.organisationId);
      // a service administrator edits another organisation's source in place; moving a source
      // to another organisation is only ever to the caller's own
      if (input.organisationId !== current.organisationId || !actor?.serviceAdmin) checkOrg(actor, input.organisationId);
      const updated = await store.updateSource(id, fields(input));
      if (!updated) throw notFound();
      if (updated.schedule !== current.schedule) await queue.applySchedule(updated);
      return updated;
    },

    async remove(actor, id) {
      const source = await get(actor, id);
      if (await store.hasRunningRun(id)) throw new AppError('CONFLICT', 'Sumber sedang dipanen; hapus setelah run selesai.');
      if (source.schedule) await queue.applySchedule({ id, schedule: null });
      await store.deleteSource(id);
    },

    async requestRun(actor, id, trigger, incremental) {
      await get(actor, id);
      const { run, created } = await store.openRun(id, trigger, incremental);
      if (!created) throw new AppError('CONFLICT', 'Sumber ini sudah punya run yang menunggu atau berjalan.', { extras: { run } });
      try {
        await queue.enqueueRun({ sourceId: id, runId: run.id, trigger, incremental });
      } catch (err) {
        // a queued run that no job will ever pick up would block the source: close it at once
        await store.failRun(run.id, `run tidak dapat diantrekan: ${(err as Error).message}`);
        throw err;
      }
      return run;
    },

    async runs(actor, id) {
      const source = await get(actor, id);
      return store.listRuns(source.id);
    },

    async overview() {
      const sources = await store.listSources();
      const bySource = new Map((await store.latestRuns()).map((r) => [r.sourceId, r]));
      return sources.map((source) => ({ source, lastRun: bySource.get(source.id) }));
    },

    async openOwnRun(id, incremental) {
      const source = await get(null, id);
      const { run, created } = await store.openRun(id, 'cli', incremental);
      return { source, run, created };
    },

    async run(actor, id, runId) {
      const source = await get(actor, id);
      const run = await store.findRun(runId);
      if (!run || run.sourceId !== source.id) throw new AppError('NOT_FOUND', 'Run panen tidak ditemukan.');
      return run;
    },
  };
}
