import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { User } from '../../libs/catalogue/user.types';
import type { Database } from '../../libs/db/database';
import { createOrganisation } from '../../libs/db/organisation.repository';
import { buildGmd } from '../../libs/render/gmd-builder';
import { runCliInProcess, type CliOutput } from '../helpers/cli-runner';
import { createFixtureUser } from '../helpers/fixtures';
import { generateRecord } from '../helpers/sample-records';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';

/** Helpers of cli-import.test.ts: a database with organisations and users, running the CLI, temp files. */

export const CLI_SECRET = 'cli-import-test-session-secret-0123456789';

export interface World { t: TestDatabase; orgId: string; admin: User; produsen: User; qcqe: User; otherOrgId: string; otherAdmin: User }

export async function world(prefix: string): Promise<World> {
  const t = await createTestDatabase();
  const org = await createOrganisation(t.db, { name: 'Dinas Impor' });
  const other = await createOrganisation(t.db, { name: 'Dinas Lain' });
  await createOrganisation(t.db, { name: 'Tanpa Admin' });
  return {
    t,
    orgId: org.id,
    admin: await createFixtureUser(t.db, `${prefix}-admin`, 'ADMIN', org.id),
    produsen: await createFixtureUser(t.db, `${prefix}-produsen`, 'PRODUSEN', org.id),
    qcqe: await createFixtureUser(t.db, `${prefix}-qcqe`, 'QCQE', org.id),
    otherOrgId: other.id,
    otherAdmin: await createFixtureUser(t.db, `${prefix}-lain-admin`, 'ADMIN', other.id),
  };
}

/** One CLI invocation in process against `db`; collects its output. */
export function cli(db: Database, url: string, ...argv: string[]): Promise<CliOutput> {
  return runCliInProcess({ db, url, sessionSecret: CLI_SECRET }, argv);
}

const tmpDirs: string[] = [];
/** a temporary directory, removed by `removeTempDirs` (call it in afterAll) */
export function tempDir(): string {
  const d = mkdtempSync(path.join(tmpdir(), 'gk-import-'));
  tmpDirs.push(d);
  return d;
}
export function removeTempDirs(): void {
  for (const d of tmpDirs.splice(0)) rmSync(d, { recursive: true, force: true });
}

/** Generated gmd files for the given numbers in `dir` (named by `name`); returns their record ids. */
export function writeGenerated(dir: string, numbers: number[], name = (i: number) => `gen-${i}.xml`): string[] {
  return numbers.map((i) => {
    const file = path.join(dir, name(i));
    writeFileSync(file, buildGmd(generateRecord(i)));
    return generateRecord(i).id;
  });
}

export async function outboxEvents(db: Database): Promise<{ type: string; payload: Record<string, unknown> }[]> {
  return (await db.query<{ type: string; payload: Record<string, unknown> }>('SELECT type, payload FROM outbox ORDER BY id')).rows;
}

/** The key of the organisation's record with this file identifier (imported records have server-chosen keys). */
export async function keyIn(db: Database, organisationId: string, fileIdentifier: string): Promise<string> {
  const r = await db.query<{ id: string }>('SELECT id FROM records WHERE organisation_id = $1 AND file_identifier = $2', [organisationId, fileIdentifier]);
  if (!r.rows[0]) throw new Error(`no record ${fileIdentifier} in ${organisationId}`);
  return r.rows[0].id;
}
