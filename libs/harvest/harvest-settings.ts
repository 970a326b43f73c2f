import type { Config } from '../config';
import { createOutboundPolicy, type OutboundPolicy } from '../outbound';
import type { RunLimits } from './run-limits';
import { SecretBox } from './secret-box';

/** The credentials key of this deployment: HARVEST_SECRET_KEY, else derived from SESSION_SECRET. */
export function harvestSecretBox(config: Readonly<Config>): SecretBox {
  const secret = config.harvest.secretKey ?? config.sessionSecret;
  // embedded mode fills SESSION_SECRET from DATA_DIR at start; a process without either cannot seal
  return new SecretBox(secret || 'geokatalog-no-secret-configured-0000');
}

export const harvestUserAgent = (config: Readonly<Config>): string => `geokatalog-harvester/0.1 (+${config.baseUrl})`;

/** The run limits the deployment configures (the worker, embedded mode and the CLI alike). */
export const harvestRunLimits = (config: Readonly<Config>): Partial<RunLimits> => ({
  requestTimeoutMs: config.harvest.requestTimeoutMs,
  maxDurationMs: config.harvest.maxRunMs,
  maxRecords: config.harvest.maxRunRecords,
  maxRunBytes: config.harvest.maxRunBytes,
});

/** What a harvest may connect to: global addresses, and what OUTBOUND_ALLOW names. */
export const harvestOutboundPolicy = (config: Readonly<Config>): OutboundPolicy => createOutboundPolicy(config.outbound.allow);
