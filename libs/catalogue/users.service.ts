import { AppError } from '../errors';
import type { Role } from './record.types';
import type { LoginCandidate, Passwords, UserChanges, UserStore } from './users.ports';
import type { Actor, Organisation, User } from './user.types';

/** A new account as checked input (the REST API's and the CLI's parsers give this). */
export interface NewUserInput {
  username: string;
  password: string;
  role: Role;
  fullName?: string;
  email?: string;
  phone?: string;
}

/** A change of an account as checked input; null clears a field. */
export interface UserPatchInput {
  role?: Role;
  active?: boolean;
  password?: string;
  fullName?: string | null;
  email?: string | null;
  phone?: string | null;
}

/** The caller's own profile fields (My account); null clears a field. */
export interface ProfilePatchInput {
  fullName?: string | null;
  email?: string | null;
  phone?: string | null;
}

/** The caller of the user administration: an actor and whether they administer the whole service. */
export type UserAdmin = Actor & { serviceAdmin: boolean };

export interface UsersService {
  /** the users of the caller's organisation */
  listOwn(admin: Actor): Promise<User[]>;
  /** a user of the caller's organisation; 404 for anyone else's */
  getOwn(admin: Actor, id: string): Promise<User>;
  /** a new account in the caller's organisation (never a service administrator) */
  register(admin: Actor, input: NewUserInput): Promise<User>;
  /**
   * A new account in any organisation (the operator's CLI); only here can it be a service
   * administrator. The one path the REST API and the CLI share, so an account is hashed and
   * stored the same way from both.
   */
  registerIn(organisationId: string, input: NewUserInput, opts?: { serviceAdmin?: boolean }): Promise<User>;
  /** a change of a user of the caller's organisation, under the self-lockout and takeover rules */
  updateOwn(admin: UserAdmin, id: string, patch: UserPatchInput): Promise<User>;
  /** the account a login name resolves to (looked up before the login limiter, which counts per account) */
  resolveLogin(username: string): Promise<LoginCandidate>;
  /**
   * The user when the name resolved, the password matches and the account is active; otherwise
   * undefined, with no hint which of the three failed. An unknown name is checked against a
   * dummy hash, so every failure costs one hash and takes about as long as the others.
   */
  passwordMatches(candidate: LoginCandidate, password: string): Promise<User | undefined>;
  /** the caller's own profile; undefined when the account is gone or inactive */
  me(id: string): Promise<User | undefined>;
  /**
   * The caller's own name, e-mail and phone (the WhatsApp number notifications go to); never
   * the role, the active flag or the password, which have their own paths. Undefined when the
   * account is gone or inactive.
   */
  updateProfile(id: string, patch: ProfilePatchInput): Promise<User | undefined>;
  /** a session's user as stored now (a session of an inactive or changed account ends) */
  findById(id: string): Promise<User | undefined>;
  /** sets a new password; the session epoch moves on, so every other session ends */
  setPassword(id: string, password: string): Promise<User | undefined>;
  /**
   * On the very first start (no users at all): an organisation and an ADMIN who is also the
   * service administrator. Undefined when a user exists (also when another process made it first).
   */
  ensureFirstAdmin(organisationName: string, admin: { username: string; password: string }): Promise<{ organisation: Organisation; user: User } | undefined>;

  // The operator's CLI: whoever runs it controls the deployment, so these reach any organisation
  // and apply none of the REST API's caller rules (the CLI is also how lost admin access is recovered).

  /** an account of any organisation by login name (any case or spelling login accepts) */
  findByUsername(username: string): Promise<User | undefined>;
  /** the users of any organisation */
  listIn(organisationId: string): Promise<User[]>;
  /** switches an account on or off, or grants or takes back the service-administrator level */
  setFlags(id: string, flags: { active?: boolean; serviceAdmin?: boolean }): Promise<User | undefined>;
}

const notInOrganisation = (): AppError => new AppError('NOT_FOUND', 'Pengguna tidak ditemukan di organisasi Anda.');

/**
 * User administration: an ADMIN manages the users of their own organisation; users of other
 * organisations are invisible (404, not 403), exactly like records one may not see. The
 * service-administrator flag is never set here for the REST API: only the CLI sets it.
 */
