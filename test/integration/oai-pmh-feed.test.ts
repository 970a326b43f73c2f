import { projectRecord } from '../../libs/catalogue/search-projection';
import { insertRecordBatch, updateRecordBatch } from '../../libs/db/record-batch.repository';
import { updateRecordStatus } from '../../libs/db/record.repository';
import { useSeededApp } from '../helpers/seeded-app';
import { completeDoc, seedRecord, type Agent } from '../helpers/fixtures';
import { harvestAll, oaiGet, type OaiAnswer } from '../helpers/oai-client';
import { childElements } from '../helpers/oai-structure';
import { toOaiIdentifier } from '../../libs/oai/request/oai-identifiers';

/**
 * The change feed: every path that changes a published record — the REST workflow, the
 * repository functions other code (the harvester) calls, the batch importer, a plain DELETE —
 * updates the OAI-PMH datestamp in the same transaction, and a withdrawal stays visible as a
 * deleted record. Tests never wait for the clock: existing items are moved ten years back
 * first, so "changed since" is a matter of data, not of timing.
 */

describe('OAI-PMH change feed', () => {
  const ctx = useSeededApp({ env: { OAI_PAGE_SIZE: '50' } });
  const path = (id: string) => `/api/metadata/${encodeURIComponent(id)}`;
  const RECENT = '2020-01-01T00:00:00Z';
  const oaiId = (id: string) => toOaiIdentifier(ctx.t.config.oai.repositoryIdentifier, id);

  /** Every item's datestamp ten years back: a `from=RECENT` harvest then shows only later changes. */
  const backdateAll = () => ctx.t.db.query("UPDATE oai_items SET datestamp = datestamp - interval '10 years'");

  const changedSince = async (from = RECENT) => (await harvestAll(ctx.t.app, { metadataPrefix: 'oai_dc', from })).records;

  const patchOk = async (agent: Agent, id: string, body: object) => {
    const res = await agent.patch(path(id)).send(body);
    expect(res.status).toBe(200);
    return res.body as { id: string; version: number };
  };

  async function publishThroughWorkflow(title: string): Promise<string> {
    const created = await ctx.w.a.produsen.agent.post('/api/metadata').send(completeDoc({ title }));
    expect(created.status).toBe(201);
    const id = (created.body as { id: string }).id;
    for (const [agent, status] of [[ctx.w.a.produsen.agent, 'QCQE_PROCESS'], [ctx.w.a.qcqe.agent, 'REVIEW']] as const) {
      await patchOk(agent, id, { status });
      // under review: not in the repository
      expect((await oaiGet(ctx.t.app, { verb: 'GetRecord', identifier: oaiId(id), metadataPrefix: 'oai_dc' })).errors).toEqual(['idDoesNotExist']);
    }
    await patchOk(ctx.w.a.admin.agent, id, { status: 'PUBLISHED' });
    return id;
  }

  const responseDate = (a: OaiAnswer) => childElements(a.root)[0]!.textContent!;
  const titleOf = (a: { metadata?: import('@xmldom/xmldom').Element }) => childElements(a.metadata!).find((e) => e.localName === 'title')?.textContent;

  it('a record published through the review workflow enters the feed at its publication', async () => {
    const before = responseDate(await oaiGet(ctx.t.app, { verb: 'Identify' }));
    const id = await publishThroughWorkflow('Peta Rawan Longsor');
    const got = await oaiGet(ctx.t.app, { verb: 'GetRecord', identifier: oaiId(id), metadataPrefix: 'oai_dc' });
    expect(got.records[0]!.deleted).toBe(false);
    expect(got.records[0]!.datestamp >= before).toBe(true);
    expect(titleOf(got.records[0]!)).toBe('Peta Rawan Longsor');
    expect((await changedSince(before)).map((r) => r.recordId)).toContain(id);
  });

  it('an edit of a published record shows in a from-harvest with the new content', async () => {
    const id = await publishThroughWorkflow('Peta Tutupan Lahan');
    const untouched = await publishThroughWorkflow('Peta Jaringan Jalan');
    await backdateAll();
    expect(await changedSince()).toEqual([]);
    const before = responseDate(await oaiGet(ctx.t.app, { verb: 'Identify' }));
    // a published record's content changes by an ADMIN's direct correction (or a published revision)
    const corrected = await ctx.w.a.admin.agent.post(`${path(id)}/corrections`).send({ reason: 'Tahun data', patch: { title: 'Peta Tutupan Lahan 2025' } });
    expect(corrected.status).toBe(200);
    const changed = await changedSince();
    expect(changed.map((r) => r.recordId)).toEqual([id]);
    expect(changed[0]!.datestamp >= before).toBe(true);
    expect(titleOf(changed[0]!)).toBe('Peta Tutupan Lahan 2025');
    expect(changed.map((r) => r.recordId)).not.toContain(untouched);
  });

  it('a withdrawal (PUBLISHED → PRIVATE) is a deleted record with the withdrawal datestamp; republishing restores it', async () => {
    const id = await publishThroughWorkflow('Peta Sebaran Sekolah');
    await backdateAll();
    const before = responseDate(await oaiGet(ctx.t.app, { verb: 'Identify' }));
    await patchOk(ctx.w.a.admin.agent, id, { status: 'PRIVATE', statusNote: 'Ditarik untuk uji' });

    const changed = await changedSince();
    expect(changed.map((r) => [r.recordId, r.deleted])).toEqual([[id, true]]);
    expect(changed[0]!.datestamp >= before).toBe(true);
    expect(changed[0]!.metadata).toBeUndefined();
    // still in its sets, still known to GetRecord and ListMetadataFormats, as deleted
    const inOrg = await harvestAll(ctx.t.app, { metadataPrefix: 'iso19139', set: `org:${ctx.w.a.org.id}`, from: RECENT }, 'ListIdentifiers');
    expect(inOrg.records.map((r) => [r.recordId, r.deleted])).toEqual([[id, true]]);
    const got = await oaiGet(ctx.t.app, { verb: 'GetRecord', identifier: oaiId(id), metadataPrefix: 'iso19139' });
    expect(got.records.map((r) => [r.deleted, r.metadata])).toEqual([[true, undefined]]);
    expect((await oaiGet(ctx.t.app, { verb: 'ListMetadataFormats', identifier: oaiId(id) })).errors).toEqual([]);

    await backdateAll();
    await patchOk(ctx.w.a.admin.agent, id, { status: 'PUBLISHED' });
    const back = await changedSince();
    expect(back.map((r) => [r.recordId, r.deleted])).toEqual([[id, false]]);
    expect(titleOf(back[0]!)).toBe('Peta Sebaran Sekolah');
  });

  it('a status change through the record repository (the harvester\'s path) withdraws too, in its transaction', async () => {
    const rec = await seedRecord(ctx.t.db, { owner: ctx.w.b.produsen.user, status: 'PUBLISHED' });
    await backdateAll();
    // rolled back: the feed is untouched
    await expect(ctx.t.db.transaction(async (tx) => {
      await updateRecordStatus(tx, rec.id, { status: 'PRIVATE', reviewerId: null, markPublished: false });
      throw new Error('batal');
    })).rejects.toThrow('batal');
    expect(await changedSince()).toEqual([]);
    await ctx.t.db.transaction((tx) => updateRecordStatus(tx, rec.id, { status: 'PRIVATE', reviewerId: null, markPublished: false }));
    expect((await changedSince()).map((r) => [r.recordId, r.deleted])).toEqual([[rec.id, true]]);
  });

  it('a published record deleted by any path stays in the feed as deleted', async () => {
    const rec = await seedRecord(ctx.t.db, { owner: ctx.w.b.produsen.user, status: 'PUBLISHED' });
    await backdateAll();
    await ctx.t.db.query('DELETE FROM records WHERE id = $1', [rec.id]);
    expect((await changedSince()).map((r) => [r.recordId, r.deleted])).toEqual([[rec.id, true]]);
    expect((await oaiGet(ctx.t.app, { verb: 'GetRecord', identifier: oaiId(rec.id), metadataPrefix: 'oai_dc' })).records[0]!.deleted).toBe(true);
  });

  it('records that never were published stay out, whatever happens to them', async () => {
    await backdateAll();
    const created = await ctx.w.a.produsen.agent.post('/api/metadata').send(completeDoc({ title: 'Draf Peta' }));
    const id = (created.body as { id: string }).id;
    await patchOk(ctx.w.a.produsen.agent, id, { abstract: 'Diubah.' });
    await patchOk(ctx.w.a.produsen.agent, id, { status: 'QCQE_PROCESS' });
    await patchOk(ctx.w.a.qcqe.agent, id, { status: 'REJECTED', statusNote: 'Belum lengkap' });
    await patchOk(ctx.w.a.produsen.agent, id, { status: 'DRAFT' });
    expect((await ctx.w.a.produsen.agent.delete(path(id))).status).toBe(204);
    expect(await changedSince()).toEqual([]);
    const row = await ctx.t.db.query('SELECT 1 FROM oai_items WHERE record_id = $1', [id]);
    expect(row.rowCount).toBe(0);
  });

  it('the batch importer (--publish, --update) is tracked; a DRAFT import is not', async () => {
    await backdateAll();
    const rowOf = (id: string, title: string, hierarchyLevel = 'dataset') => {
      const doc = completeDoc({ title, fileIdentifier: id, hierarchyLevel });
      return { fileIdentifier: id, docJson: JSON.stringify(doc), projection: projectRecord(doc, id) };
    };
    const owner = ctx.w.b.produsen.user;
    const opts = { organisationId: owner.organisationId, ownerId: owner.id, note: 'impor uji' };
    await ctx.t.db.transaction((tx) => insertRecordBatch(tx, [rowOf('batch-pub-1', 'Impor 1'), rowOf('batch-pub-2', 'Impor 2')], { ...opts, status: 'PUBLISHED' }));
    await ctx.t.db.transaction((tx) => insertRecordBatch(tx, [rowOf('batch-draft-1', 'Impor draf')], { ...opts, status: 'DRAFT' }));
    expect((await changedSince()).map((r) => r.recordId).sort()).toEqual(['batch-pub-1', 'batch-pub-2']);

    await backdateAll();
    await ctx.t.db.transaction((tx) => updateRecordBatch(tx, [rowOf('batch-pub-2', 'Impor 2 diperbarui', 'series'), rowOf('batch-draft-1', 'Draf diperbarui')], owner.organisationId));
    const changed = await changedSince();
    expect(changed.map((r) => r.recordId)).toEqual(['batch-pub-2']);
    expect(titleOf(changed[0]!)).toBe('Impor 2 diperbarui');
    // its hierarchy level moved it to another type set
    expect(changed[0]!.setSpecs).toEqual([`org:${owner.organisationId}`, 'type:series']);
  });
});
