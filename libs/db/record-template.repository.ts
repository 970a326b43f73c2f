import type { RecordTemplateStore, TemplateSummary } from '../catalogue/record-copies';
import type { Queryable } from './database';
import { iso } from './row-mapping';

/** The template mark of records (migration 095): one row per template, gone with its record. */
interface TemplateRow {
  id: string;
  file_identifier: string | null;
  title: string;
  status: TemplateSummary['status'];
  updated_at: Date | string;
  marked_at: Date | string;
}

const toSummary = (r: TemplateRow): TemplateSummary => ({
  id: r.id, fileIdentifier: r.file_identifier, title: r.title, status: r.status, updatedAt: iso(r.updated_at), markedAt: iso(r.marked_at),
});

/** An organisation keeps a handful of templates: the list is not paged, but it is bounded. */
const MAX_TEMPLATES = 200;

export function recordTemplateStoreFor(db: Queryable): RecordTemplateStore {
  return {
    async isTemplate(recordId) {
      const r = await db.query('SELECT 1 FROM record_templates WHERE record_id = $1', [recordId]);
      return r.rows.length > 0;
    },
    async mark(recordId, actorId) {
      const r = await db.query(
        'INSERT INTO record_templates (record_id, marked_by) VALUES ($1, $2) ON CONFLICT (record_id) DO NOTHING RETURNING record_id',
        [recordId, actorId]);
      return r.rows.length > 0;
    },
    async unmark(recordId) {
      const r = await db.query('DELETE FROM record_templates WHERE record_id = $1 RETURNING record_id', [recordId]);
      return r.rows.length > 0;
    },
    async listForOrganisation(organisationId) {
      const r = await db.query<TemplateRow>(
        `SELECT r.id, r.file_identifier, r.title, r.status, r.updated_at, t.marked_at
           FROM record_templates t JOIN records r ON r.id = t.record_id
          WHERE r.organisation_id = $1
          ORDER BY lower(r.title), r.id
          LIMIT ${MAX_TEMPLATES}`, [organisationId]);
      return r.rows.map(toSummary);
    },
  };
}
