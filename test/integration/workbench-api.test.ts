import type { MetadataRecord } from '../../libs/catalogue/record.types';
import { completeDoc, seedRecord, type Agent } from '../helpers/fixtures';
import { useSeededApp } from '../helpers/seeded-app';

/*
 * The REST additions the workbench needs: what the caller may do with a record (decided by the
 * server), the publication snapshot and the "changed since last published" diff, the reviewer
 * candidates, the import warnings, and the workbench's run-time config.
 */
const ctx = useSeededApp();
const path = (id: string): string => `/api/metadata/${encodeURIComponent(id)}`;

type Actions = MetadataRecord & { allowedTransitions: { to: string; requiresNote: boolean }[]; permissions: { edit: boolean; delete: boolean } };

async function view(agent: Agent, id: string): Promise<Actions> {
  const res = await agent.get(path(id));
  expect(res.status).toBe(200);
  return res.body as Actions;
}
const targets = (r: Actions): string[] => r.allowedTransitions.map((t) => t.to).sort();

describe('allowedTransitions and permissions in the record response', () => {
  it('follow the workflow table and the caller', async () => {
    const { produsen, produsen2, qcqe, admin } = ctx.w.a;
    const draft = await seedRecord(ctx.t.db, { owner: produsen.user, status: 'DRAFT' });
    expect(await view(produsen.agent, draft.id)).toMatchObject({ permissions: { edit: true, delete: true } });
    expect(targets(await view(produsen.agent, draft.id))).toEqual(['QCQE_PROCESS']);
    expect(targets(await view(produsen2.agent, draft.id))).toEqual([]); // another producer: not the owner
    expect(await view(produsen2.agent, draft.id)).toMatchObject({ permissions: { edit: false, delete: false } });

    const inQc = await seedRecord(ctx.t.db, { owner: produsen.user, status: 'QCQE_PROCESS' });
    const qcView = await view(qcqe.agent, inQc.id);
    expect(targets(qcView)).toEqual(['REJECTED', 'REVIEW']);
    expect(qcView.allowedTransitions.find((t) => t.to === 'REJECTED')?.requiresNote).toBe(true);
    expect(targets(await view(produsen.agent, inQc.id))).toEqual([]);

    const inReview = await seedRecord(ctx.t.db, { owner: produsen.user, status: 'REVIEW' });
    expect(targets(await view(admin.agent, inReview.id))).toEqual(['PUBLISHED', 'REJECTED']);
    expect(targets(await view(ctx.w.b.admin.agent, (await seedRecord(ctx.t.db, { owner: produsen.user, status: 'PUBLISHED' })).id))).toEqual([]);
  });

  it('are also in the PATCH answer and the created record', async () => {
    const { produsen } = ctx.w.a;
    const created = await produsen.agent.post('/api/metadata').send(completeDoc());
    expect(created.status).toBe(201);
    expect(created.body.allowedTransitions.map((t: { to: string }) => t.to)).toEqual(['QCQE_PROCESS']);
    const patched = await produsen.agent.patch(path(created.body.id)).send({ abstract: 'Baru' });
    expect(patched.body.permissions).toEqual({ edit: true, delete: true, startRevision: false, correct: false, copy: true, markTemplate: false });
  });
});

describe('publication snapshot and GET /api/metadata/{id}/changes', () => {
  it('compares the record with its latest publication', async () => {
    const { produsen, qcqe, admin } = ctx.w.a;
    const id = (await produsen.agent.post('/api/metadata').send(completeDoc({ title: 'Sebelum' }))).body.id as string;
    const never = await produsen.agent.get(`${path(id)}/changes`);
    expect(never.status).toBe(200);
    expect(never.body.since).toBeNull();
    expect(never.body.changes).toEqual(expect.arrayContaining([{ path: '/title', after: 'Sebelum' }]));

    for (const [agent, body] of [[produsen.agent, { status: 'QCQE_PROCESS' }], [qcqe.agent, { status: 'REVIEW' }], [admin.agent, { status: 'PUBLISHED' }]] as const) {
      expect((await agent.patch(path(id)).send(body)).status).toBe(200);
    }
    const published = await view(admin.agent, id);
    const snap = await ctx.t.db.query<{ version: number; title: string }>("SELECT version, doc->>'title' AS title FROM record_publications WHERE record_id = $1", [id]);
    expect(snap.rows).toEqual([{ version: published.version, title: 'Sebelum' }]);
    const none = await admin.agent.get(`${path(id)}/changes`);
    expect(none.body).toMatchObject({ since: { version: published.version }, changes: [] });

    // a published record changes through a revision (issue 20): the revision's changes are against the published version
    expect((await admin.agent.patch(path(id)).send({ title: 'Sesudah' })).status).toBe(409);
    const rev = await produsen.agent.post(`${path(id)}/revisions`).send({});
    expect(rev.status).toBe(201);
    expect((await produsen.agent.patch(path(rev.body.id as string)).send({ title: 'Sesudah' })).status).toBe(200);
    expect((await produsen.agent.patch(path(rev.body.id as string)).send({ status: 'QCQE_PROCESS' })).status).toBe(200);
    const changed = await qcqe.agent.get(`${path(rev.body.id as string)}/changes`);
    expect(changed.body).toMatchObject({ since: { version: published.version }, changes: [{ path: '/title', before: 'Sebelum', after: 'Sesudah' }] });
  });

  it('is 404 for a record the caller may not read, 401 without a session', async () => {
    const draft = await seedRecord(ctx.t.db, { owner: ctx.w.a.produsen.user, status: 'DRAFT' });
    expect((await ctx.w.b.produsen.agent.get(`${path(draft.id)}/changes`)).status).toBe(404);
    expect((await ctx.w.anonymous.get(`${path(draft.id)}/changes`)).status).toBe(401);
    expect((await ctx.w.b.produsen.agent.get(`${path(draft.id)}/reviewer-candidates`)).status).toBe(404);
  });
});

