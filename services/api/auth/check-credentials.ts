import type { User } from '../../../libs/catalogue/user.types';
import type { Queryable } from '../../../libs/db/database';
import { findCredentialsByUsername } from '../../../libs/db/user.repository';
import { dummyPasswordHash, verifyPassword } from '../../../libs/security/password';

/**
 * The user when the username exists, the password matches and the account is active;
 * otherwise undefined, with no hint which of the three failed. An unknown username is still
 * checked against a dummy hash, so every failure costs one scrypt and takes about as long as
 * the others (no username enumeration by timing).
 */
export async function checkCredentials(db: Queryable, username: string, password: string): Promise<User | undefined> {
  const creds = await findCredentialsByUsername(db, username);
  const matches = await verifyPassword(password, creds?.passwordHash ?? (await dummyPasswordHash()));
  if (!creds || !matches || !creds.user.active) return undefined;
  return creds.user;
}
