import type { ParseArgsConfig } from 'node:util';
import type { Config } from '../../../libs/config';
import type { CliHarvestJobs, HarvestRunner } from '../../../libs/assembly/cli-assembly';
import type { OrganisationsService } from '../../../libs/catalogue/organisations.service';
import type { RecordsBatch } from '../../../libs/catalogue/records-batch';
import type { UsersService } from '../../../libs/catalogue/users.service';
import type { HarvestSourcesService } from '../../../libs/harvest/harvest-sources.service';

/**
 * One CLI command = one file exporting a `CliCommand`, listed once in commands.ts. The runner
 * parses the arguments with the command's own option table, so a command only checks meaning.
 */
export interface ParsedArgs {
  positionals: string[];
  values: Record<string, string | boolean | undefined>;
}

/**
 * What a command works with: the use cases the API uses, built by the runner (run-cli.ts, the CLI's
 * composition root) over the configured store. The store is opened and the use cases are loaded on
 * the first call, so a usage error never touches the database and listing the commands stays quick.
 */
export interface CliContext {
  config: Readonly<Config>;
  users(): Promise<UsersService>;
  organisations(): Promise<OrganisationsService>;
  /** harvest source administration; schedule changes go through `jobs` */
  harvestSources(jobs: CliHarvestJobs): Promise<HarvestSourcesService>;
  /** runs an opened harvest run in this process */
  harvestRunner(): Promise<HarvestRunner>;
  /** the records use case's batch side (the bulk import) */
  recordsBatch(): Promise<RecordsBatch>;
  /** a line for the operator (stdout) */
  out(line: string): void;
  /** a warning or problem (stderr) */
  err(line: string): void;
}

export interface CliCommand {
  /** e.g. "user:create" */
  name: string;
  /** one line for the command list */
  summary: string;
  /** the argument synopsis after the name, e.g. "<username> --org <id|nama> --role <PERAN>" */
  usage: string;
  /** longer help: one string per line */
  details?: string[];
  options: NonNullable<ParseArgsConfig['options']>;
  positionals: { min: number; max: number; names: string };
  run(ctx: CliContext, args: ParsedArgs): Promise<void>;
}

/** Wrong arguments: the runner prints the message and the command's usage, exit code 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** The command could not do its work (not found, already exists…): message only, exit code 1. */
export class CliFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CliFailure';
  }
}

/** A string option's value, or undefined; `required` turns absence into a UsageError. */
export function stringOption(args: ParsedArgs, name: string, required: true): string;
export function stringOption(args: ParsedArgs, name: string, required?: false): string | undefined;
export function stringOption(args: ParsedArgs, name: string, required = false): string | undefined {
  const v = args.values[name];
  if (typeof v === 'string' && v.trim() !== '') return v.trim();
  if (required) throw new UsageError(`opsi --${name} wajib diisi`);
  return undefined;
}

/** Plain aligned columns, for listing commands. */
export function formatTable(header: string[], rows: string[][]): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ').trimEnd();
  return [line(header), ...rows.map(line)];
}
