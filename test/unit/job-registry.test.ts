import { createLogger } from '../../libs/logger';
import { createInlineRunner } from '../../libs/jobs/inline-runner';
import { assertCompleteHandlers, MissingJobHandlerError, type JobHandlers } from '../../libs/jobs/job-handlers';
import { backoffDelay, UnrecoverableError } from '../../libs/jobs/job-errors';
import { eventJobId, renderJobId } from '../../libs/jobs/job-ids';
import {
  JOB_NAMES, JOBS, JobPayloadError, UnknownJobError, jobForEvent, validateJobPayload, type JobName,
} from '../../libs/jobs/job-registry';
import type { JobRunner } from '../../libs/jobs/job-runner';

const logger = createLogger('silent');

/** Handlers that record their calls; `render` is replaced per test. */
function handlers(render: JobHandlers['record.render'], calls: string[] = []): JobHandlers {
  const note = (name: JobName) => async (p: { recordId: string }) => { calls.push(`${name}:${p.recordId}`); };
  return {
    'record.render': render,
    'record.created': note('record.created'),
    'record.updated': note('record.updated'),
    'record.status-changed': note('record.status-changed'),
    'record.deleted': note('record.deleted'),
    notify: async (p) => { calls.push(`notify:${p.recordId}`); },
    'lintas-org.recount': async (p) => { calls.push(`lintas-org.recount:${p.organisationId}`); },
    'harvest.run': async (p) => { calls.push(`harvest.run:${p.sourceId}`); },
    'document.xsd-check': async () => { calls.push('document.xsd-check'); },
  };
}

