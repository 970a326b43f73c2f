import type { MetadataRecord } from '../catalogue/record.types';
import type { RenderInput } from '../render/document-forms';
import type { KeyValueStore } from '../cache/key-value';
import type { AddJobOptions } from '../jobs/job-runner';
import type { JobName, JobPayload } from '../jobs/job-registry';
import type { Logger } from '../logger';
import type { NotifyConfig } from '../notify/notify-config';
import type { ObjectStore } from '../objectstore/object-store';
import type { RenderFormat } from '../render/formats';
import type { RunLimits } from '../harvest/harvest-run';
import type { SecretBox } from '../harvest/secret-box';
import type { OutboundPolicy } from '../outbound';
import type { Metrics } from '../metrics/metrics';
import type { CswHttpRequest } from '../csw/csw-service';
import type { JobStores } from './job-stores.ports';
import type { XsdValidator } from '../import/xsd/xsd-validator';
import type { CoalescedBumps } from '../response-cache/coalesced-bumps';

/** The response cache a process's jobs warm after a change (the built-in CSW's, as its assembly built it). */
export interface CswWarmTarget {
  refresh(req: CswHttpRequest): Promise<{ cache: string }>;
}

/**
 * The renderer as the jobs use it: every stored form of a record at once, or one form.
 * Structural, so the plain renderer and the worker-thread pool of libs/render both fit.
 */
export interface RecordRenderer {
  renderAll(record: RenderInput): Record<RenderFormat, string> | Promise<Record<RenderFormat, string>>;
  render(record: RenderInput, format: RenderFormat): string | Promise<string>;
  /** a renderer with threads stops them */
  close?(): Promise<void>;
}

/** Adds a follow-up job (a fan-out from an event job) to this process's queues. */
export type EnqueueJob = <N extends JobName>(name: N, payload: JobPayload<N>, opts?: Pick<AddJobOptions, 'jobId'>) => Promise<void>;

/**
 * What job handlers may touch: the store ports (job-stores.ports.ts, never the database
 * handle), the key/value cache, the renderer, the object store (orphaned thumbnails), the
 * senders' settings, the queues (follow-up jobs), a logger.
 */
export interface ProcessorDeps {
  stores: JobStores;
  kv: KeyValueStore;
  logger: Logger;
  renderer: RecordRenderer;
  objectStore: Pick<ObjectStore, 'delete'>;
  notify: NotifyConfig;
  /** BASE_URL, for the links in notifications */
  baseUrl: string;
  enqueue: EnqueueJob;
  /** harvest runs: the credentials key, the User-Agent, what they may connect to and the run limits */
  harvest: { secrets: SecretBox; userAgent: string; outbound: OutboundPolicy; limits: Partial<RunLimits> };
  /** this process's metrics, when it has them (harvest run and failure counters) */
  metrics?: Metrics;
  /** the built-in CSW's response cache to warm after a change; absent with an external CSW provider */
  cswWarm?: CswWarmTarget;
  /**
   * True while more record changes wait in this process's queue: the generation bump and the
   * CSW cache warming are then left to the last of them (libs/response-cache/coalesced-bumps.ts).
   * In-process in embedded mode, a queue count from Redis in server mode. Absent = never.
   */
  changesQueued?(): boolean | Promise<boolean>;
  /** the XSD validator of the check job (a shared wasm validator when absent) */
  xsd?: XsdValidator;
  /** the coalesced public generation bumps of this process (created by createProcessors when absent) */
  publicBumps?: CoalescedBumps;
}
