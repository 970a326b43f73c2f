import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { MetadataRecord } from '../../libs/catalogue/record.types';
import type { Queryable } from '../../libs/db/database';
import { findRecordById, updateRecordStatus } from '../../libs/db/record.repository';
import { createLogger } from '../../libs/logger';
import { bumpPublicGeneration } from '../../libs/response-cache/generation';
import type { HarvestRun } from '../../libs/harvest/harvest.types';
import { startWorker, type WorkerRuntime } from '../../services/worker/start-worker';
import { loadSuiteRecords, type GoldenLoadResult } from './csw-golden-loader';
import { waitUntil } from './private-servers';
import { startTestApp, type TestApp } from './test-app';
import type { Agent } from './fixtures';

/**
 * Harvest tests: a second geokatalog (server mode, its own database and Redis prefix) loaded with
 * a golden CSW suite and served over real HTTP on 127.0.0.1, and helpers to wait for runs.
 */
/**
 * The environment of an app that harvests the test sources: they listen on 127.0.0.1, which the
 * outbound rule refuses unless the deployment allows it, as a deployment allows its internal
 * sources (OUTBOUND_ALLOW). Only 127.0.0.1 by address: `localhost` and every other class stay refused.
 */
export const HARVEST_TEST_ENV: Readonly<Record<string, string>> = { OUTBOUND_ALLOW: '127.0.0.1' };

export interface SourceCatalogue {
  t: TestApp;
  loaded: GoldenLoadResult;
  /** the CSW endpoint, `http://127.0.0.1:<port>/metadata/csw` */
  cswUrl: string;
  baseUrl: string;
  /** every request the source answered (method and URL path + query), oldest first */
  requests: string[];
  /** makes the source's cached CSW / OARec answers unreachable after a change made straight in its database */
  freshen(): Promise<void>;
  close(): Promise<void>;
}

export async function startSourceCatalogue(suite: string): Promise<SourceCatalogue> {
  // listening first: the source's BASE_URL must be its real address (OARec and OAI-PMH links are absolute)
  const requests: string[] = [];
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const t = await startTestApp('server', { BASE_URL: baseUrl });
  server.on('request', (req, res) => {
    requests.push(`${req.method} ${req.url}`);
    t.app(req, res);
  });
  const loaded = await loadSuiteRecords(t.deps.db, t.deps.renderer, suite);
  return {
    t,
    loaded,
    baseUrl,
    cswUrl: `${baseUrl}/metadata/csw`,
    requests,
    freshen: async () => { await bumpPublicGeneration(t.deps.kv); },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await t.close();
    },
  };
}

/**
 * Publishes or withdraws a record at the source catalogue as its own workflow would leave it, and
 * makes its CSW answers fresh (the source has no worker here to bump the cache generation).
 */
export async function setSourceStatus(source: SourceCatalogue, id: string, status: 'PUBLISHED' | 'PRIVATE'): Promise<void> {
  await updateRecordStatus(source.t.deps.db, id, { status, reviewerId: null, markPublished: status === 'PUBLISHED' });
  await source.freshen();
}

/** A BullMQ worker of the test app's deployment (same database, Redis prefix and queues), in process. */
export function startTestWorker(t: TestApp): Promise<WorkerRuntime> {
  return startWorker(t.config, createLogger('silent'), { renderer: t.deps.renderer });
}

/** Waits until the run is finished (≥ 60 s bound, never a timing assertion) and returns it. */
export async function waitForRun(agent: Agent, sourceId: string, runId: string): Promise<HarvestRun> {
  return waitUntil(async () => {
    const res = await agent.get(`/api/admin/harvest-sources/${sourceId}/runs/${runId}`);
    const run = res.body as HarvestRun;
    return res.status === 200 && !['queued', 'running'].includes(run.status) ? run : undefined;
  }, `run ${runId} selesai`, 120_000);
}

/** Starts a run through the REST API and waits for its end. */
export async function runSource(agent: Agent, sourceId: string, body: object = {}): Promise<HarvestRun> {
  const res = await agent.post(`/api/admin/harvest-sources/${sourceId}/run`).send(body);
  if (res.status !== 202) throw new Error(`run ${sourceId}: ${res.status} ${JSON.stringify(res.body)}`);
  return waitForRun(agent, sourceId, (res.body as HarvestRun).id);
}

/**
 * The key of the record with this file identifier (harvested and CLI-imported records have keys
 * of the server's choosing, issue 22 §4); throws unless exactly one record holds it.
 */
export async function keyOf(db: Queryable, fileIdentifier: string): Promise<string> {
  const r = await db.query<{ id: string }>('SELECT id FROM records WHERE file_identifier = $1', [fileIdentifier]);
  if (r.rows.length !== 1) throw new Error(`${r.rows.length} records hold the file identifier ${fileIdentifier}`);
  return r.rows[0]!.id;
}

/** The record with this file identifier (see keyOf). */
export async function findByIdentifier(db: Queryable, fileIdentifier: string): Promise<MetadataRecord | undefined> {
  return findRecordById(db, await keyOf(db, fileIdentifier));
}
