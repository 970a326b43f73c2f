import type { CswIdentity } from '../config';
import type { Queryable } from './database';
import { getSetting, putSetting } from './settings.repository';
import { SERVICE_IDENTITY_FIELDS } from '../catalogue/service-identity';

/** The ten identity fields an administrator may set (libs/catalogue/service-identity.ts). */
export const CSW_IDENTITY_FIELDS = SERVICE_IDENTITY_FIELDS satisfies readonly (keyof CswIdentity)[];

const SETTINGS_KEY = 'csw.identity';

/**
 * The identity GetCapabilities shows: what an administrator stored, over the CSW_* defaults
 * from the configuration. Read on every (uncached) GetCapabilities so a change applies at once.
 */
export async function loadCswIdentity(db: Queryable, defaults: CswIdentity): Promise<CswIdentity> {
  const stored = (await getSetting<Partial<CswIdentity>>(db, SETTINGS_KEY)) ?? {};
  const out = { ...defaults };
  for (const f of CSW_IDENTITY_FIELDS) {
    const v = stored[f];
    if (typeof v === 'string') out[f] = v;
  }
  return out;
}

export async function saveCswIdentity(db: Queryable, identity: CswIdentity): Promise<void> {
  await putSetting(db, SETTINGS_KEY, identity);
}
