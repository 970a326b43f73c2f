import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import pino from 'pino';
import { harvestStoreFor } from '../../libs/db/harvest-store';
import { executeHarvestRun, type RunLimits } from '../../libs/harvest/harvest-run';
import { harvestSecretBox } from '../../libs/harvest/harvest-settings';
import type { HarvestRun } from '../../libs/harvest/harvest.types';
import type { OutboundPolicy } from '../../libs/outbound';
import type { TestApp } from './test-app';

/**
 * Outbound-rule tests: small HTTP servers on a loopback address that count every TCP
 * connection (so a test proves a refused request never connected) and record every request
 * (Host and Authorization headers), and one harvest run executed with a given policy and a
 * captured log.
 */
export interface SeenRequest { method: string; host: string; path: string; authorization: string | undefined }

export interface CountingServer {
  port: number;
  /** TCP connections accepted */
  connections: number;
  requests: SeenRequest[];
  close(): Promise<void>;
}

export type Handler = (req: http.IncomingMessage, res: http.ServerResponse, port: number) => void;

export async function startCountingServer(handler: Handler, host = '127.0.0.1'): Promise<CountingServer> {
  const state = { port: 0, connections: 0, requests: [] as SeenRequest[] };
  const server = http.createServer((req, res) => {
    state.requests.push({ method: req.method!, host: req.headers.host ?? '', path: req.url!, authorization: req.headers.authorization });
    handler(req, res, state.port);
  });
  server.on('connection', () => { state.connections++; });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, resolve);
  });
  state.port = (server.address() as AddressInfo).port;
  return Object.assign(state, {
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}

export interface GuardedRun { run: HarvestRun; log: string }

/** One run of `sourceId` by the real run code, with `policy`, its log captured (trace level). */
export async function runWithPolicy(t: TestApp, sourceId: string, policy: OutboundPolicy, limits: Partial<RunLimits> = {}): Promise<GuardedRun> {
  let log = '';
  const sink = new Writable({ write(chunk, _e, cb) { log += chunk.toString(); cb(); } });
  const run = await executeHarvestRun({
    store: harvestStoreFor(t.db),
    secrets: harvestSecretBox(t.config),
    userAgent: 'geokatalog-test',
    outbound: policy,
    logger: pino({ level: 'trace' }, sink),
    // a hang bound only: a refused address fails before any connection, long before this
    limits: { requestTimeoutMs: 30_000, ...limits },
  }, { sourceId, trigger: 'cli' });
  if (!run) throw new Error('run tidak berjalan');
  return { run, log };
}
