import type { Logger } from '../logger';
import { createCswClient } from './csw-client';
import type { HarvestRow, HarvestStore } from './harvest.ports';
import { emptyCounts, type HarvestRun, type HarvestSource, type RunReport, type RunTrigger } from './harvest.types';
import { createOutboundClient, OutboundError, type OutboundClient, type OutboundPolicy } from '../outbound';
import { mapItem } from './map-items';
import { createOaiClient } from './oai-client';
import { createOarecClient } from './oarec-client';
import { HarvestRefusal, logDetail, PagingError, type HarvestItem, type ProtocolClient } from './protocol-client';
import { DEFAULT_LIMITS, RunLimitReached, type RunLimits } from './run-limits';

export { DEFAULT_LIMITS, type RunLimits };
import type { SecretBox } from './secret-box';

/**
 * One harvest run, from capabilities to report. Rules (the issue's, and why):
 * - one run per source at a time: a queued/running run row per source (unique index) plus a
 *   lease on the source row renewed every page, so two workers never harvest one source at once;
 * - the listing is paged with loop guards (the client checks that paging advances; here a page
 *   limit and a total time limit), and each page is written in one transaction as it arrives;
 * - only what changed is written: an identifier whose content hash equals last time's is
 *   "unchanged" and never mapped or written;
 * - one record that cannot be mapped or stored is reported and skipped, never the run;
 * - an identifier held by a local record or another source is skipped and reported;
 * - vanished records are withdrawn only after a FULL run that completed without errors and
 *   read every record's identifier; OAI-PMH deleted headers are honoured in every run;
 * - a run is bounded by pages, time, records listed and bytes read: an endless source is cut
 *   there, the run keeps what it wrote, says which bound stopped it and withdraws nothing;
 * - every request goes through the outbound client (libs/outbound): only addresses the policy
 *   allows, credentials only to the source's own origin; the report says what failed in
 *   general words and the server log keeps the details.
 */
export const RUNS_KEPT = 50;
const MAX_REPORTED = 1_000;
/** an incremental run asks for changes since the previous listing minus this margin (clock skew) */
const SINCE_MARGIN_MS = 5 * 60 * 1000;

export interface HarvestRunDeps {
  store: HarvestStore;
  secrets: SecretBox;
  userAgent: string;
  /** what the run may connect to (createOutboundPolicy(config.outbound.allow)) */
  outbound: OutboundPolicy;
  logger: Logger;
  limits?: Partial<RunLimits>;
  /** called after every committed page (the API kicks its outbox relay) */
  afterPage?(): void;
  /** called once per finished run (metrics) */
  onFinished?(source: HarvestSource, run: { status: string; report: RunReport }): void;
}

export interface RunRequest {
  sourceId: string;
  /** a run created beforehand (REST/CLI); absent = create one now (schedules) */
  runId?: string;
  trigger: RunTrigger;
  incremental?: boolean;
}

function clientFor(source: HarvestSource, outbound: OutboundClient): ProtocolClient {
  const common = { url: source.url, http: outbound.request, pageSize: source.pageSize, constraint: source.constraint };
  if (source.protocol === 'csw') return createCswClient(common);
  if (source.protocol === 'oai-pmh') return createOaiClient(common);
  return createOarecClient(common);
}

const isRecordError = (err: unknown): boolean => /^(22|23|P0|XX)/.test(String((err as { code?: unknown })?.code ?? ''));

