import type { KeyValueStore } from '../cache/key-value';

/**
 * The CSW response cache is keyed by (generation, canonical request). Bumping the generation
 * makes every cached response unreachable at once — no scan, no per-key invalidation — and
 * the old entries expire by their TTL.
 */
export const CSW_GENERATION_KEY = 'csw:generation';

export async function currentCswGeneration(kv: KeyValueStore): Promise<number> {
  return Number((await kv.get(CSW_GENERATION_KEY)) ?? 0);
}

export async function bumpCswGeneration(kv: KeyValueStore, logger?: { warn(obj: object, msg: string): void }): Promise<number | undefined> {
  try {
    return await kv.incr(CSW_GENERATION_KEY);
  } catch (err) {
    // Redis down: responses are then served from PostgreSQL, not from the cache, so nothing
    // stale is served now; the worker bumps again when it processes the event.
    logger?.warn({ err: (err as Error).message }, 'generasi cache CSW tidak dapat dinaikkan');
    return undefined;
  }
}
