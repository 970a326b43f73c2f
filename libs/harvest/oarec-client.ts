import { createHash } from 'node:crypto';
import type { Element } from '@xmldom/xmldom';
import { parseXmlSafely } from '../xml/safe-parse';
import type { RecordForm } from './harvest.types';
import { HarvestRefusal, PagingError, type HttpClient, type ListedPage, type ListingOptions, type PrepareResult, type ProtocolClient } from './protocol-client';

/**
 * OGC API – Records source. The source URL is the catalogue collection
 * (`…/collections/{catalogId}`); the collection document is read first (it must be a record
 * collection), then `/items` is paged through its `next` links (each must be new: loop guard).
 * The listing's JSON decides "changed": its hash and `properties.updated`; only a changed record
 * has its ISO XML fetched, from the item's alternate link (ISO 19139 or ISO 19115-3, as
 * preferred), and mapped by libs/import like every other source. Constraint: `q=…` or
 * `filter=…` (CQL2 text), or plain text taken as `q`; incremental runs add `updated >= since`.
 */
interface Link { rel?: string; href?: string; type?: string; title?: string }
interface Feature { id?: unknown; properties?: { updated?: unknown }; links?: Link[] }

const XML_TYPES: Record<RecordForm, RegExp> = {
  iso19139: /19139|gmd/i,
  'iso19115-3': /19115-3|mdb/i,
};

function alternateXml(links: Link[] | undefined, preferred: RecordForm): string | undefined {
  const xml = (links ?? []).filter((l) => l.rel === 'alternate' && l.href && /xml/i.test(l.type ?? ''));
  const other: RecordForm = preferred === 'iso19139' ? 'iso19115-3' : 'iso19139';
  const match = (f: RecordForm) => xml.find((l) => XML_TYPES[f].test(`${l.type ?? ''} ${l.href} ${l.title ?? ''}`));
  return (match(preferred) ?? match(other))?.href;
}

/** A link of the source's answer against the page it came in; an unparsable one is reported without quoting it. */
function resolveLink(href: string, base: string): string {
  try {
    return new URL(href, base).toString();
  } catch {
    throw new PagingError('tautan dalam jawaban sumber bukan URL yang valid');
  }
}

export interface OarecClientOptions {
  url: string;
  http: HttpClient;
  pageSize: number;
  constraint: string | null;
}

export function createOarecClient(o: OarecClientOptions): ProtocolClient {
  let matched: number | null = null;
  let preferredForm: RecordForm = 'iso19139';
  const base = o.url.replace(/\/+$/, '');

  const getJson = async (url: string, what: string): Promise<{ body: unknown; bytes: number }> => {
    const res = await o.http({ url, accept: 'application/geo+json, application/json' });
    try {
      return { body: JSON.parse(res.text), bytes: res.bytes };
    } catch {
      throw new PagingError(`${what}: jawaban bukan JSON`);
    }
  };

  return {
    matched: () => matched,
    async prepare(preferred: RecordForm): Promise<PrepareResult> {
      preferredForm = preferred;
      const u = new URL(base);
      u.searchParams.set('f', 'json');
      let body: unknown;
      try {
        body = (await getJson(u.toString(), 'koleksi')).body;
      } catch (err) {
        throw new HarvestRefusal(`Koleksi OGC API – Records tidak dapat dibaca: ${(err as Error).message}`, (err as { detail?: string }).detail);
      }
      const c = body as { itemType?: unknown; type?: unknown };
      if (c.itemType !== 'record') throw new HarvestRefusal('Alamat sumber bukan koleksi OGC API – Records (itemType "record" tidak ada).');
      return { recordForm: preferred, incremental: true };
    },
    async *pages(opts: ListingOptions) {
      const u = new URL(`${base}/items`);
      u.searchParams.set('f', 'json');
      u.searchParams.set('limit', String(o.pageSize));
      const c = o.constraint?.trim() ?? '';
      const filters: string[] = [];
      if (c.startsWith('filter=')) filters.push(`(${c.slice(7)})`);
      else if (c.startsWith('q=')) u.searchParams.set('q', c.slice(2));
      else if (c) u.searchParams.set('q', c);
      if (opts.since) filters.push(`updated >= TIMESTAMP('${opts.since.toISOString()}')`);
      if (filters.length) {
        u.searchParams.set('filter', filters.join(' AND '));
        u.searchParams.set('filter-lang', 'cql2-text');
      }
      let next: string | undefined = u.toString();
      const visited = new Set<string>();
      for (let n = 1; next; n++) {
        visited.add(next);
        const pageUrl: string = next;
        const { body, bytes } = await getJson(pageUrl, `halaman ${n}`);
        const fc = body as { type?: unknown; features?: unknown; numberMatched?: unknown; links?: Link[] };
        if (fc.type !== 'FeatureCollection' || !Array.isArray(fc.features)) throw new PagingError(`halaman ${n}: bukan FeatureCollection`);
        if (typeof fc.numberMatched === 'number' && matched === null) matched = fc.numberMatched;
        const page: ListedPage = { items: [], bytes, broken: [] };
        for (const f of fc.features as Feature[]) {
          if (typeof f.id !== 'string' || f.id === '') {
            page.broken.push({ identifier: null, reason: `rekaman tanpa id (halaman ${n})` });
            continue;
          }
          const href = alternateXml(f.links, preferredForm);
          const id = f.id;
          page.items.push({
            identifier: id,
            modified: typeof f.properties?.updated === 'string' ? f.properties.updated : null,
            hash: createHash('sha256').update(JSON.stringify(f)).digest('hex'),
            load: async (): Promise<Element> => {
              if (!href) throw new Error('rekaman tanpa tautan alternatif ISO XML');
              // the link is resolved, checked and fetched by the outbound client like any request
              const res = await o.http({ url: resolveLink(href, pageUrl) });
              try {
                return parseXmlSafely(res.text).documentElement!;
              } catch (err) {
                throw new PagingError('jawaban tautan alternatif bukan XML yang valid', (err as Error).message);
              }
            },
          });
        }
        yield page;
        const nextLink = (fc.links ?? []).find((l) => l.rel === 'next' && l.href)?.href;
        if (nextLink && page.items.length + page.broken.length === 0) throw new PagingError(`halaman ${n} kosong padahal ada tautan next: paging dihentikan`);
        next = nextLink ? resolveLink(nextLink, pageUrl) : undefined;
        if (next && visited.has(next)) throw new PagingError(`tautan next halaman ${n} mengulang halaman sebelumnya: paging dihentikan`);
      }
    },
  };
}
