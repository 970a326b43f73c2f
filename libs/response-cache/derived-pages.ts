import { createLocalEntries } from './local-entries';

/**
 * Pages built from a cached answer (the OGC API – Records HTML pages are rendered from the
 * JSON of the same request), kept in process so that a cache hit sends bytes instead of
 * rendering again (issue 21: an HTML hit ran at 209 req/s against 1,436 for the JSON hit it
 * was built from).
 *
 * A page is named by the ETag of the answer it was built from — a digest of that answer's
 * bytes, which change with any change of the record or the search — and by everything else
 * the page depends on (`variant`: the page kind, the query string, the catalogue's name …), so
 * a kept page is exactly what rendering again would give. Only for a `hit` of the answer is
 * the kept page used (the caller decides): a miss renders, so measuring true misses
 * (bench/hotpath/uncached-server.ts: a cache that never hits) measures the rendering too.
 * Bounded by bytes like the local entries; a page lives as long as an answer may (60 s).
 */
export interface DerivedPages {
  get(sourceEtag: string, variant: string): { body: string; bytes: Buffer; etag: string } | undefined;
  set(sourceEtag: string, variant: string, page: { body: string; etag: string }): Buffer;
}

export function createDerivedPages(opts: { maxBytes?: number; ttlSeconds?: number } = {}): DerivedPages {
  const entries = createLocalEntries({ maxBytes: opts.maxBytes ?? 32 * 1024 * 1024 });
  const ttl = opts.ttlSeconds ?? 60;
  const key = (sourceEtag: string, variant: string): string => `${sourceEtag}\u0000${variant}`;
  return {
    get(sourceEtag, variant) {
      const e = entries.get(key(sourceEtag, variant));
      return e ? { body: e.body, bytes: e.bytes, etag: e.etag } : undefined;
    },
    set(sourceEtag, variant, page) {
      return entries.set(key(sourceEtag, variant), { scope: '', status: 200, etag: page.etag, contentType: 'text/html; charset=utf-8', body: page.body }, ttl).bytes;
    },
  };
}
