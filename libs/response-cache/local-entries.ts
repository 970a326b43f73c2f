/**
 * A small in-process copy of recent cache entries, in front of the shared store (Redis). A
 * hit then costs one small GET (the current generation) instead of also fetching, decoding
 * and re-encoding a body of 10–500 KB; the body is kept as the bytes that are sent.
 *
 * It changes nothing about what is served: an entry here is used under exactly the rule of
 * the shared entry it copies — only while its generation is the current one (read from the
 * store on every request, within the same local scope, see local-scope.ts) and never after the
 * shared entry's own lifetime. Bounded by total
 * bytes (least recently used first); large answers (harvest pages) are not kept here.
 */
export interface LocalEntry {
  /** the local scope (local-scope.ts) the entry was valid in */
  scope: string;
  status: number;
  etag: string;
  contentType: string;
  body: string;
  bytes: Buffer;
  /** the answer built from this entry, kept by its user (response-cache.ts) so a hit builds nothing */
  answer?: unknown;
}

export interface LocalEntries {
  get(key: string): LocalEntry | undefined;
  set(key: string, entry: Omit<LocalEntry, 'bytes'>, ttlSeconds: number): LocalEntry;
}

interface Slot {
  entry: LocalEntry;
  expiresAt: number;
  size: number;
}

export function createLocalEntries(opts: { maxBytes?: number; maxEntryBytes?: number; now?: () => number } = {}): LocalEntries {
  const maxBytes = opts.maxBytes ?? 64 * 1024 * 1024;
  const maxEntryBytes = opts.maxEntryBytes ?? 512 * 1024;
  const now = opts.now ?? Date.now;
  const map = new Map<string, Slot>();
  let total = 0;
  const drop = (key: string): void => {
    const s = map.get(key);
    if (!s) return;
    map.delete(key);
    total -= s.size;
  };
  return {
    get(key) {
      const s = map.get(key);
      if (!s) return undefined;
      if (s.expiresAt <= now()) {
        drop(key);
        return undefined;
      }
      // Map order is the LRU order
      map.delete(key);
      map.set(key, s);
      return s.entry;
    },
    set(key, e, ttlSeconds) {
      const entry: LocalEntry = { ...e, bytes: Buffer.from(e.body, 'utf8') };
      drop(key);
      // the string and its bytes both stay in memory
      const size = entry.bytes.length + e.body.length;
      if (size > maxEntryBytes) return entry;
      map.set(key, { entry, expiresAt: now() + ttlSeconds * 1000, size });
      total += size;
      while (total > maxBytes) {
        const oldest = map.keys().next().value as string | undefined;
        if (oldest === undefined) break;
        drop(oldest);
      }
      return entry;
    },
  };
}
