import { createRenderer } from '../render';
import type { RecordRenderer } from './processor-deps';

/**
 * The renderer the handlers use when none is given: libs/render's stylesheets, compiled (or
 * loaded from their cache) once when the job system starts, so a broken stylesheet fails the
 * start, not a job.
 */
export function createDefaultRenderer(): Promise<RecordRenderer> {
  return createRenderer();
}
