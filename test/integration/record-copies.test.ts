import type { MetadataRecord } from '../../libs/catalogue/record.types';
import { OPENAPI_DOCUMENT } from '../../services/api/openapi/openapi-document';
import { completeDoc, type Agent } from '../helpers/fixtures';
import { pngHeader } from '../helpers/image-headers';
import { useSeededApp, type SeededApp } from '../helpers/seeded-app';

/*
 * Issue 20 §5: a new record as a copy of another, or from an organisation template, in both run
 * modes. A copy is a new DRAFT of the caller's organisation with its own key and public
 * identifier (never the source's), the title "Salinan: …", a history of its own, and the source's
 * whole ISO document with the new identifier and title inside it (an element our JSON does not
 * hold is kept); an uploaded graphic is copied to the new key. Templates: marked by an ADMIN of
 * the organisation, listed for its members; the access rules are the rest's (404 for what the
 * caller may not read, 403 for a QCQE or a non-ADMIN marking).
 */

const path = (id: string): string => `/api/metadata/${encodeURIComponent(id)}`;

/** An ISO 19139 document with elements the JSON projection does not carry (metadata standard, dataset URI). */
const sourceXml = (id: string, title: string): string => `<?xml version="1.0" encoding="UTF-8"?>
<gmd:MD_Metadata xmlns:gmd="http://www.isotc211.org/2005/gmd" xmlns:gco="http://www.isotc211.org/2005/gco">
  <gmd:fileIdentifier><gco:CharacterString>${id}</gco:CharacterString></gmd:fileIdentifier>
  <gmd:dateStamp><gco:Date>2024-03-01</gco:Date></gmd:dateStamp>
  <gmd:metadataStandardName><gco:CharacterString>SNI ISO 19115:2019 salinan-uji</gco:CharacterString></gmd:metadataStandardName>
  <gmd:dataSetURI><gco:CharacterString>https://data.contoh.go.id/set/sungai</gco:CharacterString></gmd:dataSetURI>
  <gmd:identificationInfo><gmd:MD_DataIdentification>
    <gmd:citation><gmd:CI_Citation><gmd:title><gco:CharacterString>${title}</gco:CharacterString></gmd:title></gmd:CI_Citation></gmd:citation>
    <gmd:abstract><gco:CharacterString>Jaringan sungai utama.</gco:CharacterString></gmd:abstract>
  </gmd:MD_DataIdentification></gmd:identificationInfo>
</gmd:MD_Metadata>`;

