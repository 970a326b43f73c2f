import { availableParallelism } from 'node:os';
import type { Database, Queryable } from '../db/database';
import { analyzeTables } from '../db/analyze-tables';
import { insertRecordBatch, lockExistingRecords, RECORD_BATCH_TABLES, updateRecordBatch } from '../db/record-batch.repository';
import type { SourceFormat } from './namespaces';
import type { ParsedFile, ParsedOk } from './parse-file';
import { createParsePool, type ParsePool } from './parse-pool';

/**
 * Many ISO / Dublin Core files → records of one organisation, for `npm run cli -- import` and the
 * CSW golden-suite loader. Files are parsed on worker threads while the previous batch is being
 * written; each batch is one transaction with one INSERT statement (record-batch.repository.ts).
 *
 * Rules:
 * - a file that cannot be parsed, mapped or validated is a failure with its reason; it never
 *   stops the others, and it is known before any insert;
 * - each new record gets a key chosen by the server (record-batch.repository.ts says why) and
 *   keeps its file identifier;
 * - an identifier that already exists (in the organisation, among records that are or were
 *   public, or earlier in this run) is skipped with reason "sudah ada"; with `update`, an existing record of the same organisation (same file
 *   identifier) gets the new content instead (version + 1, status kept; unchanged documents are skipped "tidak berubah";
 *   a record of another organisation is never touched);
 * - should a batch still fail in the database, it is rolled back and retried record by record,
 *   so only the record at fault fails; losing the database itself (connection, shutdown) stops
 *   the import with an error: the batches committed so far stay, and a re-run skips them;
 * - the tables written are ANALYZEd every `analyzeEveryRows` records written and at the end, so
 *   the planner knows their new size before the first search (analyze-tables.ts says why).
 */

export interface ImportFilesOptions {
  organisationId: string;
  /** owner of the new records and actor of their history rows */
  ownerId: string;
  /** land as PUBLISHED (an operator action) instead of DRAFT */
  publish?: boolean;
  /** replace the content of existing records of the organisation instead of skipping them */
  update?: boolean;
  /** records per transaction (default 500) */
  batchSize?: number;
  /** parse threads: 0 = in this thread; default: one per core for 200 files or more */
  threads?: number;
  /** history note (default "impor CLI") */
  note?: string;
  /** ANALYZE the written tables after this many records written (default 10,000 = 20 default batches) and at the end */
  analyzeEveryRows?: number;
  onProgress?(p: ImportProgress): void;
}

export interface ImportProgress {
  total: number;
  /** files parsed and decided (imported, skipped, failed, or waiting in the current batch) */
  processed: number;
  imported: number;
  updated: number;
  skipped: number;
  failed: number;
}

/** `id`: the file identifier; `recordId`: the record's key (a new record's is chosen by the server) */
export interface ImportedFile { file: string; id: string; recordId: string; sourceFormat: SourceFormat; warnings: string[] }
/** `id`: the file identifier */
export interface SkippedFile { file: string; id: string; reason: string }
export interface FailedFile { file: string; reason: string; element?: string }

export interface ImportSummary {
  total: number;
  imported: number;
  updated: number;
  skipped: number;
  failed: number;
  elapsedMs: number;
  /** (imported + updated) per second of wall time */
  recordsPerSecond: number;
  /** ANALYZE runs on the written tables (periodic and final) */
  analyzeRuns: number;
  /** parse threads used (0 = in process) and why threads were not used, if they were asked for */
  threads: number;
  threadFallback?: string;
  importedFiles: ImportedFile[];
  updatedFiles: ImportedFile[];
  skippedFiles: SkippedFile[];
  failures: FailedFile[];
}

const DEFAULT_BATCH = 500;
const DEFAULT_ANALYZE_EVERY = 10_000;
const CHUNK = 25;
const AUTO_THREADS_FROM = 200;

/**
 * SQLSTATE classes that can come from one record's values: data exceptions (22), integrity (23),
 * a trigger's RAISE (P0) and internal errors (XX: PostGIS reports an unreadable geometry so).
 * Anything else (connection lost, shutdown, a broken statement) would fail every record alike:
 * it stops the import instead of failing 10,000 files one by one.
 */
const isRecordError = (err: unknown): boolean => /^(22|23|P0|XX)/.test(String((err as { code?: unknown })?.code ?? ''));

/** Chunks parsed in file order (several in flight), so "the first file wins" on duplicate ids. */
async function* parseInOrder(pool: ParsePool, files: readonly string[]): AsyncGenerator<ParsedFile[]> {
  const window = Math.max(2, pool.threads * 3);
  const inflight: Promise<ParsedFile[]>[] = [];
  let next = 0;
  const fill = () => {
    while (inflight.length < window && next < files.length) {
      inflight.push(pool.parse(files.slice(next, next + CHUNK)));
      next += CHUNK;
    }
  };
  fill();
  while (inflight.length) {
    const chunk = await inflight.shift()!;
    fill();
    yield chunk;
  }
}

