import type { MetadataRecord } from '../catalogue/record.types';
import type { RenderFormat } from '../render/formats';
import type { SetFilter } from './oai-sets';

/**
 * What the provider needs from storage (libs/db/oai-item.repository.ts implements it). An item
 * is a record that has been PUBLISHED at some time; `deleted` ones were withdrawn since.
 */
export interface OaiItem {
  /** the internal record id: the keyset's tie-break and the key of renders */
  id: string;
  /** the record's public file identifier, which the item identifier is made of (unique among items) */
  fileIdentifier: string;
  organisationId: string;
  hierarchyLevel: string;
  deleted: boolean;
  /** seconds granularity, `YYYY-MM-DDThh:mm:ssZ` */
  datestamp: string;
  /** the stored datestamp with microseconds: the keyset position */
  position: string;
  /** the record's version (null for a deleted item) */
  version: number | null;
  /** the stored render of the requested format and the version it was rendered from */
  xml: string | null;
  renderVersion: number | null;
}

export interface OaiListQuery {
  /** inclusive lower bound, ISO UTC */
  from?: string;
  /** exclusive upper bound, ISO UTC */
  before?: string;
  set: Exclude<SetFilter, { kind: 'none' }>;
  /** the keyset position of the last item already sent */
  after?: { datestamp: string; id: string };
  limit: number;
  /** join the stored render of this format (ListRecords) */
  render?: RenderFormat;
}

export interface OaiStore {
  /** the smallest datestamp of any item, ISO; undefined while there is none */
  earliestDatestamp(): Promise<string | undefined>;
  /** the item a public file identifier names */
  findItem(fileIdentifier: string, render?: RenderFormat): Promise<OaiItem | undefined>;
  listItems(q: OaiListQuery): Promise<OaiItem[]>;
  /** completeListSize: the items matching the query without its position and limit */
  countItems(q: Omit<OaiListQuery, 'after' | 'limit' | 'render'>): Promise<number>;
  listOrganisations(): Promise<{ id: string; name: string }[]>;
  /** the hierarchy levels of the items, distinct */
  listHierarchyLevels(): Promise<string[]>;
  /** the full record by internal id, for a render made on the spot (undefined unless PUBLISHED) */
  findPublishedRecord(id: string): Promise<MetadataRecord | undefined>;
}

/** The renderer as the provider uses it (libs/render's renderer fits). */
export interface OaiRenderer {
  render(record: MetadataRecord, format: RenderFormat): string | Promise<string>;
}
