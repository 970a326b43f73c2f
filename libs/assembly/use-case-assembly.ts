import type { Config } from '../config';
import type { Logger } from '../logger';
import type { Database } from '../db/database';
import { recordStoreFor, findRecordById } from '../db/record.repository';
import { lintasOrgStoreFor } from '../db/lintas-org.repository';
import { userStoreFor } from '../db/user-store';
import { harvestSourceStoreFor } from '../db/harvest-source-store';
import { findRender } from '../db/render.repository';
import { documentAwareRenderer } from './document-renderer';
import { loadServiceIdentity, saveServiceIdentity } from '../db/service-identity.repository';
import { createRecordsService, type RecordsService } from '../catalogue/records.service';
import { createRecordsBatch, type RecordsBatch } from '../catalogue/records-batch';
import { recordBatchStoreFor } from '../db/record-batch-store';
import { createLintasOrgService, type LintasOrgService } from '../catalogue/records-lintas-org';
import { createUsersService, type UsersService } from '../catalogue/users.service';
import { createRecordThumbnails, type RecordThumbnails } from '../catalogue/record-thumbnails';
import { createRecordExports, type RecordExports } from '../catalogue/record-export';
import { createServiceIdentity, type ServiceIdentityService } from '../catalogue/service-identity';
import { createRecordComments, type RecordComments } from '../catalogue/record-comments';
import { createRecordCopies, type RecordCopies } from '../catalogue/record-copies';
import { createRecordXmlEdits, type RecordXmlEdits } from '../catalogue/record-xml-edits';
import { xmlDocumentPorts } from './xml-document-ports';
import { recordTemplateStoreFor } from '../db/record-template.repository';
import { copyIsoDocument } from '../import/copy-document';
import { documentPatcher } from './document-patcher';
import { recordCommentsStoreFor } from '../db/record-comment.repository';
import { createKeywordSuggestions, type KeywordSuggestions } from '../catalogue/keyword-suggestions';
import { keywordSuggestionStoreFor } from '../db/keyword-suggestion.repository';
import { createContactDirectory, type ContactDirectory } from '../catalogue/contact-directory';
import { contactDirectoryStoreFor } from '../db/contact-directory.repository';
import { createWorkDashboard, type WorkDashboardService } from '../catalogue/work-dashboard';
import { workDashboardStoreFor } from '../db/work-dashboard.repository';
import type { AfterCommit } from '../catalogue/records.ports';
import type { MetadataDoc } from '../catalogue/record.types';
import type { Passwords } from '../catalogue/users.ports';
import { createHarvestSourcesService, type HarvestSourcesService } from '../harvest/harvest-sources.service';
import type { HarvestQueue } from '../harvest/harvest-sources.ports';
import { harvestSecretBox } from '../harvest/harvest-settings';
import type { SecretBox } from '../harvest/secret-box';
import { harvestRunJobId } from '../jobs/job-ids';
import type { ObjectStore } from '../objectstore/object-store';
import { thumbnailKey } from '../objectstore/thumbnail-key';
import { applyHarvestSchedule } from '../processors/harvest-schedules';
import type { JobSystem } from '../processors/job-system';
import type { RecordRenderer } from '../processors/processor-deps';
import type { ExportFormat } from '../render/formats';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../security/password';

/** The catalogue's use cases as a process hands them to its entry points (routes, CLI commands). */
export interface CatalogueUseCases {
  records: RecordsService;
  /** copies of records and the organisation's templates (issue 20, §5) */
  copies: RecordCopies;
  /** the workbench's XML view: check, save and diff ISO documents (issue 19 points 4, 5) */
  xmlEdits: RecordXmlEdits;
  thumbnails: RecordThumbnails;
  exports: RecordExports<ExportFormat>;
  users: UsersService;
  /** the organisation's settings (cross-organisation review) */
  organisations: LintasOrgService;
  harvestSources: HarvestSourcesService;
  /** the catalogue's identity as CSW, OGC API – Records and OAI-PMH show it */
  identity: ServiceIdentityService;
  /** reviewers' comments on records, by field, resolved by the author */
  comments: RecordComments;
  /** keyword suggestions per thesaurus for the editor (issue 20 §5) */
  keywordSuggestions: KeywordSuggestions;
  /** the organisations' contact directories (issue 20 §5) */
  contactDirectory: ContactDirectory;
  /** what waits for a user: to fix, to review, to publish, and their own records by status */
  dashboard: WorkDashboardService;
}

export interface UseCaseAssemblyDeps {
  config: Readonly<Config>;
  db: Database;
  logger: Logger;
  /** after a commit that wrote outbox events: relay kick, cache generation bump */
  afterCommit: AfterCommit;
  jobs: Pick<JobSystem, 'enqueue' | 'upsertSchedule' | 'removeSchedule'>;
  objectStore: Pick<ObjectStore, 'put' | 'get'>;
  renderer: RecordRenderer;
}

