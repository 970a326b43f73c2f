import { loadConfigOrExit } from '../config';
import { createLogger } from '../logger';
import { openDatabase } from './open-database';

// `npm run migrate`: applies pending migrations to the configured store and exits.
async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const log = createLogger(config.logLevel, 'migrate');
  const { db, applied } = await openDatabase(config);
  log.info({ applied, store: db.kind }, applied.length ? 'migrasi diterapkan' : 'skema sudah mutakhir');
  await db.close();
}

main().catch((err) => {
  process.stderr.write(`migrasi gagal: ${(err as Error).message}\n`);
  process.exit(1);
});