describe('job registry: payload validation', () => {
  it('accepts valid payloads of every job, extra properties included', () => {
    expect(validateJobPayload('record.render', { recordId: 'r1', version: 3 })).toEqual({ recordId: 'r1', version: 3 });
    expect(validateJobPayload('record.status-changed', {
      recordId: 'r1', from: 'REVIEW', to: 'PUBLISHED', version: 4, actorId: 'u1', organisationId: 'o1', extra: true,
    })).toMatchObject({ to: 'PUBLISHED' });
    expect(validateJobPayload('record.status-changed', { recordId: 'r1', from: null, to: 'PUBLISHED', version: 1 })).toMatchObject({ from: null });
    expect(validateJobPayload('record.updated', { recordId: 'r1', version: 2, status: 'DRAFT' })).toMatchObject({ version: 2 });
    expect(validateJobPayload('record.deleted', { recordId: 'r1' })).toEqual({ recordId: 'r1' });
  });

  it.each([
    ['record.render', { version: 1 }, '/ must have required property \'recordId\''],
    ['record.render', { recordId: 'r1', version: 0 }, '/version must be >= 1'],
    ['record.render', { recordId: 'r1', version: 1.5 }, '/version must be integer'],
    ['record.render', { recordId: '', version: 1 }, '/recordId must NOT have fewer than 1 characters'],
    ['record.status-changed', { recordId: 'r1', from: 'DRAFT', to: 'TERBIT', version: 2 }, '/to must be equal to one of the allowed values'],
    ['record.updated', { recordId: 7, version: 2 }, '/recordId must be string'],
  ] as const)('%s rejects %j', (name, payload, problem) => {
    let err: unknown;
    try {
      validateJobPayload(name, payload);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(JobPayloadError);
    expect((err as JobPayloadError).jobName).toBe(name);
    expect((err as JobPayloadError).problems).toContain(problem);
  });

  it('refuses a job name that is not registered', () => {
    expect(() => validateJobPayload('record.teleport', { recordId: 'r1' })).toThrow(UnknownJobError);
  });

  it('every job declares a queue and retry options; outbox events map to their jobs', () => {
    for (const name of JOB_NAMES) {
      expect(['render', 'events', 'notify', 'harvest']).toContain(JOBS[name].queue);
      // a harvest run is never retried by the queue: its report says what failed (issue 10)
      if (name === 'harvest.run') expect(JOBS[name].options.attempts).toBe(1);
      else expect(JOBS[name].options.attempts).toBeGreaterThan(1);
      expect(JOBS[name].options.keepFailed).toBeGreaterThan(0);
    }
    expect(jobForEvent('record.status-changed')).toBe('record.status-changed');
    expect(jobForEvent('record.created')).toBe('record.created');
    expect(jobForEvent('user.created')).toBeUndefined();
    expect(jobForEvent('record.render')).toBeUndefined(); // not an outbox event
  });
});

describe('job ids', () => {
  it('are deterministic, free of ":" and distinct for distinct record ids', () => {
    expect(renderJobId('urn:big:peta:1', 3)).toBe(renderJobId('urn:big:peta:1', 3));
    expect(renderJobId('urn:big:peta:1', 3)).not.toContain(':');
    expect(renderJobId('a:b', 1)).not.toBe(renderJobId('a%3Ab', 1));
    expect(renderJobId('a:b', 1)).not.toBe(renderJobId('a:b', 2));
    expect(renderJobId('plain-id', 2)).toBe('render-plain-id-v2');
    expect(eventJobId(42)).toBe('evt-42');
    expect(JOBS['record.render'].defaultJobId?.({ recordId: 'x:y', version: 5 })).toBe(renderJobId('x:y', 5));
  });

  it('backoff doubles per attempt, as BullMQ computes it', () => {
    expect([1, 2, 3, 4].map((n) => backoffDelay({ backoffMs: 1000 }, n))).toEqual([1000, 2000, 4000, 8000]);
  });
});

describe('handlers are checked at start-up', () => {
  it('a job without a handler fails the start, naming the job', () => {
    const { 'record.deleted': _omitted, ...partial } = handlers(async () => undefined);
    expect(() => assertCompleteHandlers(partial)).toThrow(MissingJobHandlerError);
    expect(() => assertCompleteHandlers(partial)).toThrow(/record\.deleted/);
    expect(() => createInlineRunner({ handlers: partial as JobHandlers, logger })).toThrow(/job tanpa handler: record\.deleted/);
  });

  it('a handler for an unregistered job fails the start too', () => {
    const extra = { ...handlers(async () => undefined), 'record.teleport': async () => undefined };
    expect(() => assertCompleteHandlers(extra)).toThrow(/record\.teleport/);
  });
});

describe('inline runner (embedded mode)', () => {
  let runner: JobRunner | undefined;
  afterEach(async () => {
    await runner?.close();
    runner = undefined;
  });

  it('runs a job after the add returns, with the same payload', async () => {
    const seen: unknown[] = [];
    runner = createInlineRunner({ handlers: handlers(async (p) => { seen.push(p); }), logger });
    await runner.add('record.render', { recordId: 'r1', version: 1 });
    expect(seen).toEqual([]); // queued, not run inside add()
    await runner.whenIdle();
    expect(seen).toEqual([{ recordId: 'r1', version: 1 }]);
  });

  it('validates payloads on add', async () => {
    runner = createInlineRunner({ handlers: handlers(async () => undefined), logger });
    await expect(runner.add('record.render', { recordId: 'r1' } as never)).rejects.toThrow(JobPayloadError);
    await expect(runner.add('record.nope' as never, { recordId: 'r1' } as never)).rejects.toThrow(UnknownJobError);
  });

  it('retries a failing job with backoff until it succeeds', async () => {
    let attempts = 0;
    const attemptNumbers: number[] = [];
    runner = createInlineRunner({
      backoffMs: 1,
      logger,
      handlers: handlers(async (_p, ctx) => {
        attempts++;
        attemptNumbers.push(ctx.attempt);
        if (attempts < 3) throw new Error('basis data sibuk');
      }),
    });
    await runner.add('record.render', { recordId: 'r1', version: 1 });
    await runner.whenIdle();
    expect(attemptNumbers).toEqual([1, 2, 3]);
    expect(await runner.failedJobs()).toEqual([]);
  });

  it('stops at the attempts limit and keeps the job as failed', async () => {
    let attempts = 0;
    runner = createInlineRunner({ backoffMs: 1, logger, handlers: handlers(async () => { attempts++; throw new Error('selalu gagal'); }) });
    await runner.add('record.render', { recordId: 'r1', version: 1 });
    await runner.whenIdle();
    expect(attempts).toBe(JOBS['record.render'].options.attempts);
    const [failed] = await runner.failedJobs();
    expect(failed).toMatchObject({ id: renderJobId('r1', 1), name: 'record.render', reason: 'selalu gagal', unrecoverable: false });
    expect(failed?.attemptsMade).toBe(attempts);
  });

  it('UnrecoverableError stops at once and stays failed; a re-add is ignored even by the reconciler', async () => {
    let attempts = 0;
    runner = createInlineRunner({ backoffMs: 1, logger, handlers: handlers(async () => { attempts++; throw new UnrecoverableError('stylesheet rusak'); }) });
    await runner.add('record.render', { recordId: 'r1', version: 1 });
    await runner.whenIdle();
    expect(attempts).toBe(1);
    expect(await runner.failedJobs()).toEqual([expect.objectContaining({ unrecoverable: true, reason: 'stylesheet rusak' })]);
    await runner.add('record.render', { recordId: 'r1', version: 1 }, { retryExhausted: true });
    await runner.whenIdle();
    expect(attempts).toBe(1);
  });

  it('a job that used up its retries runs again when the reconciler asks for it', async () => {
    let fail = true;
    let runs = 0;
    runner = createInlineRunner({ backoffMs: 1, logger, handlers: handlers(async () => { runs++; if (fail) throw new Error('database pergi'); }) });
    await runner.add('record.render', { recordId: 'r1', version: 1 });
    await runner.whenIdle();
    expect(await runner.failedJobs()).toHaveLength(1);
    fail = false;
    await runner.add('record.render', { recordId: 'r1', version: 1 }); // a plain add is deduplicated by the failed id
    await runner.whenIdle();
    const before = runs;
    await runner.add('record.render', { recordId: 'r1', version: 1 }, { retryExhausted: true });
    await runner.whenIdle();
    expect(runs).toBe(before + 1);
    expect(await runner.failedJobs()).toEqual([]);
  });

  it('deduplicates by job id while a job is queued or running', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => { release = r; });
    const runs: string[] = [];
    runner = createInlineRunner({ logger, handlers: handlers(async (p) => { runs.push(p.recordId); await gate; }) });
    await runner.add('record.render', { recordId: 'r1', version: 1 });
    await runner.add('record.render', { recordId: 'r1', version: 1 });
    await new Promise((r) => setImmediate(r));
    await runner.add('record.render', { recordId: 'r1', version: 1 }); // while running
    await runner.add('record.render', { recordId: 'r1', version: 2 }); // another version: another job
    release();
    await runner.whenIdle();
    expect(runs).toEqual(['r1', 'r1']);
  });

  it('close() lets the running job finish and drops what has not started', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => { release = r; });
    const finished: string[] = [];
    const r = createInlineRunner({ logger, concurrency: 1, handlers: handlers(async (p) => { await gate; finished.push(p.recordId); }) });
    await r.add('record.render', { recordId: 'a', version: 1 });
    await r.add('record.render', { recordId: 'b', version: 1 });
    await new Promise((res) => setImmediate(res));
    const closing = r.close();
    release();
    await closing;
    expect(finished).toEqual(['a']);
    await expect(r.add('record.render', { recordId: 'c', version: 1 })).rejects.toThrow(/ditutup/);
  });
});

