import type { MetadataRecord } from '../catalogue/record.types';
import type { RichView } from '../catalogue/rich-view.types';
import type { Queryable } from '../db/database';
import { findCurrentDocument } from '../db/record-document.repository';
import { extractRichView } from '../import/rich-view';
import { buildGmd } from '../render/gmd-builder';

/**
 * The rich view of a record for OGC API – Records (issue 19 point 7): its current stored ISO
 * document read by the import library's extractor. A record without a document (written before
 * migration 060, or Dublin Core), or whose current document is an editor row still waiting for
 * its render (no XML yet), is read from the gmd render of its JSON — the document the render job
 * writes for it — so every record's page shows the same sections, and never an older document's.
 */
export async function recordRichView(db: Queryable, record: MetadataRecord): Promise<RichView | undefined> {
  const doc = await findCurrentDocument(db, record.id);
  return extractRichView(doc?.xml ?? buildGmd(record));
}
