/**
 * The fuzz tests' bound on hangs: every case is timed, and one that takes longer than this
 * fails the property. It is a guard against runaway parsing (catastrophic backtracking,
 * exponential expansion), not a performance assertion: real cases take milliseconds warm, but
 * the first case of a run on a loaded 2-core machine took 2.2 s once (JIT, a GC pause, the other
 * jest worker), so the bound sits far from anything a working parser needs. Runaway inputs take
 * minutes or forever, so a 30 s bound still catches them.
 */
export const CASE_LIMIT_MS = 30_000;

/** fast-check runs per surface, as the issue asks */
export const FUZZ_RUNS = 10_000;

/**
 * jest's limit for a whole fuzz test (thousands of cases): a hang bound, not a speed figure. At
 * load 30+ on 2 cores one 10,000-case property took close to jest's 180 s default.
 */
export const FUZZ_TEST_TIMEOUT_MS = 900_000;

/**
 * Runs one case; returns what it returned or the error it threw, and fails when it ran longer
 * than CASE_LIMIT_MS.
 */
export function timed<T>(what: string, fn: () => T): { value?: T; error?: unknown } {
  const started = performance.now();
  let out: { value?: T; error?: unknown };
  try {
    out = { value: fn() };
  } catch (error) {
    out = { error };
  }
  const ms = performance.now() - started;
  if (ms > CASE_LIMIT_MS) throw new Error(`${what}: ${Math.round(ms)} ms > ${CASE_LIMIT_MS} ms (hang)`);
  return out;
}

export async function timedAsync<T>(what: string, fn: () => Promise<T>): Promise<{ value?: T; error?: unknown }> {
  const started = performance.now();
  let out: { value?: T; error?: unknown };
  try {
    out = { value: await fn() };
  } catch (error) {
    out = { error };
  }
  const ms = performance.now() - started;
  if (ms > CASE_LIMIT_MS) throw new Error(`${what}: ${Math.round(ms)} ms > ${CASE_LIMIT_MS} ms (hang)`);
  return out;
}

/** An error for the property's failure message: its class and message, and the stack top. */
export const describeError = (e: unknown): string =>
  e instanceof Error ? `${e.name}: ${e.message.slice(0, 300)}\n${(e.stack ?? '').split('\n').slice(1, 4).join('\n')}` : String(e);