describe('inline runner bound (embedded bulk work)', () => {
  it('runs at most `concurrency` jobs at once, reports the room left in its queue, and says when half of it is free', async () => {
    let running = 0;
    let maxRunning = 0;
    const gates: (() => void)[] = [];
    let roomCalls = 0;
    const runner = createInlineRunner({
      handlers: handlers(async () => {
        running += 1;
        maxRunning = Math.max(maxRunning, running);
        await new Promise<void>((resolve) => gates.push(resolve));
        running -= 1;
      }),
      logger,
      concurrency: 2,
      maxQueued: 10,
      onRoom: () => { roomCalls += 1; },
    });
    try {
      for (let i = 0; i < 12; i++) await runner.add('record.render', { recordId: `r${i}`, version: 1 });
      expect(runner.room!()).toBe(0); // 12 waiting > 10: producers that can wait stop
      await new Promise((r) => setImmediate(r));
      expect(running).toBe(2);
      expect(runner.waitingCount!('record.render')).toBe(10);
      expect(runner.room!()).toBe(0);
      while (gates.length || running) {
        gates.splice(0).forEach((g) => g());
        await new Promise((r) => setImmediate(r));
      }
      await runner.whenIdle();
      expect(maxRunning).toBe(2);
      expect(runner.room!()).toBe(10);
      expect(runner.waitingCount!('record.render')).toBe(0);
      expect(roomCalls).toBe(1); // crossed below half once
    } finally {
      await runner.close();
    }
  });
});