/** The public URL of a record's uploaded browse graphic (served by the REST API's thumbnail route). */
export const thumbnailUrlOf = (baseUrl: string, recordId: string): string =>
  `${baseUrl}/api/metadata/${encodeURIComponent(recordId)}/thumbnail`;

export const PASSWORDS: Passwords = { hash: (p) => hashPassword(p), verify: verifyPassword, dummyHash: dummyPasswordHash };

/** The users use cases on a database (also what the CLI and the first start use). */
export const usersOn = (db: Database): UsersService => createUsersService({ store: userStoreFor(db), passwords: PASSWORDS });

/** The records use case's batch side on a database (the CLI's bulk import). */
export const recordsBatchOn = (db: Database): RecordsBatch => createRecordsBatch({ store: recordBatchStoreFor(db) });

/** The harvest source administration on a database and a queue (also what the CLI uses). */
export function harvestSourcesOn(db: Database, jobs: Pick<JobSystem, 'enqueue' | 'upsertSchedule' | 'removeSchedule'>, secrets: SecretBox): HarvestSourcesService {
  const queue: HarvestQueue = {
    applySchedule: (source) => applyHarvestSchedule(jobs, source),
    enqueueRun: (run) => jobs.enqueue('harvest.run', run, { jobId: harvestRunJobId(run.runId) }),
  };
  return createHarvestSourcesService({ store: harvestSourceStoreFor(db), queue, secrets });
}

/**
 * Every use case of the catalogue, each built once per process over the ports libs/db
 * implements: the one place where repositories meet the domain.
 */
export function assembleUseCases(deps: UseCaseAssemblyDeps): CatalogueUseCases {
  const { config, db, logger, afterCommit, jobs, objectStore, renderer } = deps;
  const onTheSpot = documentAwareRenderer(db, renderer);
  const urlOf = (id: string): string => thumbnailUrlOf(config.baseUrl, id);
  // an uploaded graphic lives under its record's key: a document that points at it moves or is
  // copied with it, else it would show (or lose) another record's image
  const carryThumbnail = async (fromId: string, toId: string, doc: MetadataDoc): Promise<MetadataDoc> => {
    if (doc.thumbnailUrl !== urlOf(fromId)) return doc;
    const image = await objectStore.get(thumbnailKey(fromId));
    if (image) await objectStore.put(thumbnailKey(toId), Buffer.from(image.body), image.contentType);
    return { ...doc, thumbnailUrl: image ? urlOf(toId) : undefined };
  };
  const recordStore = recordStoreFor(db);
  const records = createRecordsService({
    store: recordStore,
    afterCommit,
    // a revision's uploaded graphic becomes the record's when the revision is published (the
    // copy's object is removed by its record.deleted job afterwards)
    adoptRevisionAssets: carryThumbnail,
    // an edit rewrites only the changed fields' elements of the stored document (issue 19 §4)
    patchDocument: documentPatcher(),
  });
  const requestRender = (rec: { id: string; version: number }): void => {
    jobs.enqueue('record.render', { recordId: rec.id, version: rec.version }).catch((err: unknown) => {
      logger.warn({ recordId: rec.id, err: (err as Error)?.message }, 'job render belum dapat dijadwalkan; rekonsiliasi menyusul');
    });
  };
  return {
    records,
    copies: createRecordCopies({
      store: recordStore,
      templates: recordTemplateStoreFor(db),
      afterCommit,
      copyDocument: copyIsoDocument,
      copyAssets: carryThumbnail,
    }),
    xmlEdits: createRecordXmlEdits({ store: recordStore, afterCommit, xml: xmlDocumentPorts() }),
    thumbnails: createRecordThumbnails({
      records,
      findRecord: (id) => findRecordById(db, id),
      images: {
        put: (id, body, type) => objectStore.put(thumbnailKey(id), Buffer.from(body.buffer, body.byteOffset, body.byteLength), type),
        get: (id) => objectStore.get(thumbnailKey(id)),
      },
      urlOf,
    }),
    exports: createRecordExports<ExportFormat>({
      findRecord: (id) => findRecordById(db, id),
      findRender: (id, format) => findRender(db, id, format),
      render: async (record, format) => onTheSpot.render(record, format),
      requestRender,
    }),
    users: usersOn(db),
    organisations: createLintasOrgService({ store: lintasOrgStoreFor(db), afterCommit }),
    harvestSources: harvestSourcesOn(db, jobs, harvestSecretBox(config)),
    dashboard: createWorkDashboard(workDashboardStoreFor(db)),
    comments: createRecordComments({ readRecord: (actor, id) => records.get(actor, id), store: recordCommentsStoreFor(db) }),
    keywordSuggestions: createKeywordSuggestions(keywordSuggestionStoreFor(db)),
    contactDirectory: createContactDirectory(contactDirectoryStoreFor(db)),
    identity: createServiceIdentity({
      store: { load: () => loadServiceIdentity(db, config.csw.identity), save: (identity) => saveServiceIdentity(db, identity) },
      afterCommit,
    }),
  };
}
