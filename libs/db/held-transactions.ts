/**
 * Transactions held open across messages, for the two servers of the embedded store: the PGlite
 * thread (pglite-worker.ts) and the socket that lets the CLI join a running server
 * (database-share.ts). A client's `begin` opens a transaction through the store's own callback
 * API and gets an id; statements name that id; `end` commits or rolls it back. The callback
 * stays suspended in between, so the store's transaction lock is held exactly that long.
 */

/** A rollback the client asked for, told apart from a failed COMMIT. */
const ROLLBACK = Symbol('rollback');

export interface HeldTransactions<T> {
  /** the store itself (no id) or the open transaction with this id */
  target(id: number | undefined): T;
  /** opens a transaction; resolves with its id once the store holds it, rejects if BEGIN fails */
  begin(): Promise<number>;
  /** commits or rolls back; rejects with a failed COMMIT's error */
  end(id: number, commit: boolean): Promise<void>;
  /** rolls back every open transaction (the client went away) */
  abandonAll(): void;
}

export function heldTransactions<T>(
  store: T,
  transaction: (fn: (tx: T) => Promise<void>) => Promise<void>,
): HeldTransactions<T> {
  const open = new Map<number, { tx: T; finish: (commit: boolean) => void }>();
  /** each open transaction's settlement: resolves after its COMMIT, rejects with a failed one */
  const ends = new Map<number, Promise<void>>();
  let nextId = 1;
  const unknown = (id: number): Error => new Error(`transaksi ${id} tidak terbuka`);
  return {
    target(id) {
      if (id === undefined) return store;
      const held = open.get(id);
      if (!held) throw unknown(id);
      return held.tx;
    },
    begin() {
      const id = nextId++;
      return new Promise<number>((opened, failed) => {
        let isOpen = false;
        const done = transaction(async (tx) => {
          const commit = await new Promise<boolean>((finish) => {
            open.set(id, { tx, finish });
            isOpen = true;
            opened(id);
          });
          if (!commit) throw ROLLBACK;
        });
        ends.set(id, done);
        // a BEGIN that failed before the transaction opened fails the request; once it is
        // open, the settlement is reported by end()
        done.catch((err: unknown) => {
          if (isOpen) return;
          ends.delete(id);
          failed(err as Error);
        });
      });
    },
    async end(id, commit) {
      const held = open.get(id);
      const done = ends.get(id);
      if (!held || !done) throw unknown(id);
      open.delete(id);
      ends.delete(id);
      held.finish(commit);
      try {
        await done;
      } catch (err) {
        if (err !== ROLLBACK) throw err;
      }
    },
    abandonAll() {
      for (const held of open.values()) held.finish(false);
      open.clear();
      ends.clear();
    },
  };
}
