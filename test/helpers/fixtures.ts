import type { MetadataDoc, MetadataRecord, RecordStatus, Role } from '../../libs/catalogue/record.types';
import type { Actor, Organisation, User } from '../../libs/catalogue/user.types';
import type { Queryable } from '../../libs/db/database';
import { createOrganisation } from '../../libs/db/organisation.repository';
import { insertRecord } from '../../libs/db/record.repository';
import { createUser } from '../../libs/db/user.repository';
import { hashPassword } from '../../libs/security/password';
import type { TestApp } from './test-app';

/**
 * Shared test data: documents, a two-organisation world with logged-in agents, and records put
 * directly into any status. Reuse these instead of writing users and records by hand.
 */

/** The password of every fixture user. */
export const FIXTURE_PASSWORD = 'kata-sandi-uji-123';

/** A document that passes validation AND the submission completeness bar (DRAFT → QCQE_PROCESS). */
export function completeDoc(overrides: Partial<MetadataDoc> = {}): MetadataDoc {
  return {
    title: 'Batas Wilayah Administrasi Desa',
    abstract: 'Batas administrasi desa skala 1:25.000 hasil delineasi bersama.',
    language: 'ind',
    hierarchyLevel: 'dataset',
    topicCategories: ['boundaries'],
    keywords: [{ type: 'theme', values: ['batas wilayah', 'desa'] }],
    contacts: [{ role: 'pointOfContact', organisationName: 'Badan Informasi Geospasial', email: 'info@example.go.id' }],
    dates: { creation: '2024-01-15' },
    progressStatus: 'completed',
    referenceSystem: 'EPSG:4326',
    extent: { bbox: { west: 106.7, east: 106.9, south: -6.3, north: -6.1 } },
    ...overrides,
  };
}

/** A valid but incomplete document: can be saved as a draft, cannot be submitted. */
export const minimalDoc = (title = 'Draf tanpa kelengkapan'): MetadataDoc => ({ title });

export type Agent = ReturnType<TestApp['agent']>;

export interface WorldUser {
  user: User;
  actor: Actor;
  /** logged in through POST /api/auth/login (cookie kept) */
  agent: Agent;
}

export interface WorldOrg {
  org: Organisation;
  /** the usual record owner */
  produsen: WorldUser;
  /** another producer of the same organisation */
  produsen2: WorldUser;
  qcqe: WorldUser;
  qcqe2: WorldUser;
  admin: WorldUser;
}

export interface World {
  a: WorldOrg;
  b: WorldOrg;
  /** an agent that never logged in */
  anonymous: Agent;
}

export interface SeedWorldOptions {
  /** prefixes usernames and organisation names, to seed twice in one database */
  prefix?: string;
  allowLintasOrgA?: boolean;
  allowLintasOrgB?: boolean;
}

/**
 * scrypt's N for the fixture users' hash. Production's 16,384 takes ~50 ms of CPU and 16 MB per
 * check on an idle core (0.6 s at load 18); the suite logs fixture users in several hundred
 * times, and what the tests check is who may log in, not how hard the hash is to crack (the
 * production cost has its own test in test/unit/password.test.ts).
 */
export const FIXTURE_SCRYPT_COST = 1024;

let cachedHash: Promise<string> | undefined;
/** every fixture user shares one hash of FIXTURE_PASSWORD */
const fixtureHash = (): Promise<string> => (cachedHash ??= hashPassword(FIXTURE_PASSWORD, FIXTURE_SCRYPT_COST));

export async function createFixtureUser(db: Queryable, username: string, role: Role, organisationId: string): Promise<User> {
  return createUser(db, { username, passwordHash: await fixtureHash(), role, organisationId });
}

/** A cookie-keeping agent logged in through the real login endpoint. */
export async function loginAgent(t: TestApp, username: string, password = FIXTURE_PASSWORD): Promise<Agent> {
  const agent = t.agent();
  const res = await agent.post('/api/auth/login').send({ username, password });
  if (res.status !== 200) throw new Error(`login ${username} gagal: ${res.status} ${JSON.stringify(res.body)}`);
  return agent;
}

async function seedOrg(t: TestApp, name: string, prefix: string, allow: boolean): Promise<WorldOrg> {
  const org = await createOrganisation(t.db, { name: `${prefix}Organisasi ${name}`, allowLintasOrgReviewer: allow });
  const lower = name.toLowerCase();
  const make = async (suffix: string, role: Role): Promise<WorldUser> => {
    const username = `${prefix}${lower}-${suffix}`;
    const user = await createFixtureUser(t.db, username, role, org.id);
    return { user, actor: { id: user.id, role: user.role, organisationId: user.organisationId }, agent: await loginAgent(t, username) };
  };
  return {
    org,
    produsen: await make('produsen', 'PRODUSEN'),
    produsen2: await make('produsen2', 'PRODUSEN'),
    qcqe: await make('qcqe', 'QCQE'),
    qcqe2: await make('qcqe2', 'QCQE'),
    admin: await make('admin', 'ADMIN'),
  };
}

/**
 * Two organisations, A and B, each with two PRODUSEN, two QCQE and an ADMIN, all logged in.
 * Usernames: `<prefix>a-produsen`, `a-produsen2`, `a-qcqe`, `a-qcqe2`, `a-admin`, same for `b-`.
 */
export async function seedWorld(t: TestApp, opts: SeedWorldOptions = {}): Promise<World> {
  const prefix = opts.prefix ?? '';
  return {
    a: await seedOrg(t, 'A', prefix, opts.allowLintasOrgA ?? false),
    b: await seedOrg(t, 'B', prefix, opts.allowLintasOrgB ?? false),
    anonymous: t.agent(),
  };
}

export interface SeedRecordOptions {
  owner: User;
  status: RecordStatus;
  reviewerId?: string | null;
  doc?: MetadataDoc;
  id?: string;
  /** a revision's working copy of this (published) record: it takes the record's file identifier */
  revisionOf?: MetadataRecord;
}

let seq = 0;

/**
 * A record written straight into the table in any status (no workflow, history or event),
 * for tests that need a starting point rather than the way there. PUBLISHED and PRIVATE
 * records get a publishedAt.
 */
export async function seedRecord(db: Queryable, o: SeedRecordOptions): Promise<MetadataRecord> {
  const id = o.id ?? `fx-${process.pid}-${Date.now().toString(36)}-${(seq += 1)}`;
  const published = o.status === 'PUBLISHED' || o.status === 'PRIVATE';
  const rec = await insertRecord(db, {
    id,
    status: o.status,
    organisationId: o.owner.organisationId,
    ownerId: o.owner.id,
    reviewerId: o.reviewerId ?? null,
    doc: { ...(o.doc ?? completeDoc()), fileIdentifier: o.revisionOf?.fileIdentifier ?? id },
    publishedAt: published ? new Date().toISOString() : null,
    ...(o.revisionOf ? { revisionOf: o.revisionOf.id, fileIdentifier: o.revisionOf.fileIdentifier } : {}),
  });
  if (!rec) throw new Error(`record ${id} already exists`);
  return rec;
}