async function importXml(agent: Agent, xml: string): Promise<MetadataRecord> {
  const res = await agent.post('/api/metadata').set('Content-Type', 'application/xml').send(xml);
  if (res.status !== 201) throw new Error(`import: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as MetadataRecord;
}

async function currentXml(ctx: SeededApp, agent: Agent, id: string): Promise<{ origin: string; xml: string }> {
  const versions = await agent.get(`${path(id)}/documents`);
  expect(versions.status).toBe(200);
  const [current] = versions.body as { seq: number; origin: string }[];
  const doc = await agent.get(`${path(id)}/documents/${current!.seq}`).buffer(true).parse((res, cb) => {
    let text = '';
    res.on('data', (c: Buffer) => { text += c.toString(); });
    res.on('end', () => cb(null, text));
  });
  expect(doc.status).toBe(200);
  return { origin: current!.origin, xml: doc.body as string };
}

describe('the OpenAPI document', () => {
  it('describes the copy and template endpoints', () => {
    const doc = OPENAPI_DOCUMENT as unknown as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>>; components: { schemas: Record<string, unknown> } };
    expect(Object.keys(doc.paths['/api/metadata/{id}/copy']!.post!.responses)).toEqual(expect.arrayContaining(['201', '401', '403', '404']));
    expect(Object.keys(doc.paths['/api/metadata/{id}/template']!.put!.responses)).toEqual(expect.arrayContaining(['200', '403', '404', '409']));
    expect(Object.keys(doc.paths['/api/metadata/{id}/template']!.delete!.responses)).toEqual(expect.arrayContaining(['200', '403', '404']));
    expect(doc.paths['/api/metadata/templates']!.get).toBeDefined();
    expect(doc.components.schemas.TemplateSummary).toBeDefined();
    expect(JSON.stringify(doc.components.schemas.MetadataRecord)).toContain('"markTemplate"');
  });
});

describe.each(['server', 'embedded'] as const)('copies and templates (%s mode)', (mode) => {
  const ctx = useSeededApp({ mode });

  it('copies a record with a new key and identifier, "Salinan:" title, fresh history, and the whole ISO document rewritten', async () => {
    const { produsen, produsen2 } = ctx.w.a;
    const fid = `urn:salin:${mode}:sungai`;
    const source = await importXml(produsen.agent, sourceXml(fid, 'Jaringan Sungai'));
    const res = await produsen2.agent.post(`${path(source.id)}/copy`);
    expect(res.status).toBe(201);
    const copy = res.body as MetadataRecord & { permissions: Record<string, boolean> };
    expect(res.headers.location).toBe(path(copy.id));
    expect(copy.id).not.toBe(source.id);
    expect(copy.fileIdentifier).toBe(copy.id);
    expect(copy.fileIdentifier).not.toBe(fid);
    expect(copy).toMatchObject({ status: 'DRAFT', title: 'Salinan: Jaringan Sungai', abstract: 'Jaringan sungai utama.', ownerId: produsen2.user.id, organisationId: ctx.w.a.org.id, version: 1 });
    // the screens read the full record view from every mutating answer
    expect(copy.permissions).toMatchObject({ edit: true, delete: true, copy: true });

    const history = (await produsen2.agent.get(`${path(copy.id)}/history`)).body as { from: string | null; to: string; note: string }[];
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ from: null, to: 'DRAFT' });
    expect(history[0]!.note).toContain(fid);

    const { origin, xml } = await currentXml(ctx, produsen2.agent, copy.id);
    expect(origin).toBe('import');
    expect(xml).toContain(`<gco:CharacterString>${copy.id}</gco:CharacterString>`);
    expect(xml).not.toContain(fid);
    expect(xml).toContain('Salinan: Jaringan Sungai');
    // what the JSON does not hold came along
    expect(xml).toContain('SNI ISO 19115:2019 salinan-uji');
    expect(xml).toContain('https://data.contoh.go.id/set/sungai');

    // the source is untouched
    const after = (await produsen.agent.get(path(source.id))).body as MetadataRecord;
    expect(after).toMatchObject({ title: 'Jaringan Sungai', fileIdentifier: fid, version: source.version });

    // the copy's identifier is its own: CSW would name it apart from the source once published
    const twice = await produsen2.agent.post(`${path(source.id)}/copy`).send({});
    expect(twice.status).toBe(201);
    expect((twice.body as MetadataRecord).fileIdentifier).not.toBe(copy.fileIdentifier);
  });

  it('copies an editor record from JSON, its uploaded graphic to the new key, into the caller\'s organisation', async () => {
    const { produsen } = ctx.w.a;
    const created = await produsen.agent.post('/api/metadata').send(completeDoc({ title: 'Peta Jalan', fileIdentifier: `jalan-${mode}` }));
    expect(created.status).toBe(201);
    const src = created.body as MetadataRecord;
    const up = await produsen.agent.put(`${path(src.id)}/thumbnail`).set('Content-Type', 'image/png').send(pngHeader(32, 16));
    expect(up.status).toBe(200);
    const res = await produsen.agent.post(`${path(src.id)}/copy`);
    expect(res.status).toBe(201);
    const copy = res.body as MetadataRecord;
    expect(copy.title).toBe('Salinan: Peta Jalan');
    expect(copy.thumbnailUrl).toMatch(new RegExp(`/api/metadata/${encodeURIComponent(copy.id)}/thumbnail$`));
    const image = await produsen.agent.get(`${path(copy.id)}/thumbnail`).buffer(true);
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toContain('image/png');

    // organisation B's producer copies A's PUBLISHED record into B; A's draft is not theirs to see
    const pub = await ctx.t.db.query("UPDATE records SET status = 'PUBLISHED', published_at = now() WHERE id = $1 RETURNING id", [src.id]);
    expect(pub.rowCount).toBe(1);
    const intoB = await ctx.w.b.produsen.agent.post(`${path(src.id)}/copy`);
    expect(intoB.status).toBe(201);
    expect(intoB.body).toMatchObject({ organisationId: ctx.w.b.org.id, ownerId: ctx.w.b.produsen.user.id, status: 'DRAFT' });
    const draftOfA = (await produsen.agent.post('/api/metadata').send(completeDoc({ title: 'Draf A' }))).body as MetadataRecord;
    const hidden = await ctx.w.b.produsen.agent.post(`${path(draftOfA.id)}/copy`);
    expect(hidden.status).toBe(404);
    expect(hidden.headers['content-type']).toContain('application/problem+json');
    // a reviewer does not create records
    const qc = await ctx.w.a.qcqe.agent.post(`${path(src.id)}/copy`);
    expect(qc.status).toBe(403);
    expect(qc.headers['content-type']).toContain('application/problem+json');
    expect((await ctx.w.anonymous.post(`${path(src.id)}/copy`)).status).toBe(401);
  });

  it('an ADMIN marks a template; the organisation lists it and starts records from it; others may not mark', async () => {
    const { produsen, produsen2, admin } = ctx.w.a;
    const tpl = (await produsen.agent.post('/api/metadata').send(completeDoc({ title: `Templat Batas Wilayah ${mode}` }))).body as MetadataRecord;

    const refused = await produsen.agent.put(`${path(tpl.id)}/template`);
    expect(refused.status).toBe(403);
    expect(refused.headers['content-type']).toContain('application/problem+json');
    expect((await ctx.w.b.admin.agent.put(`${path(tpl.id)}/template`)).status).toBe(404);

    const marked = await admin.agent.put(`${path(tpl.id)}/template`);
    expect(marked.status).toBe(200);
    expect(marked.body).toMatchObject({ id: tpl.id, template: true, version: tpl.version, permissions: { markTemplate: true } });
    // marking twice changes nothing
    expect((await admin.agent.put(`${path(tpl.id)}/template`)).status).toBe(200);

    const listed = await produsen2.agent.get('/api/metadata/templates');
    expect(listed.status).toBe(200);
    const items = (listed.body as { items: { id: string; title: string; status: string }[] }).items;
    expect(items.filter((x) => x.id === tpl.id)).toEqual([expect.objectContaining({ title: `Templat Batas Wilayah ${mode}`, status: 'DRAFT' })]);
    // another organisation's members do not see it
    const other = (await ctx.w.b.produsen.agent.get('/api/metadata/templates')).body as { items: { id: string }[] };
    expect(other.items.map((x) => x.id)).not.toContain(tpl.id);

    const fromTemplate = await produsen2.agent.post(`${path(tpl.id)}/copy`);
    expect(fromTemplate.status).toBe(201);
    expect(fromTemplate.body).toMatchObject({ status: 'DRAFT', ownerId: produsen2.user.id, title: `Salinan: Templat Batas Wilayah ${mode}` });
    // the copy is not a template itself
    const again = (await produsen2.agent.get('/api/metadata/templates')).body as { items: { id: string }[] };
    expect(again.items.map((x) => x.id)).not.toContain((fromTemplate.body as MetadataRecord).id);

    const unmarked = await admin.agent.delete(`${path(tpl.id)}/template`);
    expect(unmarked.status).toBe(200);
    expect(unmarked.body).toMatchObject({ template: false });
    const gone = (await produsen2.agent.get('/api/metadata/templates')).body as { items: { id: string }[] };
    expect(gone.items.map((x) => x.id)).not.toContain(tpl.id);

    // a template goes with its record
    await admin.agent.put(`${path(tpl.id)}/template`);
    expect((await produsen.agent.delete(path(tpl.id))).status).toBe(204);
    expect((await ctx.t.db.query('SELECT 1 FROM record_templates WHERE record_id = $1', [tpl.id])).rowCount).toBe(0);
  });

  it('refuses a submission with completeness findings coded for translation (422)', async () => {
    const { produsen } = ctx.w.a;
    const draft = (await produsen.agent.post('/api/metadata').send({ title: 'Draf belum lengkap' })).body as MetadataRecord;
    const res = await produsen.agent.patch(path(draft.id)).send({ status: 'QCQE_PROCESS' });
    expect(res.status).toBe(422);
    const errors = (res.body as { errors: { path: string; code?: string }[] }).errors;
    expect(errors.find((e) => e.path === '/abstract')).toMatchObject({ code: 'incomplete' });
    expect(errors.every((e) => e.code === 'incomplete')).toBe(true);
  });
});
