import { loadConfigOrExit } from '../../../libs/config';
import { openDatabase } from '../../../libs/db/open-database';
import { runCli } from './run-cli';

/**
 * `npm run cli -- <perintah> …`: administration on the configured store (organisations,
 * users, password resets). In embedded mode the store is the PGlite directory in DATA_DIR,
 * which one process at a time may open: while a server has it open the CLI sends its
 * statements to that server over DATA_DIR's socket (a connection, instead of seconds of opening
 * PGlite); with no server running it opens the directory itself.
 */
async function main(): Promise<number> {
  const config = loadConfigOrExit(); // exits 2 with every configuration problem listed
  return runCli(process.argv.slice(2), {
    config,
    async openDb() {
      const { db } = await openDatabase(config, 'job', undefined, { joinRunning: true });
      return { db, close: () => db.close() };
    },
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
  });
}

main().then(
  (code) => { process.exitCode = code; },
  (err) => {
    process.stderr.write(`Gagal: ${(err as Error).message ?? String(err)}\n`);
    process.exitCode = 1;
  },
);
