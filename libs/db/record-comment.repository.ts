import type { NewRecordComment, RecordComment, RecordCommentsStore } from '../catalogue/record-comments';
import type { Queryable } from './database';
import { iso } from './row-mapping';

/** The reviewers' comments of records (migration 080), oldest first, with the author's name joined in. */
interface CommentRow {
  id: string;
  record_id: string;
  field: string | null;
  body: string;
  author_id: string | null;
  author_name: string | null;
  record_version: number;
  created_at: Date | string;
  resolved_at: Date | string | null;
  resolved_by: string | null;
}

const SELECT = `SELECT c.id::text AS id, c.record_id, c.field, c.body, c.author_id, COALESCE(u.full_name, u.username) AS author_name,
                       c.record_version, c.created_at, c.resolved_at, c.resolved_by
                  FROM record_comments c LEFT JOIN users u ON u.id = c.author_id`;

const toComment = (r: CommentRow): RecordComment => ({
  id: r.id,
  recordId: r.record_id,
  field: r.field,
  body: r.body,
  authorId: r.author_id,
  authorName: r.author_name,
  recordVersion: Number(r.record_version),
  createdAt: iso(r.created_at),
  resolvedAt: r.resolved_at === null ? null : iso(r.resolved_at),
  resolvedById: r.resolved_by,
});

export function recordCommentsStoreFor(db: Queryable): RecordCommentsStore {
  const one = async (recordId: string, id: string): Promise<RecordComment | undefined> => {
    const r = await db.query<CommentRow>(`${SELECT} WHERE c.record_id = $1 AND c.id = $2::bigint`, [recordId, id]);
    return r.rows[0] && toComment(r.rows[0]);
  };
  return {
    async list(recordId) {
      const r = await db.query<CommentRow>(`${SELECT} WHERE c.record_id = $1 ORDER BY c.id`, [recordId]);
      return r.rows.map(toComment);
    },
    async insert(c: NewRecordComment) {
      const r = await db.query<{ id: string }>(
        'INSERT INTO record_comments (record_id, field, body, author_id, record_version) VALUES ($1, $2, $3, $4, $5) RETURNING id::text AS id',
        [c.recordId, c.field, c.body, c.authorId, c.recordVersion],
      );
      return (await one(c.recordId, r.rows[0]!.id))!;
    },
    find: one,
    async resolve(recordId, id, actorId) {
      await db.query(
        'UPDATE record_comments SET resolved_at = now(), resolved_by = $3 WHERE record_id = $1 AND id = $2::bigint AND resolved_at IS NULL',
        [recordId, id, actorId],
      );
      return one(recordId, id);
    },
  };
}
