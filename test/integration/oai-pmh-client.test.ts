import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import type { MetadataRecord } from '../../libs/catalogue/record.types';
import { seedWorld, completeDoc, seedRecord, type World } from '../helpers/fixtures';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { localOf } from '../helpers/oai-client';

/**
 * A real OAI-PMH client against our provider: Debian's HTTP::OAI harvester (Perl,
 * libhttp-oai-perl) run as a child process over real HTTP. Page size 2, so its ListRecords
 * needs several pages and follows our resumption tokens itself.
 */

const run = promisify(execFile);
const SCRIPT = path.join(__dirname, '../helpers/oai-harvest.pl');
/** a hang bound for one Perl run, not a speed expectation */
const HANG_MS = 60_000;

interface HarvestedRecord { identifier: string; recordId: string; datestamp: string; deleted: boolean; sets: string[]; title?: string }

describe('HTTP::OAI (Perl) harvests the provider', () => {
  let server: Server;
  let t: TestApp;
  let w: World;
  let base: string;
  let oaiRequests = 0;
  const published: MetadataRecord[] = [];

  beforeAll(async () => {
    server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    t = await startTestApp('server', { BASE_URL: `http://127.0.0.1:${port}`, OAI_PAGE_SIZE: '2' });
    server.on('request', (req, res) => {
      if (req.url?.startsWith('/oai')) oaiRequests += 1;
      t.app(req, res);
    });
    base = `${t.config.baseUrl}/oai`;
    w = await seedWorld(t);
    for (let i = 0; i < 5; i += 1) {
      published.push(await seedRecord(t.db, { owner: (i % 2 ? w.b : w.a).produsen.user, status: 'PUBLISHED', doc: completeDoc({ title: `Peta Uji ${i} & <lainnya>` }) }));
    }
    await seedRecord(t.db, { owner: w.a.produsen.user, status: 'DRAFT' });
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await t?.close();
  });

  async function perl<T>(...args: string[]): Promise<T> {
    const { stdout } = await run('perl', [SCRIPT, base, ...args], { timeout: HANG_MS });
    return JSON.parse(stdout) as T;
  }
  const harvest = async (...args: string[]): Promise<HarvestedRecord[]> =>
    (await perl<{ records: HarvestedRecord[] }>('records', ...args)).records.map((r) => ({ ...r, recordId: localOf(r.identifier) }));

  it('Identify', async () => {
    const id = await perl<Record<string, unknown>>('identify');
    expect(id).toMatchObject({
      repositoryName: t.config.csw.identity.title,
      baseURL: base,
      protocolVersion: '2.0',
      deletedRecord: 'persistent',
      granularity: 'YYYY-MM-DDThh:mm:ssZ',
    });
    expect(id.earliestDatestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
  });

  it('ListMetadataFormats, for the repository and for one record', async () => {
    const all = await perl<{ formats: { prefix: string; namespace: string }[] }>('formats');
    expect(all.formats.map((f) => f.prefix)).toEqual(['oai_dc', 'iso19139', 'iso19115-3']);
    const one = await perl<{ formats: { prefix: string }[] }>('formats', `oai:${t.config.oai.repositoryIdentifier}:${published[0]!.id}`);
    expect(one.formats).toHaveLength(3);
  });

  it('ListSets', async () => {
    const { sets } = await perl<{ sets: { spec: string; name: string }[] }>('sets');
    expect(sets).toEqual(expect.arrayContaining([
      { spec: `org:${w.a.org.id}`, name: w.a.org.name },
      { spec: `org:${w.b.org.id}`, name: w.b.org.name },
      { spec: 'type:dataset', name: 'Dataset' },
    ]));
  });

  it('a full ListRecords through resumption tokens, oai_dc read by HTTP::OAI\'s own handler', async () => {
    const before = oaiRequests;
    const records = await harvest('oai_dc');
    // 5 records at 2 per page: the harvester itself asked three times
    expect(oaiRequests - before).toBe(3);
    expect(records.map((r) => r.recordId).sort()).toEqual(published.map((r) => r.id).sort());
    const byId = new Map(records.map((r) => [r.recordId, r]));
    for (const [i, rec] of published.entries()) expect(byId.get(rec.id)?.title).toBe(`Peta Uji ${i} & <lainnya>`);
    const iso = await harvest('iso19139', `set=org:${w.a.org.id}`);
    expect(iso.map((r) => r.recordId).sort()).toEqual([published[0]!.id, published[2]!.id, published[4]!.id].sort());
  });

  it('a from-harvest after an edit and after a withdrawal shows the change and the deleted header', async () => {
    // every existing item ten years back: the harvest "since 2020" then holds only what follows
    await t.db.query("UPDATE oai_items SET datestamp = datestamp - interval '10 years'");
    expect(await harvest('oai_dc', 'from=2020-01-01T00:00:00Z')).toEqual([]);

    const edited = published[1]!;
    const withdrawn = published[2]!;
    // a status change is a PATCH; a published record's content changes by an ADMIN's direct correction
    const patch = async (id: string, body: object) => {
      const res = await w.a.admin.agent.patch(`/api/metadata/${id}`).send(body);
      if (res.status !== 200) {
        const resB = await w.b.admin.agent.patch(`/api/metadata/${id}`).send(body);
        expect(resB.status).toBe(200);
      }
    };
    const correct = async (id: string, title: string) => {
      const body = { reason: 'Judul diperbarui', patch: { title } };
      const res = await w.a.admin.agent.post(`/api/metadata/${id}/corrections`).send(body);
      if (res.status !== 200) expect((await w.b.admin.agent.post(`/api/metadata/${id}/corrections`).send(body)).status).toBe(200);
    };
    await correct(edited.id, 'Peta Uji 1 (revisi)');
    await patch(withdrawn.id, { status: 'PRIVATE', statusNote: 'Ditarik untuk uji' });

    const records = await harvest('oai_dc', 'from=2020-01-01T00:00:00Z');
    const byId = new Map(records.map((r) => [r.recordId, r]));
    expect([...byId.keys()].sort()).toEqual([edited.id, withdrawn.id].sort());
    expect(byId.get(edited.id)).toMatchObject({ deleted: false, title: 'Peta Uji 1 (revisi)' });
    expect(byId.get(withdrawn.id)).toMatchObject({ deleted: true });
    expect(byId.get(withdrawn.id)!.title).toBeUndefined();
    expect(byId.get(withdrawn.id)!.sets).toContain(`org:${w.a.org.id}`);
  });
});
