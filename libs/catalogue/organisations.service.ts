import type { OrganisationStore } from './users.ports';
import type { Organisation } from './user.types';

/**
 * The organisations as the operator manages them (the CLI): list, look up by id or name, create.
 * The REST API has no such route: an organisation is made by whoever runs the deployment.
 */
export interface OrganisationsService {
  list(): Promise<Organisation[]>;
  /** by id, or by name case-insensitively (what the CLI's `--org` accepts) */
  find(idOrName: string): Promise<Organisation | undefined>;
  /** AppError CONFLICT when the name is taken (case-insensitively) */
  create(input: { name: string; allowLintasOrgReviewer: boolean }): Promise<Organisation>;
}

export function createOrganisationsService(deps: { store: OrganisationStore }): OrganisationsService {
  const { store } = deps;
  return {
    list: () => store.list(),
    find: (idOrName) => store.findByIdOrName(idOrName),
    create: (input) => store.create(input),
  };
}
