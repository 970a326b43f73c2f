import type { OrganisationStore, UserStore } from '../catalogue/users.ports';
import type { Database } from './database';
import { createOrganisation, findOrganisationByIdOrName, listOrganisations } from './organisation.repository';
import { countUsers, createUser, findCredentialsByUsername, findUserById, findUserByUsername, listUsersOfOrganisation, updateUser } from './user.repository';

/** Any constant works; it only has to be the same in every process of the deployment. */
const FIRST_ADMIN_LOCK_KEY = 7242002;

/** The catalogue's UserStore on a database (PostgreSQL or PGlite). */
export function userStoreFor(db: Database): UserStore {
  return {
    findById: (id) => findUserById(db, id),
    findByUsername: (username) => findUserByUsername(db, username),
    listOfOrganisation: (organisationId) => listUsersOfOrganisation(db, organisationId),
    create: (u) => createUser(db, u),
    update: (id, c) => updateUser(db, id, c),
    credentialsByUsername: (username) => findCredentialsByUsername(db, username),
    countUsers: () => countUsers(db),
    // Two processes starting together take the same transaction-scoped advisory lock, so the
    // second one waits, then sees the first one's admin and does nothing.
    createFirstAdmin: (organisationName, admin) => db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [FIRST_ADMIN_LOCK_KEY]);
      if ((await countUsers(tx)) > 0) return undefined;
      // an organisation of that name may exist already (made with the CLI before any user)
      const organisation = (await findOrganisationByIdOrName(tx, organisationName)) ?? (await createOrganisation(tx, { name: organisationName }));
      const user = await createUser(tx, { ...admin, organisationId: organisation.id });
      return { organisation, user };
    }),
  };
}

/** The catalogue's OrganisationStore on a database (PostgreSQL or PGlite). */
export function organisationStoreFor(db: Database): OrganisationStore {
  return {
    list: () => listOrganisations(db),
    findByIdOrName: (idOrName) => findOrganisationByIdOrName(db, idOrName),
    create: (input) => createOrganisation(db, input),
  };
}