export async function importFiles(db: Database, files: readonly string[], opts: ImportFilesOptions): Promise<ImportSummary> {
  const t0 = performance.now();
  const batchSize = Math.max(1, opts.batchSize ?? DEFAULT_BATCH);
  const threads = opts.threads ?? (files.length >= AUTO_THREADS_FROM ? availableParallelism() : 0);
  const note = opts.note ?? 'impor CLI';
  const s: Omit<ImportSummary, 'elapsedMs' | 'recordsPerSecond' | 'threads' | 'analyzeRuns' | 'imported' | 'updated' | 'skipped' | 'failed'> = {
    total: files.length, importedFiles: [], updatedFiles: [], skippedFiles: [], failures: [],
  };
  let processed = 0;
  const analyzeEvery = Math.max(1, opts.analyzeEveryRows ?? DEFAULT_ANALYZE_EVERY);
  let sinceAnalyze = 0;
  let analyzeRuns = 0;
  const analyze = async () => {
    sinceAnalyze = 0;
    analyzeRuns++;
    await analyzeTables(db, RECORD_BATCH_TABLES);
  };
  const progress = () => opts.onProgress?.({
    total: files.length, processed, imported: s.importedFiles.length, updated: s.updatedFiles.length,
    skipped: s.skippedFiles.length, failed: s.failures.length,
  });

  const imported = (r: ParsedOk, recordId: string): ImportedFile => ({ file: r.file, id: r.row.fileIdentifier, recordId, sourceFormat: r.sourceFormat, warnings: r.warnings });

  /**
   * One transaction: insert the free identifiers (under new keys), update (or skip) the taken
   * ones. Taken means what REST refuses too: a record of this organisation, or one that is or
   * was public; another organisation's never-public record takes nothing (batch-import rules).
   */
  async function writeRows(tx: Queryable, rows: ParsedOk[]): Promise<() => void> {
    // file identifier → key
    const inserted = new Map((await insertRecordBatch(tx, rows.map((r) => r.row), {
      organisationId: opts.organisationId, ownerId: opts.ownerId, status: opts.publish ? 'PUBLISHED' : 'DRAFT', note,
    })).map((x) => [x.fileIdentifier, x.id]));
    const taken = rows.filter((r) => !inserted.has(r.row.fileIdentifier));
    const skipped: SkippedFile[] = [];
    let updated = new Map<string, string>();
    if (taken.length && opts.update) {
      const existing = await lockExistingRecords(tx, taken.map((r) => r.row.fileIdentifier), opts.organisationId);
      const ours = taken.filter((r) => existing.get(r.row.fileIdentifier)?.organisationId === opts.organisationId);
      updated = new Map((await updateRecordBatch(tx, ours.map((r) => r.row), opts.organisationId)).map((x) => [x.fileIdentifier, x.id]));
      for (const r of taken) {
        const fid = r.row.fileIdentifier;
        if (updated.has(fid)) continue;
        const reason = !existing.has(fid) ? 'sudah ada' : existing.get(fid)!.organisationId !== opts.organisationId
          ? 'sudah ada (milik organisasi lain; tidak diperbarui)' : 'sudah ada (isi tidak berubah)';
        skipped.push({ file: r.file, id: fid, reason });
      }
    } else {
      for (const r of taken) skipped.push({ file: r.file, id: r.row.fileIdentifier, reason: 'sudah ada' });
    }
    // counted only after the commit: a rolled-back batch is retried row by row
    return () => {
      for (const r of rows) {
        const fid = r.row.fileIdentifier;
        if (inserted.has(fid)) s.importedFiles.push(imported(r, inserted.get(fid)!));
        else if (updated.has(fid)) s.updatedFiles.push(imported(r, updated.get(fid)!));
      }
      s.skippedFiles.push(...skipped);
    };
  }

  async function writeBatch(rows: ParsedOk[]): Promise<void> {
    const writtenBefore = s.importedFiles.length + s.updatedFiles.length;
    try {
      (await db.transaction((tx) => writeRows(tx, rows)))();
    } catch (err) {
      if (!isRecordError(err)) throw err;
      for (const r of rows) {
        try {
          (await db.transaction((tx) => writeRows(tx, [r])))();
        } catch (e) {
          if (!isRecordError(e)) throw e;
          s.failures.push({ file: r.file, reason: `ditolak basis data: ${(e as Error).message}` });
        }
      }
    }
    sinceAnalyze += s.importedFiles.length + s.updatedFiles.length - writtenBefore;
    if (sinceAnalyze >= analyzeEvery) await analyze();
    progress();
  }

  const pool = await createParsePool(threads);
  try {
    const seen = new Map<string, string>();
    let pending: ParsedOk[] = [];
    let writing: Promise<void> = Promise.resolve();
    // at most one batch is written while the next one fills; a failed write surfaces at the next await
    const flush = async () => {
      const batch = pending;
      pending = [];
      await writing;
      writing = writeBatch(batch);
      writing.catch(() => undefined);
    };
    for await (const chunk of parseInOrder(pool, files)) {
      for (const r of chunk) {
        processed++;
        if (!r.ok) {
          s.failures.push({ file: r.file, reason: r.reason, ...(r.element ? { element: r.element } : {}) });
          continue;
        }
        const first = seen.get(r.row.fileIdentifier);
        if (first !== undefined) {
          s.skippedFiles.push({ file: r.file, id: r.row.fileIdentifier, reason: `sudah ada (pengenal sama dengan ${first})` });
          continue;
        }
        seen.set(r.row.fileIdentifier, r.file);
        pending.push(r);
        if (pending.length >= batchSize) await flush();
      }
      progress();
    }
    if (pending.length) await flush();
    await writing;
    if (sinceAnalyze > 0) await analyze();
  } finally {
    await pool.close();
  }

  const elapsedMs = Math.round(performance.now() - t0);
  const written = s.importedFiles.length + s.updatedFiles.length;
  return {
    ...s,
    imported: s.importedFiles.length,
    updated: s.updatedFiles.length,
    skipped: s.skippedFiles.length,
    failed: s.failures.length,
    elapsedMs,
    recordsPerSecond: elapsedMs > 0 ? Math.round((written / elapsedMs) * 1000 * 10) / 10 : written,
    analyzeRuns,
    threads: pool.threads,
    ...(pool.fallbackReason ? { threadFallback: pool.fallbackReason } : {}),
  };
}
