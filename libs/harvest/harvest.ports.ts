import type { IsoDocument } from '../catalogue/record-document';
import type { SearchProjection } from '../catalogue/search-projection';
import type { HarvestRun, HarvestSource, RunReport, RunTrigger } from './harvest.types';

/**
 * What a harvest run needs from storage (libs/db/harvest-store.ts implements it), so the run
 * itself holds no SQL. Every page is written in one transaction: records, their history and
 * outbox events, and the per-record harvest state commit together.
 */

/** How a listed identifier relates to what we already hold. */
export type KnownRecord =
  | { kind: 'ours'; hash: string; withdrawn: boolean }
  | { kind: 'local' }
  | { kind: 'other-source'; sourceName: string };

export interface HarvestRow {
  /** the record's file identifier; a new record's key is chosen by the server, never this */
  fileIdentifier: string;
  docJson: string;
  projection: SearchProjection;
  hash: string;
  modified: string | null;
  /** the source's identifier when it differs from `fileIdentifier` (OAI-PMH) */
  sourceIdentifier?: string;
  /** the source's ISO document, kept with the record (issue 19); absent for Dublin Core and OARec JSON */
  document?: IsoDocument;
}

export interface PageWrite {
  source: HarvestSource;
  runId: string;
  /** history note of every row written, naming the source and the run */
  note: string;
  adds: HarvestRow[];
  /** changed content, or a record withdrawn earlier that the source lists again */
  updates: HarvestRow[];
  /** every file identifier of this source's records seen on the page (unchanged ones included) */
  seen: string[];
}

/** file identifiers */
export interface PageWriteResult {
  added: string[];
  updated: string[];
  /** adds whose identifier was taken between the classification and the write */
  raced: string[];
}

export interface HarvestStore {
  classify(sourceId: string, ids: readonly string[]): Promise<Map<string, KnownRecord>>;
  writePage(w: PageWrite): Promise<PageWriteResult>;
  /** withdraws this source's records not seen in `runId` (or exactly `ids`): PUBLISHED → PRIVATE with history; returns how many */
  withdraw(source: HarvestSource, runId: string, note: string, ids?: readonly string[]): Promise<number>;
  /** takes the source's lease for `runId`; false when another run holds a live lease */
  acquireLease(sourceId: string, runId: string, seconds: number): Promise<boolean>;
  renewLease(sourceId: string, runId: string, seconds: number): Promise<void>;
  releaseLease(sourceId: string, runId: string): Promise<void>;
  findSource(id: string): Promise<HarvestSource | undefined>;
  /** a new queued run, or the source's open (queued/running) run when there is one */
  openRun(sourceId: string, trigger: RunTrigger, incremental: boolean): Promise<{ run: HarvestRun; created: boolean }>;
  /** queued → running (or a running run whose lease expired); false when the run is not startable */
  markRunning(runId: string): Promise<boolean>;
  finishRun(runId: string, status: 'succeeded' | 'failed' | 'skipped', report: RunReport, listedSince: Date | null): Promise<void>;
  /** `listed_since` of the last succeeded run, for incremental listing */
  lastSuccessSince(sourceId: string): Promise<Date | null>;
  /** keeps the newest `keep` finished runs of the source */
  pruneRuns(sourceId: string, keep: number): Promise<void>;
  findRun(runId: string): Promise<HarvestRun | undefined>;
  /** the sealed credentials of a source (never leaves the server) */
  sealedCredentials(sourceId: string): Promise<string | null>;
}