describe('GET /api/metadata/{id}/reviewer-candidates', () => {
  it('lists active QCQE of the organisation, and of others only while lintas-org review is allowed', async () => {
    const { produsen, admin, qcqe, qcqe2 } = ctx.w.a;
    const draft = await seedRecord(ctx.t.db, { owner: produsen.user, status: 'DRAFT' });
    const own = await produsen.agent.get(`${path(draft.id)}/reviewer-candidates`);
    expect(own.status).toBe(200);
    expect(own.body.allowLintasOrg).toBe(false);
    expect(own.body.items.map((u: { id: string }) => u.id).sort()).toEqual([qcqe.user.id, qcqe2.user.id].sort());
    expect((await admin.agent.patch('/api/admin/organisasi').send({ allowLintasOrgReviewer: true })).status).toBe(200);
    const all = await produsen.agent.get(`${path(draft.id)}/reviewer-candidates`);
    const ids = all.body.items.map((u: { id: string }) => u.id);
    expect(ids).toEqual(expect.arrayContaining([qcqe.user.id, ctx.w.b.qcqe.user.id]));
    expect(ids.indexOf(qcqe.user.id)).toBeLessThan(ids.indexOf(ctx.w.b.qcqe.user.id)); // own organisation first
    expect(ids).not.toContain(ctx.w.a.produsen2.user.id);
    expect((await admin.agent.patch('/api/admin/organisasi').send({ allowLintasOrgReviewer: false })).status).toBe(200);
  });
});

describe('XML import warnings and the workbench config', () => {
  it('returns the mapping warnings with the created record', async () => {
    const xml = `<?xml version="1.0"?><csw:Record xmlns:csw="http://www.opengis.net/cat/csw/2.0.2" xmlns:dc="http://purl.org/dc/elements/1.1/">
      <dc:identifier>wb-import-1</dc:identifier></csw:Record>`;
    // a Dublin Core record is not kept as a document: without a title it cannot become one (no title is invented)
    const dc = await ctx.w.a.produsen.agent.post('/api/metadata').set('Content-Type', 'application/xml').send(xml);
    expect(dc.status).toBe(422);
    expect(dc.body.errors).toEqual([expect.objectContaining({ path: '/title' })]);
    // an ISO document without a title is kept as written, with a warning that names what is missing
    const iso = `<?xml version="1.0"?><gmd:MD_Metadata xmlns:gmd="http://www.isotc211.org/2005/gmd" xmlns:gco="http://www.isotc211.org/2005/gco">
      <gmd:fileIdentifier><gco:CharacterString>wb-import-1</gco:CharacterString></gmd:fileIdentifier>
      <gmd:identificationInfo><gmd:MD_DataIdentification><gmd:citation><gmd:CI_Citation/></gmd:citation>
      <gmd:abstract><gco:CharacterString>Tanpa judul.</gco:CharacterString></gmd:abstract></gmd:MD_DataIdentification></gmd:identificationInfo></gmd:MD_Metadata>`;
    const res = await ctx.w.a.produsen.agent.post('/api/metadata').set('Content-Type', 'application/xml').send(iso);
    expect(res.status).toBe(201);
    expect(res.body.title).toBeUndefined();
    expect(res.body.importWarnings).toEqual(expect.arrayContaining([expect.stringContaining('judul')]));
    // a fragment (no identificationInfo) is imported too, and says so in both languages (issue 19 finding 2)
    const fragment = `<gmd:MD_Metadata xmlns:gmd="http://www.isotc211.org/2005/gmd" xmlns:gco="http://www.isotc211.org/2005/gco">
      <gmd:fileIdentifier><gco:CharacterString>wb-import-fragment</gco:CharacterString></gmd:fileIdentifier></gmd:MD_Metadata>`;
    const frag = await ctx.w.a.produsen.agent.post('/api/metadata').set('Content-Type', 'application/xml').send(fragment);
    expect(frag.status).toBe(201);
    expect(frag.body.importWarnings).toEqual(expect.arrayContaining([expect.stringMatching(/^Fragmen ISO: .* \/ ISO fragment: /)]));
    expect(frag.body.validation).toEqual(expect.arrayContaining([expect.objectContaining({ level: 'warning', message: expect.stringMatching(/^Fragmen ISO/) })]));
  });

  it('serves /app/config.json without a session', async () => {
    const res = await ctx.w.anonymous.get('/app/config.json');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ mapTileUrl: null });
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });
});
