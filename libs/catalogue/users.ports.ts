import type { Role } from './record.types';
import type { Organisation, User } from './user.types';

/**
 * What the user use cases need from storage and from the password hashing, stated here so the
 * catalogue stays free of SQL and of crypto (libs/db user.repository.ts and libs/security
 * password.ts implement them; libs/assembly wires them in).
 */

export interface NewUser {
  username: string;
  passwordHash: string;
  role: Role;
  organisationId: string;
  fullName?: string | null;
  email?: string | null;
  phone?: string | null;
  active?: boolean;
  serviceAdmin?: boolean;
}

export interface UserChanges {
  role?: Role;
  active?: boolean;
  /** a new hash also bumps the session epoch: every older session of the user ends */
  passwordHash?: string;
  fullName?: string | null;
  email?: string | null;
  phone?: string | null;
  serviceAdmin?: boolean;
}

/** The account a login name resolves to, with its hash (login only); undefined when none does. */
export type LoginCandidate = { user: User; passwordHash: string } | undefined;

export interface UserStore {
  findById(id: string): Promise<User | undefined>;
  /** by the username's normalised key, like login */
  findByUsername(username: string): Promise<User | undefined>;
  listOfOrganisation(organisationId: string): Promise<User[]>;
  /** 409 when the name is taken (by its normalised key) */
  create(u: NewUser): Promise<User>;
  update(id: string, c: UserChanges): Promise<User | undefined>;
  /** by the username's normalised key, like login */
  credentialsByUsername(username: string): Promise<LoginCandidate>;
  countUsers(): Promise<number>;
  /**
   * In one transaction under a lock every process of the deployment takes: when there is still
   * no user, the organisation of that name (found or created) and the admin in it; otherwise undefined.
   */
  createFirstAdmin(organisationName: string, admin: Omit<NewUser, 'organisationId'>): Promise<{ organisation: Organisation; user: User } | undefined>;
}

/** The organisations as the operator manages them (libs/db organisation.repository.ts). */
export interface OrganisationStore {
  list(): Promise<Organisation[]>;
  /** by id, or by name case-insensitively */
  findByIdOrName(idOrName: string): Promise<Organisation | undefined>;
  /** 409 when the name is taken (case-insensitively) */
  create(input: { name: string; allowLintasOrgReviewer: boolean }): Promise<Organisation>;
}

export interface Passwords {
  hash(password: string): Promise<string>;
  verify(password: string, hash: string): Promise<boolean>;
  /** a hash of nothing anyone knows: an unknown user's login costs as much as a known one's */
  dummyHash(): Promise<string>;
}
