import type { User } from '../../../libs/catalogue/user.types';
import type { Queryable } from '../../../libs/db/database';
import { createUser } from '../../../libs/db/user.repository';
import { hashPassword } from '../../../libs/security/password';
import type { NewUserInput } from './user-input';

/**
 * Creates a user from input already checked by `checkNewUser`: the one path the REST admin
 * API and the CLI share, so a new account is hashed and stored the same way from both.
 * `createUser` answers 409 itself when the name is taken (by its normalised key).
 */
export async function registerUser(db: Queryable, input: NewUserInput, organisationId: string, opts: { serviceAdmin?: boolean } = {}): Promise<User> {
  return createUser(db, {
    username: input.username,
    passwordHash: await hashPassword(input.password),
    role: input.role,
    organisationId,
    fullName: input.fullName ?? null,
    email: input.email ?? null,
    phone: input.phone ?? null,
    // only the CLI passes this: the REST API has no way to make a service administrator
    serviceAdmin: opts.serviceAdmin ?? false,
  });
}
