import type { KeyValueStore } from '../cache/key-value';
import { createGenerationReader, trustedPublicGeneration } from './generation';

/**
 * A value of the public catalogue that changes only with the public generation (the service
 * identity: saving it bumps the generation, libs/catalogue/service-identity.ts), read once per
 * generation instead of once per uncached answer. Every replica sees a bump (generation.ts), so
 * a change is visible on the next request anywhere, as without the memo. The generation comes
 * from the lease when this process holds one, else from a shared store read; when the store
 * cannot be read the value is loaded directly (never a stale answer, never a failure of ours).
 * A failed load is not kept.
 */
export function memoByGeneration<T>(kv: KeyValueStore, load: () => Promise<T>): () => Promise<T> {
  const readGeneration = createGenerationReader(kv);
  let kept: { generation: string; value: Promise<T> } | undefined;
  const generation = async (): Promise<string | undefined> => {
    const t = trustedPublicGeneration(kv);
    // a lease's token changes when the store lost its counter (numbers may repeat): key by both
    if (t) return `${t.token}:${t.generation}`;
    return readGeneration().then((g) => `store:${g}`, () => undefined);
  };
  return async () => {
    const g = await generation();
    if (g === undefined) return load();
    if (kept && kept.generation === g) return kept.value;
    const value = load();
    const entry = { generation: g, value };
    kept = entry;
    value.catch(() => {
      if (kept === entry) kept = undefined;
    });
    return value;
  };
}