export function createUsersService(deps: { store: UserStore; passwords: Passwords }): UsersService {
  const { store, passwords } = deps;

  const getOwn = async (admin: Actor, id: string): Promise<User> => {
    const u = await store.findById(id);
    if (!u || u.organisationId !== admin.organisationId) throw notInOrganisation();
    return u;
  };

  const registerIn: UsersService['registerIn'] = async (organisationId, input, opts = {}) => store.create({
    username: input.username,
    passwordHash: await passwords.hash(input.password),
    role: input.role,
    organisationId,
    fullName: input.fullName ?? null,
    email: input.email ?? null,
    phone: input.phone ?? null,
    serviceAdmin: opts.serviceAdmin ?? false,
  });

  return {
    listOwn: (admin) => store.listOfOrganisation(admin.organisationId),
    getOwn,
    register: (admin, input) => registerIn(admin.organisationId, input),
    registerIn,

    async updateOwn(admin, id, patch) {
      const target = await getOwn(admin, id);
      // An admin cannot lock themself out: the organisation keeps at least this admin, and a
      // slip of the mouse in the admin page cannot end the caller's own access.
      if (target.id === admin.id && patch.active === false) {
        throw new AppError('CONFLICT', 'Anda tidak dapat menonaktifkan akun Anda sendiri.');
      }
      if (target.id === admin.id && patch.role !== undefined && patch.role !== 'ADMIN') {
        throw new AppError('CONFLICT', 'Anda tidak dapat menurunkan peran akun Anda sendiri.');
      }
      // A service administrator's account opens the whole service: an organisation ADMIN of the
      // same organisation must not take it over by resetting its password or demoting it.
      if (target.serviceAdmin && !admin.serviceAdmin) {
        throw new AppError('FORBIDDEN', 'Akun administrator layanan hanya dapat diubah oleh administrator layanan atau lewat CLI.');
      }
      const changes: UserChanges = {};
      if (patch.role !== undefined) changes.role = patch.role;
      if (patch.active !== undefined) changes.active = patch.active;
      if (patch.fullName !== undefined) changes.fullName = patch.fullName;
      if (patch.email !== undefined) changes.email = patch.email;
      if (patch.phone !== undefined) changes.phone = patch.phone;
      if (patch.password !== undefined) changes.passwordHash = await passwords.hash(patch.password);
      const updated = await store.update(target.id, changes);
      if (!updated) throw notInOrganisation();
      return updated;
    },

    resolveLogin: (username) => store.credentialsByUsername(username),

    async passwordMatches(candidate, password) {
      const matches = await passwords.verify(password, candidate?.passwordHash ?? (await passwords.dummyHash()));
      if (!candidate || !matches || !candidate.user.active) return undefined;
      return candidate.user;
    },

    async me(id) {
      const user = await store.findById(id);
      return user && user.active ? user : undefined;
    },

    async updateProfile(id, patch) {
      const current = await store.findById(id);
      if (!current || !current.active) return undefined;
      const changes: UserChanges = {};
      if (patch.fullName !== undefined) changes.fullName = patch.fullName;
      if (patch.email !== undefined) changes.email = patch.email;
      if (patch.phone !== undefined) changes.phone = patch.phone;
      return Object.keys(changes).length ? store.update(id, changes) : current;
    },

    findById: (id) => store.findById(id),

    setPassword: async (id, password) => store.update(id, { passwordHash: await passwords.hash(password) }),

    findByUsername: (username) => store.findByUsername(username),
    listIn: (organisationId) => store.listOfOrganisation(organisationId),
    setFlags: (id, flags) => store.update(id, {
      ...(flags.active === undefined ? {} : { active: flags.active }),
      ...(flags.serviceAdmin === undefined ? {} : { serviceAdmin: flags.serviceAdmin }),
    }),

    async ensureFirstAdmin(organisationName, admin) {
      if ((await store.countUsers()) > 0) return undefined; // the common case, without taking a lock
      const passwordHash = await passwords.hash(admin.password); // outside the lock: hashing takes a while
      return store.createFirstAdmin(organisationName, {
        username: admin.username, passwordHash, role: 'ADMIN', fullName: 'Administrator', serviceAdmin: true,
      });
    },
  };
}
