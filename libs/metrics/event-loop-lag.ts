import { createHistogram, performance, type RecordableHistogram } from 'node:perf_hooks';
import { clearInterval, setInterval } from 'node:timers';

/**
 * Event-loop lag per scrape window, measured by a timer that should fire every INTERVAL_MS: how
 * much later than that it fired is how long the loop was held by something else.
 *
 * Why not prom-client's own gauges (perf_hooks.monitorEventLoopDelay, reset on each scrape):
 * Node's `reset()` also forgets when the histogram's timer last fired, so the first interval
 * after every scrape is never recorded. A block that starts within ~10 ms of a scrape — e.g. a
 * test that scrapes and then blocks at once, or a job that starts right after Prometheus asked —
 * was not reported at all (its maximum read 0.01 s after a 300 ms block). Here the timer's last
 * firing is never forgotten, and a stall still under way when a scrape is answered (the loop
 * had been held until the scrape's request could be read) is counted in that scrape's window.
 *
 * The timer comes from `node:timers`, not the global `setInterval`, so that a test's fake
 * timers cannot stop it; it is unref'd and stops when no window is left.
 */
const INTERVAL_MS = 10;

/** The figures of one window, in seconds. All 0 when nothing was measured yet. */
export interface LagFigures {
  min: number;
  max: number;
  mean: number;
  stddev: number;
  p50: number;
  p90: number;
  p99: number;
}

/** One reader's window (one metrics registry): what was measured since it was last read. */
export interface LagWindow {
  /** the figures since the previous read, then starts a new window */
  read(): LagFigures;
  /** stops recording into this window */
  close(): void;
}

interface WindowState {
  readonly histogram: RecordableHistogram;
  /** up to when a stall was already counted in an earlier window (performance.now() ms) */
  creditedUntil: number;
}

/** All live windows; weakly held so that a registry nobody uses any more does not keep one. */
const windows = new Set<WeakRef<WindowState>>();
let timer: NodeJS.Timeout | undefined;
let lastTick = 0;

const recordMs = (w: WindowState, ms: number): void => {
  // a RecordableHistogram takes integers ≥ 1 (nanoseconds here)
  w.histogram.record(Math.max(1, Math.round(ms * 1e6)));
};

function tick(): void {
  const now = performance.now();
  const due = lastTick + INTERVAL_MS;
  lastTick = now;
  for (const ref of windows) {
    const w = ref.deref();
    if (!w) {
      windows.delete(ref);
      continue;
    }
    recordMs(w, now - Math.max(due, w.creditedUntil));
  }
  if (windows.size === 0) stop();
}

function start(): void {
  if (timer) return;
  lastTick = performance.now();
  timer = setInterval(tick, INTERVAL_MS);
  timer.unref();
}

function stop(): void {
  if (timer) clearInterval(timer);
  timer = undefined;
}

const ZERO: LagFigures = { min: 0, max: 0, mean: 0, stddev: 0, p50: 0, p90: 0, p99: 0 };

/** Opens a window that collects the lag measured from now on. */
export function openLagWindow(): LagWindow {
  start();
  const state: WindowState = { histogram: createHistogram(), creditedUntil: performance.now() };
  const ref = new WeakRef(state);
  windows.add(ref);
  return {
    read() {
      const now = performance.now();
      // the loop is running this read, so a timer firing that is overdue means the loop was held
      // until just now: count that stall here, and only what comes after it in the next window
      const overdue = now - Math.max(lastTick + INTERVAL_MS, state.creditedUntil);
      if (overdue > 0) recordMs(state, overdue);
      state.creditedUntil = Math.max(state.creditedUntil, now);
      const h = state.histogram;
      const figures = h.count === 0 ? ZERO : {
        min: h.min / 1e9,
        max: h.max / 1e9,
        mean: h.mean / 1e9,
        stddev: h.stddev / 1e9,
        p50: h.percentile(50) / 1e9,
        p90: h.percentile(90) / 1e9,
        p99: h.percentile(99) / 1e9,
      };
      h.reset();
      return figures;
    },
    close() {
      windows.delete(ref);
      if (windows.size === 0) stop();
    },
  };
}
