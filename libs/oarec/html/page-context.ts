/**
 * What every page renderer gets besides the JSON it shows: the public base URL (absolute links
 * for autodiscovery and JSON-LD) and the request's query parameters (the search state).
 */
export type QueryParams = Record<string, string | string[] | undefined>;

export interface HtmlPageContext {
  /** public base URL without a trailing slash, e.g. https://katalog.example.go.id */
  baseUrl: string;
  query: QueryParams;
  /** the catalogue's name and abstract when the route already has them (the CSW identity) */
  catalogue?: { title: string; abstract: string };
}

/** Where the pages live (mounted at the root of BASE_URL, as the Records API is). */
export const PATHS = {
  landing: '/',
  conformance: '/conformance',
  collections: '/collections',
  collection: '/collections/metadata',
  items: '/collections/metadata/items',
  queryables: '/collections/metadata/queryables',
  openapi: '/openapi',
  record: (id: string) => `/collections/metadata/items/${encodeURIComponent(id)}`,
} as const;

/** The first value of a query parameter (repeated parameters: the first wins, as Express reads them). */
export function param(q: QueryParams, name: string): string | undefined {
  const v = q[name];
  const s = Array.isArray(v) ? v[0] : v;
  return s === undefined || s === '' ? undefined : s;
}

/**
 * A root-relative URL of `path` with the given query (undefined and '' dropped, keys in the
 * order given): links inside the pages stay on whatever host the browser used.
 */
export function urlWith(path: string, query: Record<string, string | undefined>): string {
  let s = '';
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') s += `${s ? '&' : ''}${formEncoded(k)}=${formEncoded(v)}`;
  return s ? `${path}?${s}` : path;
}

/**
 * Links to `path` with the page's search state changed: `link(changes)` is
 * `urlWith(path, { ...state, ...changes })` — the same keys in the same order — but the state's
 * pairs are encoded once per page, not once per link. A search page writes ~70 such links (every
 * facet value, sort, page number), and encoding the whole state for each was a third of its
 * rendering.
 */
export function linksFrom(path: string, state: Record<string, string | undefined>): (changes: Record<string, string | undefined>) => string {
  const pairs = Object.entries(state).map(([k, v]): [string, string | undefined] => [k, encodedPair(k, v)]);
  // no closures made per link: the server runs through tsx, whose keepNames wraps each one made
  return (changes) => {
    let s = '';
    for (const [k, pair] of pairs) {
      const p = hasOwn(changes, k) ? encodedPair(k, changes[k]) : pair;
      if (p !== undefined) s += s ? `&${p}` : p;
    }
    for (const k of Object.keys(changes)) {
      const p = hasOwn(state, k) ? undefined : encodedPair(k, changes[k]);
      if (p !== undefined) s += s ? `&${p}` : p;
    }
    return s ? `${path}?${s}` : path;
  };
}

const hasOwn = (o: object, k: string): boolean => Object.prototype.hasOwnProperty.call(o, k);

/** `k=v` form-encoded, or undefined for a value a link leaves out (undefined or '') */
const encodedPair = (k: string, v: string | undefined): string | undefined => (v === undefined || v === '' ? undefined : `${formEncoded(k)}=${formEncoded(v)}`);

/** what form encoding leaves as it is: a name or value made only of these needs no encoding */
const PLAIN = /^[A-Za-z0-9*._-]*$/;

/**
 * A name or value as URLSearchParams writes it (application/x-www-form-urlencoded: space as `+`,
 * everything but letters, digits and `*-._` percent-encoded), which a search page did ~70 times
 * at a few µs each: encodeURIComponent leaves `!'()~` as they are, so those are encoded after it.
 * A lone surrogate, which encodeURIComponent refuses, goes through URLSearchParams itself.
 * Names and most values need nothing encoded (PLAIN): they are returned as they are.
 */
function formEncoded(text: string): string {
  if (PLAIN.test(text)) return text;
  try {
    return encodeURIComponent(text).replace(/%20/g, '+').replace(/[!'()~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  } catch {
    return new URLSearchParams([['', text]]).toString().slice(1);
  }
}

/** The request's query as single values, without `f` (the page's own encoding switch). */
export function searchState(q: QueryParams): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const k of Object.keys(q)) if (k !== 'f') out[k] = param(q, k);
  return out;
}
