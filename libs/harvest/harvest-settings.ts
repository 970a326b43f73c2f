import type { Config } from '../config';
import { SecretBox } from './secret-box';

/** The credentials key of this deployment: HARVEST_SECRET_KEY, else derived from SESSION_SECRET. */
export function harvestSecretBox(config: Readonly<Config>): SecretBox {
  const secret = config.harvest.secretKey ?? config.sessionSecret;
  // embedded mode fills SESSION_SECRET from DATA_DIR at start; a process without either cannot seal
  return new SecretBox(secret || 'geokatalog-no-secret-configured-0000');
}

export const harvestUserAgent = (config: Readonly<Config>): string => `geokatalog-harvester/0.1 (+${config.baseUrl})`;
