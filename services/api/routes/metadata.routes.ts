import { Router, type Request } from 'express';
import { AppError } from '../../../libs/errors';
import { RECORD_STATUSES, type MetadataDoc, type MetadataRecord, type RecordStatus } from '../../../libs/catalogue/record.types';
import type { ListQuery } from '../../../libs/catalogue/records.ports';
import { assertMayCreate } from '../../../libs/catalogue/records.service';
import { etagOf, matchesIfNoneMatch } from '../../../libs/catalogue/records-input';
import { importUploadedXml } from '../../../libs/import/import-as-app-error';
import type { IsoDocument } from '../../../libs/catalogue/record-document';
import type { AppDeps } from '../app-deps';
import { actorOf, requireAuth } from '../http/auth-guards';
import { sendRecord } from '../presenters/record.presenter';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
const MAX_QUERY_LENGTH = 200;

function single(req: Request, name: string): string | undefined {
  const v = req.query[name];
  if (v === undefined) return undefined;
  if (typeof v !== 'string') throw new AppError('BAD_REQUEST', `Parameter "${name}" hanya boleh diberikan sekali.`);
  return v;
}

function positiveInt(req: Request, name: string, fallback: number, max?: number): number {
  const raw = single(req, name);
  if (raw === undefined) return fallback;
  if (!/^[1-9]\d{0,8}$/.test(raw)) throw new AppError('BAD_REQUEST', `Parameter "${name}" harus bilangan bulat positif.`);
  const n = Number(raw);
  if (max !== undefined && n > max) throw new AppError('BAD_REQUEST', `Parameter "${name}" maksimal ${max}.`);
  return n;
}

