import type { ServiceIdentity } from '../config';
import type { Queryable } from './database';
import { getSetting, putSetting } from './settings.repository';

/** The ten identity fields an administrator may set, in the order CSW GetCapabilities shows them. */
export const SERVICE_IDENTITY_FIELDS = [
  'title', 'providerName', 'abstract', 'individualName', 'positionName',
  'voice', 'electronicMailAddress', 'hoursOfService', 'contactInstructions', 'role',
] as const satisfies readonly (keyof ServiceIdentity)[];

// the stored setting keeps its first name: identities saved before stay in force
const SETTINGS_KEY = 'csw.identity';

/**
 * The catalogue's identity (CSW GetCapabilities, OGC API – Records, OAI-PMH Identify): what an
 * administrator stored, over the CSW_* defaults from the configuration. Read on every uncached
 * answer that shows it, so a change applies at once.
 */
export async function loadServiceIdentity(db: Queryable, defaults: ServiceIdentity): Promise<ServiceIdentity> {
  const stored = (await getSetting<Partial<ServiceIdentity>>(db, SETTINGS_KEY)) ?? {};
  const out = { ...defaults };
  for (const f of SERVICE_IDENTITY_FIELDS) {
    const v = stored[f];
    if (typeof v === 'string') out[f] = v;
  }
  return out;
}

export async function saveServiceIdentity(db: Queryable, identity: ServiceIdentity): Promise<void> {
  await putSetting(db, SETTINGS_KEY, identity);
}
