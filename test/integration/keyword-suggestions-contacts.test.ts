import type { DirectoryContact } from '../../libs/catalogue/contact-directory';
import type { KeywordSuggestion, ThesaurusSummary } from '../../libs/catalogue/keyword-suggestions';
import { OPENAPI_DOCUMENT } from '../../services/api/openapi/openapi-document';
import { completeDoc, seedRecord, type Agent } from '../helpers/fixtures';
import { useSeededApp } from '../helpers/seeded-app';

/*
 * Issue 20 §5 over REST, in both run modes: keyword suggestions per thesaurus (from the records
 * the caller may read, prefix and word match without case or accents, ranked by use, kept up to
 * date on write) and the organisation's contact directory (built from its records, de-duplicated,
 * read by every member, changed by its ADMIN only).
 */
const GEMET = 'GEMET - INSPIRE themes';
const GEMET_URI = 'http://www.eionet.europa.eu/gemet/inspire_themes';
const HIDRO_URI = 'http://inspire.ec.europa.eu/theme/hy';

describe.each(['server', 'embedded'] as const)('keyword suggestions and contact directory (%s mode)', (mode) => {
  const ctx = useSeededApp({ mode });
  const suggest = async (agent: Agent, query: Record<string, string>): Promise<KeywordSuggestion[]> => {
    const r = await agent.get('/api/keywords/suggest').query(query);
    expect(r.status).toBe(200);
    return r.body.items as KeywordSuggestion[];
  };

  beforeAll(async () => {
    const { produsen } = ctx.w.a;
    const gemet = (values: string[], anchors?: { value: string; uri: string }[]) =>
      ({ type: 'theme', thesaurus: GEMET, thesaurusAnchor: GEMET_URI, values, ...(anchors ? { anchors } : {}) });
    await seedRecord(ctx.t.db, { owner: produsen.user, status: 'PUBLISHED', doc: completeDoc({ keywords: [gemet(['Hidrografi'], [{ value: 'Hidrografi', uri: HIDRO_URI }]), { type: 'place', values: ['Daerah Aliran Sungai Citarum'] }] }) });
    await seedRecord(ctx.t.db, { owner: produsen.user, status: 'PUBLISHED', doc: completeDoc({ keywords: [gemet(['Hidrografi', 'Tutupan lahan'])] }) });
    await seedRecord(ctx.t.db, { owner: produsen.user, status: 'PUBLISHED', doc: completeDoc({ keywords: [{ type: 'theme', values: ['Hidrologi', 'Ékosistem pesisir'] }] }) });
    // a draft: its organisation's producers see its keywords, its QCQE and other organisations do not
    await seedRecord(ctx.t.db, { owner: produsen.user, status: 'DRAFT', doc: completeDoc({ keywords: [{ type: 'theme', values: ['Hidrogeologi rahasia'] }] }) });
    await seedRecord(ctx.t.db, { owner: ctx.w.b.produsen.user, status: 'DRAFT', doc: completeDoc({ keywords: [{ type: 'theme', values: ['Hidrant kota B'] }] }) });
  });

  it('suggests by prefix, then by use, with thesaurus and anchor, from readable records only', async () => {
    const { produsen, qcqe } = ctx.w.a;
    const items = await suggest(produsen.agent, { q: 'hidr' });
    expect(items[0]).toEqual({ keyword: 'Hidrografi', thesaurus: GEMET, thesaurusAnchor: GEMET_URI, anchor: HIDRO_URI, uses: 2 });
    expect(items.map((s) => s.keyword).sort()).toEqual(['Hidrogeologi rahasia', 'Hidrografi', 'Hidrologi']);
    // the organisation's QCQE does not read producers' drafts; organisation B reads only its own
    expect((await suggest(qcqe.agent, { q: 'hidr' })).map((s) => s.keyword).sort()).toEqual(['Hidrografi', 'Hidrologi']);
    expect((await suggest(ctx.w.b.produsen.agent, { q: 'hidr' })).map((s) => s.keyword).sort()).toEqual(['Hidrant kota B', 'Hidrografi', 'Hidrologi']);
  });

  it('matches a word inside the keyword, without case or accents, and filters by thesaurus', async () => {
    const { produsen } = ctx.w.a;
    expect((await suggest(produsen.agent, { q: 'ALIRAN sun' })).map((s) => s.keyword)).toEqual(['Daerah Aliran Sungai Citarum']);
    expect((await suggest(produsen.agent, { q: 'ekosis' })).map((s) => s.keyword)).toEqual(['Ékosistem pesisir']);
    expect((await suggest(produsen.agent, { q: 'PÉSISIR' })).map((s) => s.keyword)).toEqual(['Ékosistem pesisir']);
    expect((await suggest(produsen.agent, { q: 'hidr', thesaurus: GEMET })).map((s) => s.keyword)).toEqual(['Hidrografi']);
    expect((await suggest(produsen.agent, { q: 'hidr', thesaurus: '' })).map((s) => s.keyword).sort()).toEqual(['Hidrogeologi rahasia', 'Hidrologi']);
    expect(await suggest(produsen.agent, { q: 'ografi' })).toEqual([]); // the middle of a word is not a match
    expect(await suggest(produsen.agent, { q: '%' })).toEqual([]);
    expect(await suggest(produsen.agent, { q: 'hidr', limit: '1' })).toHaveLength(1);
  });

  it('refuses bad parameters as problem+json and needs a session', async () => {
    const { produsen } = ctx.w.a;
    for (const query of [{}, { q: '' }, { q: 'x'.repeat(101) }, { q: 'a', limit: '0' }, { q: 'a', limit: '51' }, { q: 'a', limit: 'x' }, { q: 'a', other: '1' }]) {
      const r = await produsen.agent.get('/api/keywords/suggest').query(query);
      expect([r.status, r.headers['content-type']]).toEqual([400, expect.stringContaining('application/problem+json')]);
    }
    expect((await produsen.agent.get('/api/keywords/suggest?q=a&q=b')).status).toBe(400);
    expect((await ctx.w.anonymous.get('/api/keywords/suggest?q=a')).status).toBe(401);
    expect((await ctx.w.anonymous.get('/api/keywords/thesauri')).status).toBe(401);
  });

  it('lists the thesauri in use with counts and anchors', async () => {
    const r = await ctx.w.a.qcqe.agent.get('/api/keywords/thesauri');
    expect(r.status).toBe(200);
    const items = r.body.items as ThesaurusSummary[];
    expect(items.find((x) => x.title === GEMET)).toEqual({ title: GEMET, anchor: GEMET_URI, records: 2, keywords: 2 });
    expect(items.find((x) => x.title === null)).toMatchObject({ anchor: null });
  });

  it('follows every write: an edited keyword is suggested at once, a deleted record takes its keywords', async () => {
    const { produsen } = ctx.w.a;
    const created = await produsen.agent.post('/api/metadata').send(completeDoc({ keywords: [{ type: 'theme', values: [`Mangrove ${mode}`] }] }));
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    expect((await suggest(produsen.agent, { q: 'mangrove' })).map((s) => s.keyword)).toEqual([`Mangrove ${mode}`]);
    const patched = await produsen.agent.patch(`/api/metadata/${encodeURIComponent(id)}`)
      .send({ keywords: [{ type: 'theme', thesaurus: GEMET, values: ['Terumbu karang'], anchors: [{ value: 'Terumbu karang', uri: 'http://example.org/terumbu' }] }] });
    expect(patched.status).toBe(200);
    expect(await suggest(produsen.agent, { q: 'mangrove' })).toEqual([]);
    expect((await suggest(produsen.agent, { q: 'terumbu' }))[0]).toMatchObject({ keyword: 'Terumbu karang', anchor: 'http://example.org/terumbu', thesaurus: GEMET });
    expect((await produsen.agent.delete(`/api/metadata/${encodeURIComponent(id)}`)).status).toBe(204);
    expect(await suggest(produsen.agent, { q: 'terumbu' })).toEqual([]);
  });

  describe('contact directory', () => {
    const list = async (agent: Agent, q = ''): Promise<DirectoryContact[]> => {
      const r = await agent.get('/api/contacts').query(q ? { q } : {});
      expect(r.status).toBe(200);
      return r.body.items as DirectoryContact[];
    };
    const sitiEmail = `siti.${mode}@example.go.id`;

    beforeAll(async () => {
      const { produsen } = ctx.w.a;
      const siti = { role: 'pointOfContact', organisationName: 'Dinas Kelautan', individualName: 'Siti Aminah', email: sitiEmail, phone: '+62 21 555', onlineResource: 'https://dkp.example.go.id' };
      await seedRecord(ctx.t.db, { owner: produsen.user, status: 'DRAFT', doc: completeDoc({ contacts: [siti, { role: 'custodian', organisationName: 'Balai Data Pesisir' }] }) });
      // the same person with another case of the e-mail and another role: one entry
      await seedRecord(ctx.t.db, { owner: produsen.user, status: 'PUBLISHED', doc: completeDoc({ contacts: [{ ...siti, role: 'originator', email: sitiEmail.toUpperCase() }] }) });
      await seedRecord(ctx.t.db, { owner: ctx.w.b.produsen.user, status: 'DRAFT', doc: completeDoc({ contacts: [{ role: 'pointOfContact', organisationName: 'Rahasia B', email: `b.${mode}@example.go.id` }] }) });
    });

    it('is built from the organisation\'s records without duplicates and read by every member', async () => {
      const { produsen, qcqe } = ctx.w.a;
      const found = await list(produsen.agent, 'siti');
      expect(found).toEqual([expect.objectContaining({ individualName: 'Siti Aminah', organisationName: 'Dinas Kelautan', email: sitiEmail, role: 'pointOfContact', onlineResource: 'https://dkp.example.go.id' })]);
      expect((await list(qcqe.agent, 'balai data')).map((c) => c.organisationName)).toEqual(['Balai Data Pesisir']);
      expect(await list(produsen.agent, 'Rahasia B')).toEqual([]);
      expect((await ctx.w.b.produsen.agent.get(`/api/contacts/${found[0]!.id}`)).status).toBe(404);
      expect((await produsen.agent.get(`/api/contacts/${found[0]!.id}`)).status).toBe(200);
      expect((await ctx.w.anonymous.get('/api/contacts')).status).toBe(401);
    });

    it('is changed by the organisation\'s ADMIN only (access matrix)', async () => {
      const { produsen, qcqe, admin } = ctx.w.a;
      const [entry] = await list(admin.agent, 'siti');
      const id = entry!.id;
      const body = { organisationName: 'Dinas Kelautan dan Perikanan', individualName: 'Siti Aminah', email: sitiEmail, positionName: 'Kepala Seksi Data' };
      for (const who of [produsen, qcqe]) {
        expect((await who.agent.put(`/api/contacts/${id}`).send(body)).status).toBe(403);
        expect((await who.agent.delete(`/api/contacts/${id}`)).status).toBe(403);
        expect((await who.agent.post('/api/contacts').send(body)).status).toBe(403);
        expect((await who.agent.post(`/api/contacts/${id}/merge`).send({ into: id })).status).toBe(403);
      }
      expect((await ctx.w.b.admin.agent.put(`/api/contacts/${id}`).send(body)).status).toBe(404);
      expect((await ctx.w.b.admin.agent.delete(`/api/contacts/${id}`)).status).toBe(404);
      const edited = await admin.agent.put(`/api/contacts/${id}`).send(body);
      expect(edited.status).toBe(200);
      expect(edited.body).toMatchObject({ id, organisationName: 'Dinas Kelautan dan Perikanan', positionName: 'Kepala Seksi Data' });
      expect(edited.body.phone).toBeUndefined();
      // a record that still names the contact as before does not add it again
      await seedRecord(ctx.t.db, { owner: produsen.user, status: 'DRAFT', doc: completeDoc({ contacts: [{ role: 'pointOfContact', organisationName: 'Dinas Kelautan', email: sitiEmail }] }) });
      expect(await list(produsen.agent, 'siti')).toHaveLength(1);
    });

    it('refuses bad entries with every problem at once, as problem+json', async () => {
      const { admin } = ctx.w.a;
      const bad = await admin.agent.post('/api/contacts').send({ email: 'bukan surel', onlineResource: 'javascript:alert(1)', extra: 1 });
      expect(bad.status).toBe(422);
      expect(bad.headers['content-type']).toContain('application/problem+json');
      expect((bad.body.errors as { path: string }[]).map((e) => e.path).sort()).toEqual(['/email', '/extra', '/onlineResource']);
      expect((await admin.agent.post('/api/contacts').send({ phone: '123' })).status).toBe(422);
      expect((await admin.agent.put('/api/contacts/abc').send({ organisationName: 'x' })).status).toBe(404);
      expect((await admin.agent.get('/api/contacts').query({ limit: '1000' })).status).toBe(400);
    });

    it('adds, merges and deletes entries; a deleted or merged contact does not come back from records', async () => {
      const { produsen, admin } = ctx.w.a;
      const a = await admin.agent.post('/api/contacts').send({ organisationName: 'Pusat Data', individualName: 'Budi', email: `budi.${mode}@example.go.id` });
      expect(a.status).toBe(201);
      expect(a.headers.location).toBe(`/api/contacts/${a.body.id}`);
      const b = await admin.agent.post('/api/contacts').send({ organisationName: 'Pusat Data', individualName: 'Budi S.' });
      expect(b.status).toBe(201);
      expect((await admin.agent.post(`/api/contacts/${b.body.id}/merge`).send({ into: b.body.id })).status).toBe(409);
      expect((await admin.agent.post(`/api/contacts/${b.body.id}/merge`).send({ into: 'x' })).status).toBe(422);
      const merged = await admin.agent.post(`/api/contacts/${b.body.id}/merge`).send({ into: a.body.id });
      expect(merged.status).toBe(200);
      expect(merged.body.id).toBe(a.body.id);
      expect((await admin.agent.get(`/api/contacts/${b.body.id}`)).status).toBe(404);
      await seedRecord(ctx.t.db, { owner: produsen.user, status: 'DRAFT', doc: completeDoc({ contacts: [{ role: 'pointOfContact', organisationName: 'Pusat Data', individualName: 'Budi S.' }] }) });
      expect((await list(produsen.agent, 'budi')).map((c) => c.id)).toEqual([a.body.id]);

      expect((await admin.agent.delete(`/api/contacts/${a.body.id}`)).status).toBe(204);
      expect((await admin.agent.delete(`/api/contacts/${a.body.id}`)).status).toBe(404);
      await seedRecord(ctx.t.db, { owner: produsen.user, status: 'DRAFT', doc: completeDoc({ contacts: [{ role: 'pointOfContact', organisationName: 'Pusat Data', email: `BUDI.${mode}@example.go.id` }] }) });
      expect(await list(produsen.agent, 'budi')).toEqual([]);
    });
  });

  it('describes every new endpoint in the OpenAPI document', () => {
    const paths = OPENAPI_DOCUMENT.paths as Record<string, Record<string, unknown>>;
    expect(Object.keys(paths['/api/keywords/suggest']!)).toEqual(['get']);
    expect(Object.keys(paths['/api/keywords/thesauri']!)).toEqual(['get']);
    expect(Object.keys(paths['/api/contacts']!).sort()).toEqual(['get', 'post']);
    expect(Object.keys(paths['/api/contacts/{id}']!).sort()).toEqual(['delete', 'get', 'parameters', 'put']);
    expect(Object.keys(paths['/api/contacts/{id}/merge']!).sort()).toEqual(['parameters', 'post']);
  });
});
