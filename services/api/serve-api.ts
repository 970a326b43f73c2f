import type { Server } from 'node:http';
import { loadConfigOrExit } from '../../libs/config';
import { createLogger } from '../../libs/logger';
import { createApp } from './app';
import { startApiRuntime, type ApiRuntimeOptions } from './runtime';

/**
 * The API process: configuration → runtime → app → listen, and a clean shutdown on
 * SIGTERM/SIGINT. main.ts runs it as it is; `options` lets another entry (the hot-path
 * benchmark's bench/hotpath/uncached-server.ts) start the same process with a different part
 * put in (ApiRuntimeOptions), so the two can never drift apart.
 */
export function runApi(options: ApiRuntimeOptions = {}): void {
  serve(options).catch((err) => {
    // a refusal the operator can act on (libs/db's EmbeddedStoreInUseError) needs no stack trace
    const text = (err as Error)?.name === 'EmbeddedStoreInUseError' ? (err as Error).message : (err as Error)?.stack ?? String(err);
    process.stderr.write(`geokatalog gagal dimulai: ${text}\n`);
    process.exit(1);
  });
}

async function serve(options: ApiRuntimeOptions): Promise<void> {
  const config = loadConfigOrExit(process.env, { process: 'api' });
  const logger = createLogger(config.logLevel, 'api');
  // how long node took to get here (loading and, under tsx, compiling every module): the part
  // of a start that no step below accounts for
  const loadMs = Math.round(process.uptime() * 1000);
  logger.info({ mode: config.mode, dataDir: config.mode === 'embedded' ? config.dataDir : undefined, loadMs }, `geokatalog dimulai (modul dimuat dalam ${loadMs} ms)`);
  const runtime = await startApiRuntime(config, logger, options);
  const app = createApp(runtime.deps);
  // HOST unset: every interface, as Node does by default; set: that address only
  const onListening = () => {
    logger.info({ url: config.baseUrl, port: config.port, host: config.host ?? '(semua antarmuka)' }, `geokatalog siap di ${config.baseUrl}`);
  };
  const server: Server = config.host ? app.listen(config.port, config.host, onListening) : app.listen(config.port, onListening);
  server.on('error', (err) => {
    logger.fatal({ err }, 'server HTTP gagal');
    process.exit(1);
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'menghentikan geokatalog');
    // stop accepting, let in-flight requests finish, then close connections and jobs
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    server.close(() => {
      runtime.close().then(
        () => process.exit(0),
        (err) => { logger.error({ err }, 'penutupan tidak bersih'); process.exit(1); },
      );
    });
    server.closeIdleConnections();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}
