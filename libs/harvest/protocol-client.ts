import type { Element } from '@xmldom/xmldom';
import type { OutboundRequest, OutboundResponse } from '../outbound';
import type { RecordForm } from './harvest.types';

/** How a protocol client fetches: the run's outbound client (libs/outbound), bound to the source. */
export type HttpClient = (req: OutboundRequest) => Promise<OutboundResponse>;

/**
 * What every protocol client (CSW, OARec, OAI-PMH) gives the run: first a look at the source's
 * capabilities, then the listing page by page. Each item is one record as the source gave it:
 * its identifier (when it can be read without mapping), a hash of its content (what "changed"
 * means when no modification date can be trusted) and a way to map it through libs/import.
 */
export interface HarvestItem {
  identifier: string | null;
  /** the source's own identifier when it differs from the record's (the OAI-PMH item identifier) */
  sourceIdentifier?: string;
  /** sha256 of the record's raw XML text (with its inherited namespace bindings) / its JSON, as listed */
  hash: string;
  /** the source's modification date of the record, when it says one */
  modified: string | null;
  /** OAI-PMH `status="deleted"`: the source withdrew the record */
  deleted?: boolean;
  /** the record element to map (absent for deleted headers) */
  element?: Element;
  /** parses the record from the page's raw text; called only for records that changed (throws XmlInputError) */
  parse?: () => Element;
  /** fetches the record element when the listing does not carry it (OARec ISO alternates) */
  load?: () => Promise<Element>;
}

export interface ListedPage {
  items: HarvestItem[];
  /** bytes of the page's HTTP body */
  bytes: number;
  /** items of the page that could not even be split out (no identifier), with the reason */
  broken: { identifier: string | null; reason: string }[];
}

export interface PrepareResult {
  /** the record form asked for, after falling back to what the source offers */
  recordForm: string;
  /** the source can be asked for "changed since" */
  incremental: boolean;
}

export interface ListingOptions {
  /** ask only for records changed since then (incremental run) */
  since?: Date;
}

export interface ProtocolClient {
  /** reads the capabilities; throws HarvestRefusal when the source lacks what is needed */
  prepare(preferred: RecordForm): Promise<PrepareResult>;
  /** the listing; each page is fetched only when asked for */
  pages(opts: ListingOptions): AsyncGenerator<ListedPage>;
  /** the number of records the source said match, once the first page is read */
  matched(): number | null;
}

/*
 * The messages of these errors go into the run report, which the source's admin reads: they say
 * what kind of answer was wrong, never quote it (root element names, parser messages, exception
 * texts, offered values), so a source URL pointed at some other service learns nothing about it.
 * `detail` holds what an operator needs and goes to the server log only.
 */

/** The source lacks what a harvest needs (an operation, any usable record form): a clear refusal. */
export class HarvestRefusal extends Error {
  constructor(message: string, readonly detail?: string) {
    super(message);
    this.name = 'HarvestRefusal';
  }
}

/** A loop guard or the paging broke: the run stops here, keeps what it wrote, withdraws nothing. */
export class PagingError extends Error {
  constructor(message: string, readonly detail?: string) {
    super(message);
    this.name = 'PagingError';
  }
}

/** What an error from a source may add to the server log (never to the report). */
export function logDetail(err: unknown): string | undefined {
  const e = err as { detail?: unknown; message?: unknown };
  return typeof e?.detail === 'string' ? e.detail : typeof e?.message === 'string' ? e.message : undefined;
}

export function textOf(el: Element | undefined | null): string | null {
  const t = el?.textContent?.trim();
  return t ? t : null;
}
