import type { RecordRenderer } from './processor-deps';
import type * as RenderPoolModule from '../render/render-pool';
import type * as RendererModule from '../render/renderer';

export interface DefaultRendererOptions {
  /**
   * Render on this many worker threads (libs/render's pool) instead of the calling thread.
   * The embedded API uses one: SaxonJS is synchronous CPU work, and its main thread answers HTTP.
   */
  threads?: number;
}

/**
 * The renderer the handlers use when none is given: libs/render's stylesheets, compiled (or
 * loaded from their cache) once when the job system starts, so a broken stylesheet fails the
 * start, not a job. The modules are loaded on demand: a process that renders in threads never
 * loads SaxonJS on its own thread.
 */
export async function createDefaultRenderer(opts: DefaultRendererOptions = {}): Promise<RecordRenderer> {
  if (opts.threads && opts.threads > 0) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { createRenderPool } = require('../render/render-pool') as typeof RenderPoolModule;
    // V8's default young generation: the embedded process keeps its RSS under 1 GB with a
    // 10,000-render backlog, and render-pool.ts's larger one would add up to ~64 MB to it
    return createRenderPool({ size: opts.threads, youngGenerationMb: 0 });
  }
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { createRenderer } = require('../render/renderer') as typeof RendererModule;
  return createRenderer();
}
