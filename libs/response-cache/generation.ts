import type { KeyValueStore } from '../cache/key-value';
import type { TrustedGeneration } from '../cache/generation-broadcast';

/**
 * The generation of the public catalogue: what anyone can see through the public protocols
 * (CSW, OGC API – Records) and pages. Every change of it (a publish, an unpublish, an edit of a
 * published record, a new service identity) bumps the generation when it commits. The public
 * response cache is keyed by (generation, canonical request), so a bump makes every cached
 * response unreachable at once — no scan, no per-key invalidation — and the old entries expire
 * by their TTL; the count memo and local copies follow the same number (local-scope.ts).
 * The stored key keeps its first name (`csw:generation`, from when CSW alone was cached):
 * processes of the previous release that still run during a deploy bump the same key.
 */
export const PUBLIC_GENERATION_KEY = 'csw:generation';

export async function currentPublicGeneration(kv: KeyValueStore): Promise<number> {
  return Number((await kv.get(PUBLIC_GENERATION_KEY)) ?? 0);
}

/**
 * Bumps the generation. With Redis it returns only when every API replica that follows the
 * generation (followPublicGeneration) has the new value or has stopped trusting its own
 * (generation-broadcast.ts): the caller may then tell its client that the change is visible.
 */
export async function bumpPublicGeneration(kv: KeyValueStore, logger?: { warn(obj: object, msg: string): void }): Promise<number | undefined> {
  try {
    const broadcast = kv.generationBroadcast?.(PUBLIC_GENERATION_KEY);
    return await (broadcast ? broadcast.bump() : kv.incr(PUBLIC_GENERATION_KEY));
  } catch (err) {
    // Redis down: responses are then served from PostgreSQL, not from the cache, so nothing
    // stale is served now; the worker bumps again when it processes the event.
    logger?.warn({ err: (err as Error).message }, 'generasi cache respons publik tidak dapat dinaikkan');
    return undefined;
  }
}

/**
 * Starts following the generation in this process (an API replica): cache hits then use the
 * value held under a lease instead of reading Redis per request. Nothing to do in memory mode.
 */
export async function followPublicGeneration(kv: KeyValueStore): Promise<{ close(): Promise<void> }> {
  const broadcast = kv.generationBroadcast?.(PUBLIC_GENERATION_KEY);
  if (!broadcast) return { close: async () => undefined };
  await broadcast.follow();
  return { close: () => broadcast.close() };
}

/** The generation this process holds under a lease (undefined: not following, or the lease lapsed: ask the store). */
export function trustedPublicGeneration(kv: KeyValueStore): TrustedGeneration | undefined {
  return kv.generationBroadcast?.(PUBLIC_GENERATION_KEY).trusted();
}

/**
 * Reads of the current generation that share one store round trip. A caller joins a read that
 * has not been SENT yet — it is sent on the event loop's next check phase, after every request
 * read from the sockets in this turn has asked — and never one already under way: a read sent
 * before a request arrived may predate a change committed before that request, and would let
 * it be answered from the old generation. So every answer still rests on a read of the store
 * made after its request arrived (a publish is visible on the very next request, on any
 * replica), while under concurrency one GET serves all the requests of a loop turn.
 * The in-process store (embedded mode) is read directly: there is no round trip to save.
 */
export function createGenerationReader(kv: KeyValueStore): () => Promise<number> {
  if (kv.kind === 'memory') return () => currentPublicGeneration(kv);
  let unsent: Promise<number> | undefined;
  return () => {
    unsent ??= new Promise<number>((resolve, reject) => {
      setImmediate(() => {
        unsent = undefined; // from here on, callers wait for the next read
        currentPublicGeneration(kv).then(resolve, reject);
      });
    });
    return unsent;
  };
}
