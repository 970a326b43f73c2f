import { Agent, request as httpRequest } from 'node:http';
import type { BenchRequest } from './cases';
import { rng } from './generate-records';

/**
 * An open-loop load: requests arrive at a fixed mean rate whatever the server does (Poisson
 * arrivals, as independent users send them), each timed from the moment it was due to be sent
 * to the end of its answer. A closed loop (autocannon: each connection sends its next request
 * when its answer arrives) measures the latency of a saturated server, connections ÷
 * throughput; a latency target is a statement about a given load, and this states the load.
 * autocannon's own overallRate is not this: each connection sends its share of a second's
 * requests at once and then waits for the next second, so every second begins with a burst.
 *
 * Timing from the due moment, not from the moment the request went out, counts any wait the
 * generator itself caused (a late timer, a busy event loop), so a slow generator can only make
 * the figures worse (no coordinated omission).
 */
export interface OpenLoopResult {
  /** requests due in the run */
  sent: number;
  /** times (ms) of the 2xx answers */
  okTimes: number[];
  non2xx: number;
  /** failed connections and answers still missing 30 s after the run */
  errors: number;
  /** the first few failures' messages, to say what failed */
  errorSamples: string[];
  /** wall-clock seconds from the first due moment to the last answer */
  seconds: number;
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, Math.max(0, ms)));

/** the answers still awaited this long after the run are counted as errors */
const STRAGGLER_MS = 30_000;

export async function runOpenLoop(opts: { baseUrl: string; rate: number; durationSeconds: number; next: () => BenchRequest }): Promise<OpenLoopResult> {
  const base = new URL(opts.baseUrl);
  const agent = new Agent({ keepAlive: true, maxSockets: 1024 });
  // seeded: the same arrivals in every run of a given rate and duration
  const random = rng(opts.rate * 7919 + opts.durationSeconds);
  const okTimes: number[] = [];
  let non2xx = 0;
  let errors = 0;
  const errorSamples: string[] = [];
  const failed = (e: Error): void => {
    errors++;
    if (errorSamples.length < 5) errorSamples.push(e.message);
  };
  let sent = 0;
  const pending = new Set<Promise<void>>();

  const fire = (r: BenchRequest, due: number): void => {
    const done = new Promise<void>((resolve) => {
      const req = httpRequest({ agent, host: base.hostname, port: base.port, method: r.method, path: r.path, headers: { ...r.headers } }, (res) => {
        res.on('data', () => {});
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          if (status >= 200 && status < 300) okTimes.push(performance.now() - due);
          else non2xx++;
          resolve();
        });
        res.on('error', (e) => {
          failed(e);
          resolve();
        });
      });
      req.on('error', (e) => {
        failed(e);
        resolve();
      });
      req.end(r.body);
    });
    pending.add(done);
    void done.then(() => pending.delete(done));
  };

  const start = performance.now();
  const end = start + opts.durationSeconds * 1000;
  let due = start;
  for (;;) {
    // exponential gaps: Poisson arrivals with the given mean rate
    due += (-Math.log(1 - random()) / opts.rate) * 1000;
    if (due >= end) break;
    // a timer may fire up to a millisecond early: never send before the due moment
    for (let wait = due - performance.now(); wait > 0; wait = due - performance.now()) await sleep(wait);
    fire(opts.next(), due);
    sent++;
  }
  let timer: NodeJS.Timeout | undefined;
  const stragglers = await Promise.race([
    Promise.all(pending).then(() => 0),
    new Promise<number>((r) => {
      timer = setTimeout(() => r(pending.size), STRAGGLER_MS);
    }),
  ]);
  clearTimeout(timer);
  errors += stragglers;
  if (stragglers > 0) errorSamples.push(`${stragglers} answers still missing ${STRAGGLER_MS / 1000} s after the run`);
  const seconds = (performance.now() - start) / 1000;
  agent.destroy();
  return { sent, okTimes, non2xx, errors, errorSamples, seconds };
}
