import { loadConfigOrExit } from '../../libs/config';
import { createLogger } from '../../libs/logger';
import { startWorker } from './start-worker';

/**
 * `npm run worker`: wires configuration → worker runtime, and on SIGTERM/SIGINT stops taking
 * jobs and lets the active ones finish before exiting (BullMQ `worker.close()`).
 */
async function main(): Promise<void> {
  const config = loadConfigOrExit(process.env, { process: 'worker' });
  const logger = createLogger(config.logLevel, 'worker');
  const runtime = await startWorker(config, logger);

  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'worker berhenti: menunggu job yang sedang berjalan');
    runtime.close().then(
      () => {
        logger.info('worker berhenti dengan bersih');
        process.exit(0);
      },
      (err) => {
        logger.error({ err }, 'penutupan worker tidak bersih');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((err) => {
  process.stderr.write(`worker gagal dimulai: ${(err as Error).stack ?? err}\n`);
  process.exit(1);
});
