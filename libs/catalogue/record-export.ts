import { AppError } from '../errors';
import type { MetadataRecord } from './record.types';
import type { Actor } from './user.types';
import { canReadRecord, recordNotFound } from './visibility';

/** What an export needs: the record, its stored renders, the renderer and the render queue. */
export interface RecordExportDeps<F extends string> {
  findRecord(id: string): Promise<MetadataRecord | undefined>;
  findRender(recordId: string, format: F): Promise<{ version: number; xml: string } | undefined>;
  render(record: MetadataRecord, format: F): Promise<string>;
  /** have every stored form of the record brought up to this version (best effort) */
  requestRender(record: Pick<MetadataRecord, 'id' | 'version'>): void;
}

export interface RecordExport {
  record: MetadataRecord;
  xml: string;
  source: 'stored' | 'on-demand';
}

export interface RecordExports<F extends string> {
  exportXml(actor: Actor, id: string, format: F): Promise<RecordExport>;
}

/**
 * A record as a document in one of its stored forms, for anyone who may read it (any status).
 * Served from the stored render when it is of the record's current version; otherwise rendered
 * on the spot and the stored forms are brought up to date, so a download is never older than the record.
 */
export function createRecordExports<F extends string>(deps: RecordExportDeps<F>): RecordExports<F> {
  return {
    async exportXml(actor, id, format) {
      const record = await deps.findRecord(id);
      if (!record || !canReadRecord(actor, record)) throw recordNotFound();
      const stored = await deps.findRender(record.id, format);
      // a newer stored version can only come from an edit that landed after the record was read
      if (stored && stored.version >= record.version) return { record, xml: stored.xml, source: 'stored' };
      let xml: string;
      try {
        xml = await deps.render(record, format);
      } catch (err) {
        throw new AppError('INTERNAL', `Rekaman tidak dapat dirender ke format ${format}.`, { cause: err });
      }
      // the stored forms lag behind (CSW reads them too)
      deps.requestRender(record);
      return { record, xml, source: 'on-demand' };
    },
  };
}
