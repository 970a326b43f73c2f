import { openLagWindow } from '../../libs/metrics/event-loop-lag';
import { createMetrics } from '../../libs/metrics/metrics';

/**
 * The event-loop lag window (libs/metrics/event-loop-lag.ts) against real blocks of this thread.
 * Only lower bounds: a busy machine can lengthen a lag, never shorten a deliberate block, and
 * the 10 ms timer may have been due up to 10 ms after a block began (hence 0.28 s for 300 ms).
 */

function blockFor(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end) { /* deliberately busy */ }
}

const turn = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

describe('event-loop lag window', () => {
  it('sees a block that starts right after a read, once the loop has turned', async () => {
    const w = openLagWindow();
    try {
      await turn(30);
      w.read();
      blockFor(300);
      await turn(30);
      const f = w.read();
      expect(f.max).toBeGreaterThanOrEqual(0.28);
      expect(f.p99).toBeGreaterThanOrEqual(f.p50);
      expect(f.mean).toBeGreaterThan(0);
    } finally {
      w.close();
    }
  });

  it('sees a block still unrecorded by its timer when the read comes straight after it', async () => {
    const w = openLagWindow();
    try {
      await turn(30);
      w.read();
      blockFor(300);
      // no turn of the loop: the timer has not fired since the block, the read must count it itself
      expect(w.read().max).toBeGreaterThanOrEqual(0.28);
    } finally {
      w.close();
    }
  });

  it('keeps one window per reader: reading one does not empty another', async () => {
    const a = openLagWindow();
    const b = openLagWindow();
    try {
      await turn(30);
      a.read();
      b.read();
      blockFor(300);
      await turn(30);
      expect(a.read().max).toBeGreaterThanOrEqual(0.28);
      expect(b.read().max).toBeGreaterThanOrEqual(0.28);
    } finally {
      a.close();
      b.close();
    }
  });

  it('replaces prom-client\'s gauges of the same names in a registry, once each', async () => {
    const m = createMetrics('api');
    await m.registry.metrics();
    blockFor(300);
    const text = await m.registry.metrics();
    const max = /^nodejs_eventloop_lag_max_seconds\{[^}]*\} (\S+)$/m.exec(text);
    expect(Number(max?.[1])).toBeGreaterThanOrEqual(0.28);
    expect(text.match(/^# TYPE nodejs_eventloop_lag_max_seconds /gm)).toHaveLength(1);
    expect(m.registry.getSingleMetric('nodejs_eventloop_lag_p99_seconds')).toBeDefined();
  });
});
