/**
 * What a process keeps between requests (local copies of cache entries, the count memo) is
 * valid for a generation only as long as this process has followed that generation without
 * a gap. Two things break the chain while the generation NUMBER may look the same:
 * - the store failed (Redis down): a change committed meanwhile could not bump anything;
 * - the store lost its data (Redis restarted without persistence): the counter starts again
 *   and can repeat a number seen before.
 * So local state is keyed by a scope `<epoch>:<generation>`, and the epoch moves on after any
 * store error and whenever the generation goes backwards: everything kept before is then
 * unreachable. The shared entries in the store need none of this: they vanish with the store.
 */
export interface LocalScope {
  /** a store error was seen: forget everything kept locally */
  forget(): void;
  /** the scope for a generation just read from the store */
  of(generation: number): string;
}

export function createLocalScope(): LocalScope {
  let epoch = 0;
  let last: number | undefined;
  // the string of the last answer, reused while nothing moved: a cache hit asks on every request
  let scope = '';
  let scopeOf: { epoch: number; generation: number } | undefined;
  return {
    forget() {
      epoch += 1;
    },
    of(generation) {
      if (last !== undefined && generation < last) epoch += 1;
      last = generation;
      if (!scopeOf || scopeOf.epoch !== epoch || scopeOf.generation !== generation) {
        scope = `${epoch}:${generation}`;
        scopeOf = { epoch, generation };
      }
      return scope;
    },
  };
}
