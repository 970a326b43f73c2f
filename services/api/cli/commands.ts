import type { CliCommand } from './cli-command';
import * as listed from './command-list';

/** Every command of command-list.ts, sorted by name; a value that is not a CliCommand is a compile error. */
const listedCommands: CliCommand[] = Object.values(listed);
export const COMMANDS: readonly CliCommand[] = listedCommands.sort((a, b) => a.name.localeCompare(b.name));

const byName = new Map<string, CliCommand>();
for (const c of COMMANDS) {
  if (byName.has(c.name)) throw new Error(`perintah CLI ganda: ${c.name}`);
  byName.set(c.name, c);
}

export const findCommand = (name: string): CliCommand | undefined => byName.get(name);
