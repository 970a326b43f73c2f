import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createLogger } from '../../libs/logger';
import { jobStoresFor } from '../../libs/assembly/job-stores';
import { createOrganisation } from '../../libs/db/organisation.repository';
import { insertRecord } from '../../libs/db/record.repository';
import { insertRecordDocuments } from '../../libs/db/record-document.repository';
import { createUser } from '../../libs/db/user.repository';
import { createXsdValidator, type XsdValidator } from '../../libs/import/xsd/xsd-validator';
import { createBullmqRunner } from '../../libs/jobs/bullmq-runner';
import { createInlineRunner } from '../../libs/jobs/inline-runner';
import type { JobHandlers } from '../../libs/jobs/job-handlers';
import { JOB_NAMES } from '../../libs/jobs/job-registry';
import type { JobRunner } from '../../libs/jobs/job-runner';
import type { JobStores } from '../../libs/processors/job-stores.ports';
import { enqueueXsdCheck, xsdCheckHandler } from '../../libs/processors/xsd-check.processor';
import { TEST_REDIS_URL } from '../helpers/env';
import { waitUntil } from '../helpers/private-servers';
import { ISO_CORPUS_DIR } from '../helpers/test-data';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';
import { deleteKeys, testRedisPrefix } from '../helpers/test-redis';

/*
 * Issue 19 finding 3: a document written while an XSD check run is finishing is checked too.
 * Both runners ignore an add whose job id is queued or running; with one fixed id, the add made
 * after a write that landed behind the run's last look for documents went into the finishing run
 * and was lost. Here the validator itself writes a document (and queues the check, as the record
 * events handler does after a write) while it validates the run's only batch — after the run's
 * look for documents — and the new document must still get its report. Real database, real queue
 * (inline and BullMQ on the real Redis), real validator.
 */

const XML = readFileSync(path.join(ISO_CORPUS_DIR, 'iso19139/ckanext-spatial__04_Dataset_Valid.xml'), 'utf8');

describe.each(['inline', 'bullmq'] as const)('XSD check: a document written during a run (%s runner)', (kind) => {
  let t: TestDatabase;
  let runner: JobRunner | undefined;
  const prefix = testRedisPrefix().replace(/:$/, '');
  afterAll(async () => {
    await runner?.close();
    await t?.drop();
    if (kind === 'bullmq') await deleteKeys(`${prefix}:`);
  });

  it('is validated by a run queued after the running one', async () => {
    t = await createTestDatabase();
    const org = await createOrganisation(t.db, { name: `Organisasi XSD ${kind}` });
    const ownerId = (await createUser(t.db, { username: `xsd-${kind}`, passwordHash: 'x', role: 'PRODUSEN', organisationId: org.id })).id;
    const stores: JobStores = jobStoresFor(t.db);
    const writeDocument = async (id: string): Promise<void> => {
      await insertRecord(t.db, { id, status: 'DRAFT', organisationId: org.id, ownerId, reviewerId: null, doc: { title: id, fileIdentifier: id } });
      await insertRecordDocuments(t.db, [{ recordId: id, origin: 'import', document: { xml: XML, schema: 'iso19139', validation: [] } }]);
    };

    const real = createXsdValidator();
    let writtenDuringRun = false;
    const xsd: XsdValidator = {
      async validate(items) {
        if (!writtenDuringRun) {
          // the run has read its batch; it will not look again (the batch is smaller than BATCH)
          writtenDuringRun = true;
          await writeDocument(`during-${kind}`);
          await enqueueXsdCheck({ stores, enqueue: (name, payload, opts) => runner!.add(name, payload, opts) });
        }
        return real.validate(items);
      },
    };
    const enqueue = (name: Parameters<JobRunner['add']>[0], payload: Parameters<JobRunner['add']>[1], opts?: Parameters<JobRunner['add']>[2]) => runner!.add(name, payload, opts);
    const idle = async (): Promise<void> => undefined;
    const handlers = Object.fromEntries(JOB_NAMES.map((n) => [n, idle])) as unknown as JobHandlers;
    const all: JobHandlers = { ...handlers, 'document.xsd-check': xsdCheckHandler({ stores, xsd, enqueue }) };
    const logger = createLogger('silent');
    runner = kind === 'inline'
      ? createInlineRunner({ handlers: all, logger })
      : createBullmqRunner({ redisUrl: TEST_REDIS_URL, prefix, logger, consume: { handlers: all, concurrency: 1, lockDurationMs: 60_000, stalledIntervalMs: 30_000 } });

    await writeDocument(`before-${kind}`);
    await enqueueXsdCheck({ stores, enqueue });

    const reportOf = async (id: string): Promise<{ valid: boolean } | null> =>
      (await t.db.query<{ xsd: { valid: boolean } | null }>('SELECT xsd FROM record_documents WHERE record_id = $1', [id])).rows[0]?.xsd ?? null;
    expect(await waitUntil(() => reportOf(`before-${kind}`), 'report of the first document')).toMatchObject({ valid: true });
    expect(await waitUntil(() => reportOf(`during-${kind}`), 'report of the document written during the run')).toMatchObject({ valid: true });
    expect(writtenDuringRun).toBe(true);
    // two runs: the one that found the first document, the one queued while it ran
    expect(await stores.xsd.generation()).toBeGreaterThanOrEqual(2);
  }, 300_000);
});
