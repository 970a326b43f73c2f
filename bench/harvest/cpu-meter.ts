import { readFileSync } from 'node:fs';
import pg from 'pg';

/**
 * CPU seconds of the parts of a harvest, read from /proc: the source API process and the
 * PostgreSQL backends of a database. Backends come and go with the pools (idle timeout), so the
 * backends are polled every second and each one's last reading is kept; a backend that exited
 * between two polls loses at most its last second. On a machine shared with other work, wall
 * seconds say more about the neighbours than about the code; these figures do not.
 */
const TICK_MS = 10; // USER_HZ is 100 on Linux

export function procCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // the command name may contain spaces: fields are counted after the closing parenthesis
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return -1;
  }
}

export interface BackendMeter {
  /** starts a measurement: the current reading of every backend of the database */
  start(): Promise<void>;
  /** CPU ms of the database's backends since start() */
  stop(): Promise<number>;
  close(): Promise<void>;
}

export async function createBackendMeter(adminUrl: string, database: string): Promise<BackendMeter> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  let base = new Map<number, number>();
  let last = new Map<number, number>();
  let timer: NodeJS.Timeout | undefined;
  let polling: Promise<void> = Promise.resolve();
  const poll = async (): Promise<void> => {
    const r = await admin.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [database]);
    for (const { pid } of r.rows) {
      const ms = procCpuMs(pid);
      if (ms >= 0) last.set(pid, ms);
    }
  };
  return {
    async start() {
      last = new Map();
      await poll();
      base = new Map(last);
      timer = setInterval(() => { polling = poll().catch(() => undefined); }, 1000);
    },
    async stop() {
      clearInterval(timer);
      await polling;
      await poll();
      let total = 0;
      for (const [pid, ms] of last) total += ms - (base.get(pid) ?? 0);
      return total;
    },
    async close() {
      clearInterval(timer);
      await polling;
      await admin.end();
    },
  };
}
