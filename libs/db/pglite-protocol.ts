/**
 * Messages between the PGlite thread (pglite-worker.ts) and its client (pglite-database.ts).
 * Every request carries an id and gets exactly one reply with that id. A transaction is a
 * `begin` (answered once PGlite's transaction lock is held), statements tagged with its id,
 * then `end` (commit or roll back).
 */
export type PgliteRequest =
  | { id: number; op: 'query'; sql: string; params?: readonly unknown[]; tx?: number }
  | { id: number; op: 'exec'; sql: string; tx?: number }
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'stats' }
  | { id: number; op: 'close' };

/** An error as it crosses the thread: the message plus PostgreSQL's fields (code, constraint, detail …). */
export interface PgliteErrorData {
  message: string;
  fields: Record<string, string | number | boolean>;
}

export interface PgliteStats {
  /** bytes of the WebAssembly memory PostgreSQL runs in */
  wasmBytes: number;
  /** V8 heap of the database thread */
  heapUsed: number;
}

export type PgliteReply =
  /** a start-up step begins (no `ms`) or ended */
  | { type: 'step'; step: string; ms?: number }
  | { type: 'ready' }
  | { type: 'fatal'; error: PgliteErrorData }
  | { type: 'result'; id: number; rows?: unknown[]; rowCount?: number; tx?: number; stats?: PgliteStats }
  | { type: 'error'; id: number; error: PgliteErrorData };

/** What the thread is started with. */
export interface PgliteWorkerData {
  /** undefined = in memory */
  dataDir?: string;
}

export function errorData(err: unknown): PgliteErrorData {
  const e = (err ?? {}) as Record<string, unknown>;
  const fields: Record<string, string | number | boolean> = {};
  for (const [k, v] of Object.entries(e)) {
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') fields[k] = v;
  }
  return { message: (err as Error)?.message ?? String(err), fields };
}
