/**
 * Runs health probes with a hard deadline. A probe gets an AbortSignal that fires at the
 * deadline (so its socket is closed), and its answer is raced against the same deadline (so
 * a probe that ignores the signal still cannot make the caller wait). A probe never throws
 * out of here: failure is data.
 */
export interface ComponentStatus {
  connected: boolean;
  detail?: string;
}

/** A probe resolves with its status, or throws (= not connected, the error as detail). */
export type Probe = (signal: AbortSignal) => Promise<ComponentStatus>;

export const PROBE_TIMEOUT_MS = 2_000;

/** A short, credential-free reason: error codes (ECONNREFUSED) say more than "fetch failed". */
export function describeProbeError(err: unknown): string {
  const e = err as { name?: string; message?: string; code?: string; cause?: { code?: string; message?: string }; $metadata?: { httpStatusCode?: number } };
  // AWS SDK errors of bodiless answers (HEAD) only carry the status
  const code = e?.code ?? e?.cause?.code ?? (e?.$metadata?.httpStatusCode ? `HTTP ${e.$metadata.httpStatusCode}` : undefined);
  const message = e?.cause?.message && e.message === 'fetch failed' ? e.cause.message : e?.message;
  const text = [code, message].filter((x, i, all) => x && all.indexOf(x) === i).join(': ') || String(err);
  // no credentials in URLs, and no server paths (an ENOENT of the local object store names its
  // directory): the answer tells what failed, not where things live on the server
  return text.replace(/\/\/[^/@\s]*@/g, '//***@').replace(/(^|[\s'"(])\/(?:[^\s'"()/]+\/)*[^\s'"()/]*/g, '$1<path>').slice(0, 300);
}

export async function runProbe(probe: Probe, timeoutMs = PROBE_TIMEOUT_MS): Promise<ComponentStatus> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<ComponentStatus>((resolve) => {
    timer = setTimeout(() => {
      controller.abort(new Error('timeout'));
      resolve({ connected: false, detail: `Tidak merespons dalam ${timeoutMs / 1000} detik` });
    }, timeoutMs);
  });
  const attempt = probe(controller.signal).then(
    (s) => s,
    (err: unknown): ComponentStatus => ({ connected: false, detail: controller.signal.aborted ? `Tidak merespons dalam ${timeoutMs / 1000} detik` : describeProbeError(err) }),
  );
  try {
    return await Promise.race([attempt, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
