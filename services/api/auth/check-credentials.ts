import type { User } from '../../../libs/catalogue/user.types';
import type { Queryable } from '../../../libs/db/database';
import { findCredentialsByUsername } from '../../../libs/db/user.repository';
import { dummyPasswordHash, verifyPassword } from '../../../libs/security/password';

export type LoginCandidate = { user: User; passwordHash: string } | undefined;

/**
 * The account a login name resolves to (by its normalised key, libs/catalogue/username-key.ts),
 * looked up before the limiter so the limiter counts per account, not per spelling.
 */
export const resolveLogin = (db: Queryable, username: string): Promise<LoginCandidate> => findCredentialsByUsername(db, username);

/**
 * The user when the name resolved, the password matches and the account is active;
 * otherwise undefined, with no hint which of the three failed. An unknown username is still
 * checked against a dummy hash, so every failure costs one scrypt and takes about as long as
 * the others (no username enumeration by timing).
 */
export async function passwordMatches(creds: LoginCandidate, password: string): Promise<User | undefined> {
  const matches = await verifyPassword(password, creds?.passwordHash ?? (await dummyPasswordHash()));
  if (!creds || !matches || !creds.user.active) return undefined;
  return creds.user;
}

/** Both steps at once, for callers without a limiter in between. */
export async function checkCredentials(db: Queryable, username: string, password: string): Promise<User | undefined> {
  return passwordMatches(await resolveLogin(db, username), password);
}
