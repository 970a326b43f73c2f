import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * The files an import reads: a file given by name is taken as it is (whatever its extension);
 * a directory gives every `*.xml` below it (case-insensitive), sorted by path so runs are
 * repeatable and "the first file wins" on a duplicate identifier means the same file each time.
 * Symbolic links to directories are not followed (no loops).
 * Throws `MissingPathError` for a path that does not exist.
 */
export class MissingPathError extends Error {
  constructor(readonly target: string) {
    super(`berkas atau direktori tidak ditemukan: ${target}`);
    this.name = 'MissingPathError';
  }
}

export function findXmlFiles(targets: readonly string[]): string[] {
  const out = new Set<string>();
  for (const target of targets) {
    const abs = path.resolve(target);
    let st;
    try {
      st = statSync(abs);
    } catch {
      throw new MissingPathError(target);
    }
    if (st.isDirectory()) walk(abs, out);
    else out.add(abs);
  }
  return [...out].sort();
}

function walk(dir: string, out: Set<string>): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else if (/\.xml$/i.test(entry.name) && (entry.isFile() || (entry.isSymbolicLink() && isFile(full)))) out.add(full);
  }
}

function isFile(p: string): boolean {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
}
