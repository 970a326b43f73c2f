import { parseArgs } from 'node:util';
import type { Config } from '../../../libs/config';
import type * as CliAssemblyModule from '../../../libs/assembly/cli-assembly';
import type { CliUseCases } from '../../../libs/assembly/cli-assembly';
import type { Database } from '../../../libs/db/database';
import { isAppError } from '../../../libs/errors';
import { CliFailure, UsageError, type CliCommand, type CliContext, type ParsedArgs } from './cli-command';
import { COMMANDS, findCommand } from './commands';

export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;

export interface CliEnvironment {
  config: Readonly<Config>;
  /** opens the configured store; called at most once, and only by a command that needs it */
  openDb(): Promise<{ db: Database; close(): Promise<void> }>;
  out(line: string): void;
  err(line: string): void;
}

const PROGRAM = 'npm run cli --';

function commandUsage(c: CliCommand): string[] {
  return [`Penggunaan: ${PROGRAM} ${c.name}${c.usage ? ` ${c.usage}` : ''}`, ...(c.details ?? []).map((d) => `  ${d}`)];
}

function generalHelp(): string[] {
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  return [
    `Penggunaan: ${PROGRAM} <perintah> [argumen]`,
    '',
    'Perintah:',
    ...COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    `Bantuan satu perintah: ${PROGRAM} <perintah> --help`,
    'Kode keluar: 0 berhasil, 1 gagal, 2 penggunaan salah.',
    'Basis data: sesuai konfigurasi (DATABASE_URL, atau penyimpanan tertanam di DATA_DIR).',
  ];
}

function parse(c: CliCommand, argv: string[]): ParsedArgs & { help: boolean } {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: { ...c.options, help: { type: 'boolean', short: 'h' } }, allowPositionals: true, strict: true });
  } catch (err) {
    // parseArgs explains itself in English ("Unknown option '--x'"); keep its words but say what happened
    throw new UsageError(`argumen tidak dapat dibaca: ${(err as Error).message}`);
  }
  const { help, ...values } = parsed.values as Record<string, string | boolean | undefined>;
  const positionals = parsed.positionals;
  if (help !== true) {
    if (positionals.length < c.positionals.min) throw new UsageError(`argumen kurang: ${c.positionals.names}`);
    if (positionals.length > c.positionals.max) throw new UsageError(`argumen berlebih: ${positionals.slice(c.positionals.max).join(' ')}`);
  }
  return { positionals, values, help: help === true };
}

/**
 * Runs one CLI invocation (`argv` without the node and script paths) and returns its exit
 * code. Never exits the process itself, so tests call it directly.
 */
export async function runCli(argv: readonly string[], env: CliEnvironment): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined) {
    generalHelp().forEach(env.err);
    return EXIT_USAGE;
  }
  if (name === 'help' || name === '--help' || name === '-h') {
    generalHelp().forEach(env.out);
    return EXIT_OK;
  }
  const command = findCommand(name);
  if (!command) {
    env.err(`Perintah tidak dikenal: ${name}`);
    generalHelp().forEach(env.err);
    return EXIT_USAGE;
  }

  let opened: { db: Database; close(): Promise<void> } | undefined;
  let useCases: CliUseCases | undefined;
  const cases = async (): Promise<CliUseCases> => {
    if (useCases) return useCases;
    const db = (opened ??= await env.openDb()).db;
    // the assembly (and the use cases behind it) is loaded by the first command that needs it, not at start
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { cliUseCasesOn } = require('../../../libs/assembly/cli-assembly') as typeof CliAssemblyModule;
    return (useCases = cliUseCasesOn(db, env.config));
  };
  const ctx: CliContext = {
    config: env.config,
    users: async () => (await cases()).users,
    organisations: async () => (await cases()).organisations,
    harvestSources: async (jobs) => (await cases()).harvestSources(jobs),
    harvestRunner: async () => (await cases()).harvestRunner,
    recordsBatch: async () => (await cases()).recordsBatch,
    out: env.out,
    err: env.err,
  };
  try {
    const args = parse(command, [...rest]);
    if (args.help) {
      commandUsage(command).forEach(env.out);
      return EXIT_OK;
    }
    await command.run(ctx, args);
    return EXIT_OK;
  } catch (err) {
    if (err instanceof UsageError) {
      env.err(`Kesalahan: ${err.message}`);
      commandUsage(command).forEach(env.err);
      return EXIT_USAGE;
    }
    if (err instanceof CliFailure) env.err(`Gagal: ${err.message}`);
    else if (isAppError(err)) env.err(`Gagal: ${err.detail ?? err.title}`);
    else env.err(`Gagal: ${(err as Error).message ?? String(err)}`);
    return EXIT_FAILURE;
  } finally {
    if (opened) await opened.close().catch(() => undefined);
  }
}
