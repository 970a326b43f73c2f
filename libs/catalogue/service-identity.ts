import type { AfterCommit } from './records.ports';

/** The ten identity fields a service administrator may set, in the order GetCapabilities shows them. */
export const SERVICE_IDENTITY_FIELDS = [
  'title', 'providerName', 'abstract', 'individualName', 'positionName',
  'voice', 'electronicMailAddress', 'hoursOfService', 'contactInstructions', 'role',
] as const;

/** The catalogue's identity as the protocols show it (title, abstract, contact). */
export type ServiceIdentity = Record<(typeof SERVICE_IDENTITY_FIELDS)[number], string>;

/** Where the identity is kept: what an administrator stored, over the configured defaults. */
export interface ServiceIdentityStore {
  load(): Promise<ServiceIdentity>;
  save(identity: ServiceIdentity): Promise<void>;
}

export interface ServiceIdentityService {
  load(): Promise<ServiceIdentity>;
  /** stores it and has every public answer that shows it computed afresh before this returns */
  save(identity: ServiceIdentity): Promise<void>;
}

export function createServiceIdentity(deps: { store: ServiceIdentityStore; afterCommit: AfterCommit }): ServiceIdentityService {
  return {
    load: () => deps.store.load(),
    async save(identity) {
      await deps.store.save(identity);
      await deps.afterCommit({ publicChanged: true });
    },
  };
}