/** `?status&page&pageSize&q` → a ListQuery; anything malformed is a 400, not a silent default. */
export function parseListQuery(req: Request): ListQuery {
  const status = single(req, 'status');
  if (status !== undefined && !(RECORD_STATUSES as readonly string[]).includes(status)) {
    throw new AppError('BAD_REQUEST', `Parameter "status" harus salah satu dari ${RECORD_STATUSES.join(', ')}.`);
  }
  const q = single(req, 'q')?.trim();
  if (q !== undefined && q.length > MAX_QUERY_LENGTH) throw new AppError('BAD_REQUEST', `Parameter "q" maksimal ${MAX_QUERY_LENGTH} karakter.`);
  return {
    status: status as RecordStatus | undefined,
    q: q || undefined,
    page: positiveInt(req, 'page', 1),
    pageSize: positiveInt(req, 'pageSize', DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
  };
}

const ifMatchOf = (req: Request): string | undefined => req.get('if-match') ?? undefined;

/** What a published record's page needs of its open revision. */
const revisionSummary = (r: MetadataRecord) => ({ id: r.id, status: r.status, ownerId: r.ownerId, version: r.version, updatedAt: r.updatedAt });

/** The body of an XML import as a document; parse and mapping problems become 400 / 422. */
function importedDoc(text: unknown): { doc: MetadataDoc; note: string; warnings: string[]; document?: IsoDocument } {
  const r = importUploadedXml(typeof text === 'string' ? text : '');
  return { doc: r.doc, note: `Impor XML (${r.sourceFormat})`, warnings: r.warnings, ...(r.document ? { document: r.document } : {}) };
}

/**
 * `/api/metadata`: CRUD and the review workflow over REST. Every endpoint needs a login; what
 * a caller may see and do is decided by the catalogue (visibility.ts, workflow.ts), and a
 * record they may not see is a 404 everywhere.
 */
export function metadataRoutes(deps: AppDeps): Router {
  const { records } = deps;
  const r = Router();
  r.use(requireAuth);
  r.get('/', async (req, res) => {
    const query = parseListQuery(req);
    const page = await records.list(actorOf(req), query);
    res.set('Cache-Control', 'private, no-cache').json({ items: page.items, page: query.page, pageSize: query.pageSize, total: page.total });
  });

  r.post('/', async (req, res) => {
    const actor = actorOf(req);
    const xml = req.is('application/xml') || req.is('text/xml');
    let rec: MetadataRecord;
    let extra: Record<string, unknown> = {};
    if (xml) {
      assertMayCreate(actor); // refuse a QCQE before spending a parse on their document
      const { doc, note, warnings, document } = importedDoc(req.body);
      rec = await records.create(actor, doc, { note, ...(document ? { document } : {}) });
      // what the mapping normalised or dropped, and the document's check report, so the importer can check it
      extra = { importWarnings: warnings, ...(document ? { validation: document.validation } : {}) };
    } else {
      // a client-supplied fileIdentifier is scoped (records.service.ts): a 409 names only the
      // caller's organisation's records or public ones, so a create is no oracle to limit
      rec = await records.create(actor, req.body);
    }
    res.location(`/api/metadata/${encodeURIComponent(rec.id)}`);
    sendRecord(res, rec, actor, 201, extra);
  });

  r.get('/:id', async (req, res) => {
    const actor = actorOf(req);
    const rec = await records.read(actor, req.params.id as string);
    // the open revision changes without the record's version moving: no 304 while one is open
    const revision = await records.openRevision(actor, rec.id);
    if (!revision && matchesIfNoneMatch(rec.version, req.get('if-none-match'))) {
      res.status(304).set('ETag', etagOf(rec.version)).end();
      return;
    }
    // only a published (or withdrawn) record can have one: a working copy's own answer has no such field
    const canHaveRevision = rec.status === 'PUBLISHED' || rec.status === 'PRIVATE';
    sendRecord(res, rec, actor, 200, canHaveRevision ? { openRevision: revision ? revisionSummary(revision) : null } : {});
  });

  /** Starts a revision of a PUBLISHED record: 201 with the working copy (DRAFT, the caller's). */
  r.post('/:id/revisions', async (req, res) => {
    const actor = actorOf(req);
    const rev = await records.startRevision(actor, req.params.id as string, ifMatchOf(req));
    res.location(`/api/metadata/${encodeURIComponent(rev.id)}`);
    sendRecord(res, rev, actor, 201);
  });

  /** An ADMIN's direct correction of a PUBLISHED record: `{ reason, patch }`, audited in the history. */
  r.post('/:id/corrections', async (req, res) => {
    const actor = actorOf(req);
    sendRecord(res, await records.correct(actor, req.params.id as string, req.body, ifMatchOf(req)), actor);
  });

  r.patch('/:id', async (req, res) => {
    const actor = actorOf(req);
    const rec = await records.patch(actor, req.params.id as string, req.body, ifMatchOf(req));
    sendRecord(res, rec, actor);
  });

  r.delete('/:id', async (req, res) => {
    await records.remove(actorOf(req), req.params.id as string, ifMatchOf(req));
    res.status(204).end();
  });

  r.get('/:id/history', async (req, res) => {
    const entries = await records.history(actorOf(req), req.params.id as string);
    res.set('Cache-Control', 'private, no-cache').json(entries);
  });

  /** Issue 19: every version of the record's ISO document (history), newest first, without the XML. */
  r.get('/:id/documents', async (req, res) => {
    res.set('Cache-Control', 'private, no-cache').json(await records.documents(actorOf(req), req.params.id as string));
  });

  /** One version of the document, as it was written. */
  r.get('/:id/documents/:seq', async (req, res) => {
    const raw = req.params.seq as string;
    if (!/^[1-9]\d{0,8}$/.test(raw)) throw new AppError('BAD_REQUEST', 'Nomor versi dokumen harus bilangan bulat positif.');
    const doc = await records.document(actorOf(req), req.params.id as string, Number(raw));
    if (doc.xml === null) throw new AppError('NOT_FOUND', 'Dokumen versi ini belum dirender dari isian editor; coba lagi sebentar lagi.');
    res.set('Cache-Control', 'private, no-cache').type('application/xml').send(doc.xml);
  });

  r.get('/:id/changes', async (req, res) => {
    const result = await records.changes(actorOf(req), req.params.id as string);
    res.set('Cache-Control', 'private, no-cache').json(result);
  });

  /** Who the record may be submitted to: active QCQE of its organisation, and of others when it allows lintas-org review. */
  r.get('/:id/reviewer-candidates', async (req, res) => {
    res.set('Cache-Control', 'private, no-cache').json(await records.reviewerCandidates(actorOf(req), req.params.id as string));
  });

  return r;
}
