import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { TEST_REDIS_URL } from './env';

/** A key prefix private to one test file, and a cleanup that removes every key under it. */
export function testRedisPrefix(): string {
  return `gktest:${randomBytes(4).toString('hex')}:`;
}

export async function deleteKeys(prefix: string): Promise<void> {
  const r = new Redis(TEST_REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await r.connect();
  try {
    let cursor = '0';
    do {
      const [next, keys] = await r.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length) await r.del(...keys);
    } while (cursor !== '0');
  } finally {
    r.disconnect();
  }
}