/** Runs (or skips) one run of a source; returns the finished run, or undefined when nothing ran. */
export async function executeHarvestRun(deps: HarvestRunDeps, req: RunRequest): Promise<HarvestRun | undefined> {
  const limits = { ...DEFAULT_LIMITS, ...deps.limits };
  const { store, logger } = deps;
  const found = await store.findSource(req.sourceId);
  if (!found) {
    logger.warn({ sourceId: req.sourceId }, 'sumber panen tidak ada lagi; run dilewati');
    return undefined;
  }
  const source: HarvestSource = found;
  const src = source;
  let runId = req.runId;
  if (!runId) {
    const opened = await store.openRun(source.id, req.trigger, req.incremental ?? false);
    if (!opened.created) {
      logger.info({ sourceId: source.id, openRun: opened.run.id }, 'sumber masih punya run terbuka; run terjadwal dilewati');
      return undefined;
    }
    runId = opened.run.id;
  }

  const t0 = Date.now();
  const counts = emptyCounts();
  const report: RunReport = {
    counts, failures: [], skippedRecords: [], errors: [], recordForm: source.recordForm, incremental: false, matched: null, pages: 0, bytes: 0, durationMs: 0,
  };
  const note = (what: string): string => `Panen "${source.name}" (sumber ${source.id}, run ${runId})${what}`;
  const fail = (list: RunReport['failures'], identifier: string | null, reason: string): void => {
    if (list.length < MAX_REPORTED) list.push({ identifier, reason });
    else report.truncated = true;
  };
  const finish = async (status: 'succeeded' | 'failed' | 'skipped', listedSince: Date | null): Promise<HarvestRun | undefined> => {
    report.durationMs = Date.now() - t0;
    await store.finishRun(runId!, status, report, listedSince);
    await store.pruneRuns(source.id, RUNS_KEPT);
    deps.onFinished?.(source, { status, report });
    logger.info({ sourceId: source.id, runId, status, counts, errors: report.errors.length }, 'run panen selesai');
    return store.findRun(runId!);
  };

  // The lease first, then `running`: openRun() closes a running run that does not hold the
  // source's lease as left by a dead worker, so a run must never be running without it (in the
  // other order a second worker's openRun() could close this run between the two statements and
  // start another one beside it).
  if (!(await store.acquireLease(source.id, runId, limits.leaseSeconds))) {
    if (!(await store.markRunning(runId))) return store.findRun(runId);
    report.errors.push('sumber sedang dipanen oleh run lain; run ini dilewati');
    return finish('skipped', null);
  }
  if (!(await store.markRunning(runId))) {
    await store.releaseLease(source.id, runId);
    return store.findRun(runId);
  }
  // Page n is written while page n+1 is classified and mapped: the mapping (this process) and
  // the insert (a PostgreSQL backend) use different cores. One write at a time, in page order,
  // so the counts and the raced/failed bookkeeping stay what a sequential run gives.
  let writing: Promise<void> = Promise.resolve();
  let outbound: OutboundClient | undefined;
  try {
    const sealed = await store.sealedCredentials(source.id);
    outbound = createOutboundClient({
      policy: deps.outbound, timeoutMs: limits.requestTimeoutMs, maxBytes: limits.maxResponseBytes, userAgent: deps.userAgent,
      // the source's own origin only: a redirect or link elsewhere is fetched without them
      ...(sealed ? { credentials: { ...deps.secrets.open(sealed), origin: sourceOrigin(source.url) } } : {}),
    });
    const client = clientFor(source, outbound);
    const fetched = outbound;
    let listedSince: Date | null = null;
    try {
      const prep = await client.prepare(source.recordForm);
      report.recordForm = prep.recordForm;
      const since = req.incremental && prep.incremental ? await store.lastSuccessSince(source.id) : null;
      report.incremental = since !== null;
      listedSince = new Date(Date.now() - SINCE_MARGIN_MS);
      const seenInRun = new Set<string>();
      const deleted: string[] = [];
      let identifierless = 0;
      for await (const page of client.pages(since ? { since } : {})) {
        report.pages++;
        report.bytes += page.bytes;
        report.matched = client.matched();
        for (const b of page.broken) {
          identifierless++;
          counts.listed++;
          counts.failed++;
          fail(report.failures, b.identifier, b.reason);
        }
        const rows = await preparePage(page.items);
        await writing; // the previous page's write (its error, if any, surfaces here)
        writing = (async () => {
          await writeWithFallback(rows.adds, rows.updates, rows.seen);
          deps.afterPage?.();
        })();
        writing.catch(() => undefined); // awaited on the next page or after the listing
        await store.renewLease(source.id, runId, limits.leaseSeconds);
        if (report.pages >= limits.maxPages) throw new RunLimitReached('pages', `batas ${limits.maxPages} halaman tercapai; paging dihentikan`);
        if (Date.now() - t0 > limits.maxDurationMs) throw new RunLimitReached('time', `batas waktu run ${Math.round(limits.maxDurationMs / 1000)} s terlampaui; paging dihentikan`);
        if (counts.listed >= limits.maxRecords) throw new RunLimitReached('records', `batas ${limits.maxRecords} rekaman per run tercapai; paging dihentikan`);
        if (fetched.bytesRead() >= limits.maxRunBytes) throw new RunLimitReached('bytes', `batas ${limits.maxRunBytes} byte per run tercapai; paging dihentikan`);
      }

      async function preparePage(items: HarvestItem[]): Promise<{ adds: HarvestRow[]; updates: HarvestRow[]; seen: string[] }> {
        const fresh: (HarvestItem & { identifier: string })[] = [];
        for (const it of items) {
          counts.listed++;
          const id = it.identifier!;
          if (seenInRun.has(id)) {
            counts.skipped++;
            fail(report.skippedRecords, id, 'pengenal muncul lebih dari sekali dalam listing; yang pertama dipakai');
            continue;
          }
          seenInRun.add(id);
          if (it.deleted) deleted.push(id);
          else fresh.push({ ...it, identifier: id });
        }
        const known = await store.classify(source.id, fresh.map((i) => i.identifier));
        const adds: HarvestRow[] = [];
        const updates: HarvestRow[] = [];
        const seen: string[] = [];
        for (const it of fresh) {
          const k = known.get(it.identifier);
          if (k?.kind === 'local') {
            counts.skipped++;
            fail(report.skippedRecords, it.identifier, 'pengenal sudah dipakai rekaman lokal; tidak ditimpa');
            continue;
          }
          if (k?.kind === 'other-source') {
            counts.skipped++;
            fail(report.skippedRecords, it.identifier, `pengenal sudah dipanen dari sumber lain ("${k.sourceName}"); tidak ditimpa`);
            continue;
          }
          if (k) seen.push(it.identifier);
          if (k?.kind === 'ours' && k.hash === it.hash && !k.withdrawn) {
            counts.unchanged++;
            continue;
          }
          if (!it.element && it.load) {
            try {
              it.element = await it.load();
            } catch (err) {
              counts.failed++;
              // our own words only (OutboundError, PagingError); anything else is for the log
              const said = err instanceof OutboundError || err instanceof PagingError ? err.message : 'jawaban tidak terbaca';
              fail(report.failures, it.identifier, `rekaman tidak dapat diambil: ${said}`);
              logger.warn({ sourceId: source.id, runId, identifier: it.identifier, detail: logDetail(err) }, 'rekaman panen tidak dapat diambil');
              continue;
            }
          }
          const mapped = mapItem(it);
          if (!mapped.ok) {
            counts.failed++;
            fail(report.failures, it.identifier, mapped.reason);
            continue;
          }
          (k ? updates : adds).push(mapped.row);
        }
        return { adds, updates, seen };
      }

      /** One transaction per page; a row the database refuses is retried alone and reported. */
      async function writeWithFallback(adds: HarvestRow[], updates: HarvestRow[], seen: string[]): Promise<void> {
        const apply = async (a: HarvestRow[], u: HarvestRow[], s: string[]) => {
          const res = await store.writePage({ source: src, runId: runId!, note: note(''), adds: a, updates: u, seen: s });
          counts.added += res.added.length;
          counts.updated += res.updated.length;
          counts.unchanged += u.length - res.updated.length;
          for (const id of res.raced) {
            counts.skipped++;
            fail(report.skippedRecords, id, 'pengenal dipakai rekaman lain selama run; tidak ditimpa');
          }
        };
        try {
          await apply(adds, updates, seen);
        } catch (err) {
          if (!isRecordError(err)) throw err;
          await apply([], [], seen);
          for (const row of [...adds.map((r) => ['a', r] as const), ...updates.map((r) => ['u', r] as const)]) {
            try {
              await apply(row[0] === 'a' ? [row[1]] : [], row[0] === 'u' ? [row[1]] : [], []);
            } catch (e) {
              if (!isRecordError(e)) throw e;
              counts.failed++;
              fail(report.failures, row[1].fileIdentifier, `ditolak basis data: ${(e as Error).message}`);
            }
          }
        }
      }

      await writing;
      if (deleted.length) counts.withdrawn += await store.withdraw(src, runId, note(': dihapus di sumber'), deleted);
      if (report.incremental) report.withdrawalSkipped = 'run inkremental tidak dapat melihat rekaman yang hilang; penarikan hanya dari run penuh';
      else if (identifierless > 0) report.withdrawalSkipped = `${identifierless} rekaman tanpa pengenal terbaca; rekaman yang hilang tidak ditarik`;
      else counts.withdrawn += await store.withdraw(src, runId, note(': tidak ada lagi di sumber'));
      return await finish('succeeded', listedSince);
    } catch (err) {
      if (!(err instanceof HarvestRefusal || err instanceof PagingError || err instanceof OutboundError)) throw err;
      await writing; // what was read before the failure is kept; a write that failed unexpectedly is rethrown
      report.errors.push(err.message);
      if (err instanceof RunLimitReached) report.limitReached = err.limit;
      logger.warn({ sourceId: source.id, runId, error: err.message, detail: logDetail(err) }, 'run panen berhenti');
      report.withdrawalSkipped = 'run tidak selesai tanpa galat; tidak ada rekaman yang ditarik';
      return await finish('failed', null);
    }
  } catch (err) {
    // an unexpected error (the database went away, a bug): the run is recorded as failed
    await writing.catch(() => undefined); // no write of this run still in flight when it is closed
    // its text may hold anything (a peer's bytes included): the log has it, the report says where to look
    report.errors.push('galat tak terduga; rincian ada di log server');
    logger.error({ sourceId: source.id, runId, err }, 'run panen gagal tak terduga');
    report.withdrawalSkipped = 'run tidak selesai tanpa galat; tidak ada rekaman yang ditarik';
    await finish('failed', null).catch(() => undefined);
    throw err;
  } finally {
    outbound?.close();
    await store.releaseLease(source.id, runId).catch(() => undefined);
  }
}

/** scheme, host and port of the configured source URL (URL.origin, so `:80` on http equals no port) */
function sourceOrigin(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return 'null'; // an unparsable URL fails on its first request; no origin ever matches this
  }
}
