import { Store, type SessionData } from 'express-session';

/**
 * What the store needs of the `sessions` table. Declared here, structurally, because the auth
 * code never imports libs/db: runtime.ts hands in libs/db/session.repository.ts.
 */
export interface SessionRows {
  get(sid: string): Promise<{ data: Record<string, unknown>; expiresAt: Date } | undefined>;
  set(sid: string, data: Record<string, unknown>, expiresAt: Date): Promise<void>;
  touch(sid: string, expiresAt: Date): Promise<void>;
  destroy(sid: string): Promise<void>;
  deleteExpired(): Promise<number>;
}

export interface DatabaseSessionStoreOptions {
  /** the idle timeout, used when a session's cookie carries no expiry of its own */
  ttlMs: number;
  /** how often expired rows are deleted */
  sweepEveryMs?: number;
  /**
   * A renewal that moves the expiry by less than this is not written: with `rolling` sessions
   * every request renews, and a write per request on the embedded database buys nothing when
   * the idle timeout is hours.
   */
  touchGraceMs?: number;
  onSweepError?: (err: unknown) => void;
}

/**
 * express-session's store over the catalogue's own database, for the embedded default (server
 * mode keeps Redis): sessions survive a restart of the process, an expired session is never
 * handed out (the read filters on `expires_at`), and a timer deletes expired rows.
 */
export class DatabaseSessionStore extends Store {
  private readonly rows: SessionRows;
  private readonly ttlMs: number;
  private readonly touchGraceMs: number;
  /** expiry last written per session id, to skip renewals that change next to nothing */
  private readonly written = new Map<string, number>();
  private readonly timer: NodeJS.Timeout;

  constructor(rows: SessionRows, opts: DatabaseSessionStoreOptions) {
    super();
    this.rows = rows;
    this.ttlMs = opts.ttlMs;
    this.touchGraceMs = opts.touchGraceMs ?? 60_000;
    const sweep = () => { this.sweep().catch((err) => opts.onSweepError?.(err)); };
    this.timer = setInterval(sweep, opts.sweepEveryMs ?? 15 * 60_000);
    this.timer.unref();
  }

  private expiryOf(session: SessionData): Date {
    const expires = session.cookie?.expires;
    return expires ? new Date(expires) : new Date(Date.now() + this.ttlMs);
  }

  /** deletes the expired sessions now (also run by the timer); answers how many */
  async sweep(): Promise<number> {
    const now = Date.now();
    for (const [sid, at] of this.written) if (at <= now) this.written.delete(sid);
    return this.rows.deleteExpired();
  }

  override get(sid: string, cb: (err: unknown, session?: SessionData | null) => void): void {
    this.rows.get(sid).then(
      (row) => cb(null, row ? (row.data as unknown as SessionData) : null),
      (err) => cb(err),
    );
  }

  override set(sid: string, session: SessionData, cb?: (err?: unknown) => void): void {
    const expiresAt = this.expiryOf(session);
    this.rows.set(sid, JSON.parse(JSON.stringify(session)) as Record<string, unknown>, expiresAt).then(
      () => { this.written.set(sid, expiresAt.getTime()); cb?.(); },
      (err) => cb?.(err),
    );
  }

  override touch(sid: string, session: SessionData, cb?: (err?: unknown) => void): void {
    const expiresAt = this.expiryOf(session);
    const last = this.written.get(sid);
    if (last !== undefined && expiresAt.getTime() - last < this.touchGraceMs) {
      cb?.();
      return;
    }
    this.rows.touch(sid, expiresAt).then(
      () => { this.written.set(sid, expiresAt.getTime()); cb?.(); },
      (err) => cb?.(err),
    );
  }

  override destroy(sid: string, cb?: (err?: unknown) => void): void {
    this.written.delete(sid);
    this.rows.destroy(sid).then(() => cb?.(), (err) => cb?.(err));
  }

  /** stops the sweep timer (the runtime's close) */
  close(): void {
    clearInterval(this.timer);
  }
}
