import { readFileSync } from 'node:fs';
import pg from 'pg';
import { Redis } from 'ioredis';

/**
 * CPU time spent per request by each part: the API process, the PostgreSQL backends of the
 * bench database and the Redis server, read from /proc before and after a run. Requests per
 * second on a machine shared with other work say little; CPU milliseconds per request do not
 * depend much on the neighbours, and `1000 × cores / total ms` bounds what the same work can
 * reach on dedicated cores (the load generator not counted: real clients are elsewhere).
 */
export interface CpuSample {
  api: number;
  postgres: Map<number, number>;
  redis: number;
}

export interface CpuPerRequest {
  api: number;
  postgres: number;
  redis: number;
  total: number;
}

const TICK_MS = 10; // USER_HZ is 100 on Linux

/** utime + stime of a process in ms; 0 when it is gone */
function cpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // the command name may contain spaces: fields are counted after the closing parenthesis
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

export interface CpuProbe {
  sample(): Promise<CpuSample>;
  close(): Promise<void>;
}

export async function createCpuProbe(opts: { apiPid: number; pgAdminUrl: string; database: string; redisUrl: string }): Promise<CpuProbe> {
  const admin = new pg.Client({ connectionString: opts.pgAdminUrl });
  await admin.connect();
  const redis = new Redis(opts.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  const info = await redis.info('server');
  const redisPid = Number(/process_id:(\d+)/.exec(info)?.[1] ?? 0);
  redis.disconnect();
  return {
    async sample() {
      const backends = await admin.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1', [opts.database]);
      return {
        api: cpuMs(opts.apiPid),
        postgres: new Map(backends.rows.map((r) => [r.pid, cpuMs(r.pid)])),
        redis: redisPid ? cpuMs(redisPid) : 0,
      };
    },
    async close() {
      await admin.end();
    },
  };
}

/** CPU ms per request between two samples; backends that appeared meanwhile count from zero */
export function perRequest(before: CpuSample, after: CpuSample, requests: number): CpuPerRequest {
  let postgres = 0;
  for (const [pid, ms] of after.postgres) postgres += ms - (before.postgres.get(pid) ?? 0);
  const n = Math.max(1, requests);
  const api = (after.api - before.api) / n;
  const pgMs = postgres / n;
  const redis = (after.redis - before.redis) / n;
  return { api, postgres: pgMs, redis, total: api + pgMs + redis };
}
