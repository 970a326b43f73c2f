import type { Config } from '../config';
import type { Database } from '../db/database';
import { loadServiceIdentity } from '../db/service-identity.repository';
import { oaiStoreFor } from '../db/oai-item.repository';
import type { Logger } from '../logger';
import { adminEmailsOf } from '../oai/oai-admin-emails';
import { createOaiService, type OaiIdentity, type OaiService } from '../oai/oai-service';
import { deriveTokenKey } from '../oai/request/resumption-token';
import type { JobSystem } from '../processors/job-system';
import type { RecordRenderer } from '../processors/processor-deps';

export interface OaiAssemblyDeps {
  config: Readonly<Config>;
  db: Database;
  renderer: RecordRenderer;
  logger: Logger;
  jobs: Pick<JobSystem, 'enqueue'>;
  /** the public URL of the endpoint (BASE_URL + the route's path) */
  endpointUrl: string;
}

/**
 * The OAI-PMH provider, assembled once per API process: the item store over the database, the
 * catalogue's identity (read per Identify, so an administrator's change shows at once), the
 * renderer for records whose stored render lags, and the render queue to bring those up to date.
 */
export function assembleOai(deps: OaiAssemblyDeps): { service: OaiService } {
  const { config, db, logger, jobs } = deps;
  const service = createOaiService({
    store: oaiStoreFor(db),
    renderer: deps.renderer,
    logger,
    endpointUrl: deps.endpointUrl,
    tokenKey: deriveTokenKey(config.sessionSecret),
    pageSize: config.oai.pageSize,
    tokenTtlSeconds: config.oai.tokenTtlSeconds,
    repositoryIdentifier: config.oai.repositoryIdentifier,
    async getIdentity(): Promise<OaiIdentity> {
      const identity = await loadServiceIdentity(db, config.csw.identity);
      return { repositoryName: identity.title, adminEmails: adminEmailsOf(identity.electronicMailAddress, config.mailFrom, config.baseUrl) };
    },
    onRenderedOnTheSpot(records) {
      for (const rec of records) {
        jobs.enqueue('record.render', { recordId: rec.id, version: rec.version }).catch((err: unknown) => {
          logger.warn({ recordId: rec.id, err: (err as Error)?.message }, 'job render belum dapat dijadwalkan; rekonsiliasi menyusul');
        });
      }
    },
  });
  return { service };
}
