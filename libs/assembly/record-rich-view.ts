import type { MetadataRecord } from '../catalogue/record.types';
import type { RichView } from '../catalogue/rich-view.types';
import type { Queryable } from '../db/database';
import { findCurrentDocument } from '../db/record-document.repository';
import { extractRichView } from '../import/rich-view';

/**
 * The rich view of a record for OGC API – Records (issue 19 point 7): its current stored ISO
 * document read by the import library's extractor. A record without a document, or whose
 * current document is an editor row still waiting for its render (no XML yet), has none: its
 * page and GeoJSON show the model's values, never an older document's.
 */
export async function recordRichView(db: Queryable, record: Pick<MetadataRecord, 'id'>): Promise<RichView | undefined> {
  const doc = await findCurrentDocument(db, record.id);
  return doc?.xml ? extractRichView(doc.xml) : undefined;
}
