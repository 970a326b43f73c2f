import { toOaiIdentifier } from '../../libs/oai/request/oai-identifiers';
import { completeDoc, seedWorld, type World } from '../helpers/fixtures';
import { harvestAll, oaiGet } from '../helpers/oai-client';
import { startTestApp, type TestApp } from '../helpers/test-app';

/*
 * The OAI-PMH provider in embedded mode (PGlite): the change-feed trigger (plpgsql), the keyset
 * pages and the tokens on the same SQL, with renders made in process. One file: PGlite takes
 * seconds to start (minutes on a loaded machine: the hook allows ten).
 */

let t: TestApp;
let w: World;

beforeAll(async () => {
  t = await startTestApp('embedded', { OAI_PAGE_SIZE: '1' });
  w = await seedWorld(t);
}, 600_000);

afterAll(async () => {
  await t?.close();
}, 300_000);

it('publish → harvest in pages → withdraw → deleted header, on PGlite', async () => {
  expect(t.db.kind).toBe('pglite');
  const ids: string[] = [];
  for (const title of ['Garis Pantai', 'Batas Desa']) {
    const created = await w.a.produsen.agent.post('/api/metadata').send(completeDoc({ title }));
    expect(created.status).toBe(201);
    const id = (created.body as { id: string }).id;
    for (const [agent, status] of [[w.a.produsen.agent, 'QCQE_PROCESS'], [w.a.qcqe.agent, 'REVIEW'], [w.a.admin.agent, 'PUBLISHED']] as const) {
      expect((await agent.patch(`/api/metadata/${id}`).send({ status })).status).toBe(200);
    }
    ids.push(id);
  }

  const identify = await oaiGet(t.app, { verb: 'Identify' });
  expect(identify.xml).toContain('<deletedRecord>persistent</deletedRecord>');

  const { records, pages } = await harvestAll(t.app, { metadataPrefix: 'iso19115-3' });
  expect(pages).toHaveLength(2);
  expect(records.map((r) => r.recordId).sort()).toEqual([...ids].sort());
  expect(records.every((r) => r.metadata?.localName === 'MD_Metadata')).toBe(true);

  expect((await w.a.admin.agent.patch(`/api/metadata/${ids[0]}`).send({ status: 'PRIVATE', statusNote: 'Ditarik untuk uji' })).status).toBe(200);
  const got = await oaiGet(t.app, { verb: 'GetRecord', identifier: toOaiIdentifier(t.config.oai.repositoryIdentifier, ids[0]!), metadataPrefix: 'oai_dc' });
  expect(got.records.map((r) => [r.recordId, r.deleted, r.metadata])).toEqual([[ids[0], true, undefined]]);
  const after = await harvestAll(t.app, { metadataPrefix: 'oai_dc', set: `org:${w.a.org.id}` }, 'ListIdentifiers');
  expect(after.records.map((r) => [r.recordId, r.deleted])).toEqual([[ids[1], false], [ids[0], true]]);
}, 300_000);

it('until=9999-12-31 and from=0000-01-01 list everything on PGlite too (no "time zone displacement out of range")', async () => {
  const all = (await harvestAll(t.app, { metadataPrefix: 'oai_dc' }, 'ListIdentifiers')).records.map((r) => r.recordId).sort();
  expect(all).toHaveLength(2);
  for (const bounds of [{ until: '9999-12-31' }, { from: '0000-01-01', until: '9999-12-31' }, { until: '9999-12-31T23:59:59Z' }] as Record<string, string>[]) {
    const h = await harvestAll(t.app, { metadataPrefix: 'oai_dc', ...bounds }, 'ListIdentifiers');
    expect(h.pages[0]!.status).toBe(200);
    expect(h.records.map((r) => r.recordId).sort()).toEqual(all);
  }
  expect((await oaiGet(t.app, { verb: 'ListIdentifiers', metadataPrefix: 'oai_dc', until: '0000-12-31' })).errors).toEqual(['noRecordsMatch']);
}, 300_000);
