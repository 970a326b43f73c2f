import { appendEvent, type OutboxEvent } from '../../libs/db/outbox.repository';
import { startOutboxRelay } from '../../libs/db/outbox-relay';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';

describe('transactional outbox relay (real PostgreSQL)', () => {
  let t: TestDatabase;
  beforeAll(async () => { t = await createTestDatabase(); });
  afterAll(async () => { await t.drop(); });

  const pending = async () => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM outbox WHERE dispatched_at IS NULL')).rows[0]!.n;

  it('drops an event whose transaction rolled back', async () => {
    await expect(t.db.transaction(async (tx) => {
      await appendEvent(tx, 'test.event', { n: 0 });
      throw new Error('rollback');
    })).rejects.toThrow('rollback');
    expect(await pending()).toBe(0);
  });

  it('hands committed events over in order and marks them dispatched', async () => {
    await t.db.transaction(async (tx) => {
      await appendEvent(tx, 'test.event', { n: 1 });
      await appendEvent(tx, 'test.event', { n: 2 });
    });
    const seen: OutboxEvent[] = [];
    const relay = startOutboxRelay({ db: t.db, dispatch: async (e) => { seen.push(e); }, intervalMs: 60_000 });
    await relay.flush();
    await relay.stop();
    expect(seen.map((e) => e.payload.n)).toEqual([1, 2]);
    expect(await pending()).toBe(0);
  });

  it('keeps events pending while the queue refuses them and delivers them once it accepts', async () => {
    await appendEvent(t.db, 'test.event', { n: 3 });
    await appendEvent(t.db, 'test.event', { n: 4 });
    let queueUp = false;
    const seen: number[] = [];
    const errors: unknown[] = [];
    const relay = startOutboxRelay({
      db: t.db,
      intervalMs: 60_000,
      onError: (e) => errors.push(e),
      dispatch: async (e) => {
        if (!queueUp) throw new Error('Redis tidak tersedia');
        seen.push(e.payload.n as number);
      },
    });
    await relay.flush();
    expect(seen).toEqual([]);
    expect(errors.length).toBeGreaterThan(0);
    expect(await pending()).toBe(2);
    queueUp = true;
    await relay.flush();
    await relay.stop();
    expect(seen).toEqual([3, 4]);
    expect(await pending()).toBe(0);
  });
});
