import type { ServiceIdentity } from '../../config';
import type { MetadataRecord } from '../../catalogue/record.types';
import type { RichView } from '../../catalogue/rich-view.types';
import type { SearchCore } from '../../search/search-core';
import type { SearchStore } from '../../search/search.ports';

export interface OarecLogger {
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** What the resource handlers read: the search core, the store of published records, the identity. */
export interface OarecHandlerDeps {
  baseUrl: string;
  core: SearchCore;
  store: SearchStore;
  getIdentity(): Promise<Pick<ServiceIdentity, 'title' | 'abstract'>>;
  /** renders a record whose stored ISO render is missing or older than the record */
  renderIso?(record: MetadataRecord, format: 'gmd' | 'mdb2018'): Promise<string>;
  /**
   * the rich view of the record's current ISO document (libs/import/rich-view.ts, wired by the
   * assembly); undefined for a record without a stored document (older rows, Dublin Core)
   */
  richView?(record: MetadataRecord): Promise<RichView | undefined>;
  logger?: OarecLogger;
}
