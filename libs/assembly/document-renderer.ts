import type { Database } from '../db/database';
import { findCurrentDocument } from '../db/record-document.repository';
import type { RecordRenderer } from '../processors/processor-deps';
import type { RenderInput } from '../render/document-forms';

/**
 * The renderer of the on-the-spot renders (export, CSW and OGC API – Records when a stored form
 * is stale): the record's stored ISO document is looked up first, so a form rendered on the
 * spot is the same as the one the render job stores (issue 19).
 */
export function documentAwareRenderer(db: Database, renderer: RecordRenderer): RecordRenderer {
  const withDocument = async (record: RenderInput): Promise<RenderInput> => {
    if (record.isoDocument) return record;
    const doc = await findCurrentDocument(db, record.id);
    return doc?.xml && doc.schema ? { ...record, isoDocument: { xml: doc.xml, schema: doc.schema } } : record;
  };
  return {
    renderAll: async (record) => renderer.renderAll(await withDocument(record)),
    render: async (record, format) => renderer.render(await withDocument(record), format),
    ...(renderer.close ? { close: () => renderer.close!() } : {}),
  };
}
