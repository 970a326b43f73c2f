import type { Logger } from '../../libs/logger';

export interface StartupLog {
  /**
   * logs a step timed elsewhere (the database thread times its own): without `ms` the step
   * begins, with `ms` it ended
   */
  step(name: string, ms?: number): void;
  /** runs and times one step */
  time<T>(name: string, fn: () => Promise<T>): Promise<T>;
}

const mb = (bytes: number): number => Math.round(bytes / 1048576);

/**
 * Two log lines per start-up step: one when it begins ("mulai: X …") and one with its duration
 * when it ends, so a first start (PGlite, PostGIS, migrations: seconds to tens of seconds on a
 * loaded machine) always says what it is doing, never half a minute of silence. Each end line
 * carries the process's memory after the step: that is how the embedded process's RSS was
 * taken apart (docs/benchmarks/embedded.md).
 */
export function createStartupLog(logger: Logger): StartupLog {
  const step = (name: string, ms?: number): void => {
    if (ms === undefined) {
      logger.info({ step: name, phase: 'start' }, `mulai: ${name} …`);
      return;
    }
    const m = process.memoryUsage();
    logger.info({ step: name, phase: 'end', ms, rssMb: mb(m.rss), heapUsedMb: mb(m.heapUsed), externalMb: mb(m.external) }, `mulai: ${name} (${ms} ms)`);
  };
  return {
    step,
    async time(name, fn) {
      step(name);
      const t0 = performance.now();
      const out = await fn();
      step(name, Math.round(performance.now() - t0));
      return out;
    },
  };
}
