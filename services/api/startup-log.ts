import type { Logger } from '../../libs/logger';

export interface StartupLog {
  /** logs a step that was timed elsewhere (the database thread times its own) */
  step(name: string, ms: number): void;
  /** runs and times one step */
  time<T>(name: string, fn: () => Promise<T>): Promise<T>;
}

const mb = (bytes: number): number => Math.round(bytes / 1048576);

/**
 * One log line per start-up step with its duration, so a first start (PGlite, PostGIS,
 * migrations: tens of seconds) says what it is doing. Each line carries the process's memory
 * after the step: that is how the embedded process's RSS was taken apart (docs/benchmarks/embedded.md).
 */
export function createStartupLog(logger: Logger): StartupLog {
  const step = (name: string, ms: number): void => {
    const m = process.memoryUsage();
    logger.info({ step: name, ms, rssMb: mb(m.rss), heapUsedMb: mb(m.heapUsed), externalMb: mb(m.external) }, `mulai: ${name} (${ms} ms)`);
  };
  return {
    step,
    async time(name, fn) {
      const t0 = performance.now();
      const out = await fn();
      step(name, Math.round(performance.now() - t0));
      return out;
    },
  };
}
