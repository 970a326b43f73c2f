import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openObjectStore } from '../../libs/objectstore/open-object-store';
import { createDefaultRenderer } from '../../libs/processors/default-renderer';
import type { JobSystemOptions } from '../../libs/processors/job-system';
import type { RecordRenderer } from '../../libs/processors/processor-deps';

/**
 * What a process's assembly hands a job system that runs jobs (libs/assembly/job-assembly.ts):
 * the real renderer (or the test's) and a real directory object store in a temporary folder.
 */
export async function jobHandlerServices(renderer?: RecordRenderer): Promise<NonNullable<JobSystemOptions['handlerServices']>> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gk-jobs-'));
  return { renderer: renderer ?? (await createDefaultRenderer()), objectStore: openObjectStore({ objectStoreUrl: undefined, dataDir }) };
}
