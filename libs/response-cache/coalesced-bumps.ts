/**
 * The public generation bumps of the jobs, coalesced (issue 21: after a 10,000-record import
 * the worker bumped once per record for 7 minutes, and nearly every public request missed the
 * cache the whole time). A bump makes every cached answer unreachable, so a burst of changes
 * should be one bump, made after the last of them:
 *
 * - `changed()` is called by a job after it stored what the change altered (its renders);
 * - while more changes wait in the queue (`changesQueued`), the bump is left to them: the
 *   last change of the burst finds the queue empty and bumps once for all;
 * - a burst that goes on and on still bumps every `settleMs` (a timer armed by the first
 *   deferred change), so what was stored becomes visible within that time;
 * - a bump already under way may have been sent before this change was stored, so a change
 *   that arrives during one waits for it and then shares ONE following bump with every other
 *   change that arrived meanwhile.
 *
 * What a coalesced bump defers is only the visibility of new render bytes: a status change is
 * bumped by the API when it commits (libs/catalogue AfterCommit), so the public lists are
 * fresh at once; the CSW answers rendered on the spot meanwhile carry the same bytes as the
 * renders the jobs store.
 */
export interface CoalescedBumps {
  /**
   * A change is stored. Resolves `true` once a bump made after this call completed (the
   * caller may warm the cache), `false` when the bump was left to a later change or to the
   * timer. Rejects when the bump failed (the job retries; the change stays pending).
   */
  changed(): Promise<boolean>;
  /** bumps made so far (metrics, tests) */
  bumps(): number;
  /** makes the pending bump now (orderly shutdown) and stops the timer */
  close(): Promise<void>;
}

export interface CoalescedBumpsOptions {
  /** one bump of the public generation; undefined = it failed (bumpPublicGeneration) */
  bump(): Promise<number | undefined>;
  /** more record changes are waiting in this process's queue */
  changesQueued?(): boolean | Promise<boolean>;
  /** the longest a stored change waits for its bump while a burst goes on (default 10 s) */
  settleMs?: number;
  logger?: { warn(obj: object, msg: string): void };
}

export const DEFAULT_SETTLE_MS = 10_000;

export function createCoalescedBumps(opts: CoalescedBumpsOptions): CoalescedBumps {
  const settleMs = opts.settleMs ?? DEFAULT_SETTLE_MS;
  let pending = false;
  let made = 0;
  let timer: NodeJS.Timeout | undefined;
  let inflight: Promise<void> | undefined;
  let following: Promise<void> | undefined;

  const once = async (): Promise<void> => {
    pending = false;
    if (timer) {
      clearTimeout(timer);
      timer = undefined;
    }
    try {
      const next = await opts.bump();
      if (next === undefined) throw new Error('generasi cache respons publik belum dapat dinaikkan');
      made += 1;
    } catch (err) {
      pending = true; // not made: the next change, the timer or the job's retry makes it
      throw err;
    }
  };

  /** a bump that starts after this call (joins the one queued behind a bump under way) */
  const flush = (): Promise<void> => {
    if (!inflight) {
      inflight = once().finally(() => { inflight = undefined; });
      return inflight;
    }
    following ??= inflight.catch(() => undefined).then(() => {
      following = undefined;
      return flush();
    });
    return following;
  };

  const arm = (): void => {
    if (timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      if (!pending) return;
      flush().catch((err: unknown) => {
        opts.logger?.warn({ err: (err as Error)?.message ?? String(err) }, 'generasi cache respons publik belum naik; dicoba lagi');
        arm();
      });
    }, settleMs);
    timer.unref?.();
  };

  return {
    async changed() {
      pending = true;
      if (await opts.changesQueued?.()) {
        arm();
        return false;
      }
      await flush();
      return true;
    },
    bumps: () => made,
    async close() {
      if (timer) clearTimeout(timer);
      timer = undefined;
      if (pending) await flush().catch(() => undefined);
    },
  };
}
