import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { runCliInProcess } from '../helpers/cli-runner';
import { completeDoc, seedRecord, seedWorld, type World } from '../helpers/fixtures';
import { schemaErrors } from '../helpers/oarec-support';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { ISO_CORPUS_DIR } from '../helpers/test-data';

/**
 * Issue 19 point 7 and issue 21 through the real app (PostgreSQL + Redis): corpus records
 * imported by the CLI with --publish, then fetched as the OGC API – Records item (JSON, checked
 * against the official schema) and as the public record page in Indonesian and English.
 * The values asserted are the ones written in the corpus files.
 */
const ITEMS = '/collections/metadata/items';
const FILES = {
  geonorge: 'iso19139/geonorge-api__keywords-english.xml', // INSPIRE dataset: conformity, constraint anchors, PT_FreeText (#ENG)
  srv19139: 'iso19139/owslib__iso19139_srv.xml', // INSPIRE download service: six operatesOn, a failed conformity
  metawal: 'iso19115-3/owslib__metawal.wallonie.be-srv.xml', // ISO 19115-3 view service: eleven operatesOn
  dgiwg: 'iso19115-2/dgiwg__DMF2.0-sampleMetadata-DMFfull.xml', // ISO 19115-2: identifiers with codeSpace, two resolutions
};
const ID = { geonorge: '041f1e6e-bdbc-4091-b48f-8a5990f3cc5b', srv19139: '01ef8e6a-df59-4c2d-8468-79da95046705', metawal: '1714cd1e-6685-4dea-a6f4-b51612a15ed0' };

type Props = Record<string, unknown> & { title?: string };

describe('OARec: the rich record (issue 19 point 7) and publicationDate (issue 21)', () => {
  let t: TestApp;
  let w: World;
  let dgiwgId: string;
  const dir = mkdtempSync(path.join(tmpdir(), 'gk-rich-'));

  beforeAll(async () => {
    t = await startTestApp('server');
    w = await seedWorld(t);
    for (const f of Object.values(FILES)) copyFileSync(path.join(ISO_CORPUS_DIR, f), path.join(dir, path.basename(f)));
    const out = await runCliInProcess({ db: t.db, url: t.config.databaseUrl!, sessionSecret: 'rich-record-test-secret-0123456789abcdef' },
      ['import', dir, '--org', w.a.org.id, '--publish', '--threads', '0']);
    expect({ code: out.code, output: out.code === 0 ? '' : `${out.out}\n${out.err}` }).toEqual({ code: 0, output: '' });
    const rows = await t.db.query<{ file_identifier: string; title: string | null }>(
      `SELECT file_identifier, doc->>'title' AS title FROM records WHERE organisation_id = $1 AND status = 'PUBLISHED'`, [w.a.org.id]);
    expect(rows.rows).toHaveLength(4);
    dgiwgId = rows.rows.find((r) => r.title?.startsWith('Raster Topographic Map'))!.file_identifier;
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const item = async (id: string): Promise<{ properties: Props; links: { rel: string; href: string; title?: string }[] } & Record<string, unknown>> => {
    const res = await request(t.app).get(`${ITEMS}/${encodeURIComponent(id)}`).query({ f: 'json' });
    expect(res.status).toBe(200);
    expect(schemaErrors('recordGeoJSON', res.body)).toEqual([]);
    return res.body;
  };
  const page = async (id: string, lang?: string): Promise<string> => {
    const res = await request(t.app).get(`${ITEMS}/${encodeURIComponent(id)}`).query({ f: 'html', ...(lang ? { lang } : {}) });
    expect(res.status).toBe(200);
    return res.text;
  };

  it('the INSPIRE dataset\'s item carries conformity, constraints with anchors, translations, reference systems and publicationDate', async () => {
    const r = await item(ID.geonorge);
    const p = r.properties;
    expect(p.publicationDate).toBe('2006-07-01');
    expect(p['iso:purpose']).toBe('Framstille den offisielle kommuneinndelingen.');
    expect(p['iso:translations']).toMatchObject({
      title: { en: 'Administrative units municipalities' },
      purpose: { en: 'The dataset consists of the official county boundaries.' },
    });
    expect(p['iso:conformity']).toHaveLength(4);
    expect((p['iso:conformity'] as unknown[])[1]).toEqual({
      specification: 'SOSI produktspesifikasjon: Administrative enheter Norge', date: '2022-12-14', dateType: 'publication', pass: true,
      explanation: 'Dataene er i henhold til produktspesifikasjonen',
    });
    expect((p['iso:referenceSystems'] as { code: string }[]).map((s) => s.code)).toEqual(['EPSG:25832', 'EPSG:25833', 'EPSG:25835', 'EPSG:3035', 'EPSG:4258']);
    expect(p['iso:spatialResolution']).toEqual([{ scaleDenominator: 5000 }]);
    expect(p['iso:maintenanceFrequency']).toBe('asNeeded');
    expect(p['iso:resourceDates']).toContainEqual({ type: 'revision', date: '2025-07-04' });
    expect(p.externalIds).toEqual([{ value: 'kommuner' }]);
    expect(p.formats).toContainEqual({ name: 'SOSI', 'iso:version': '4.5' });
    expect(p['iso:constraints']).toContainEqual(expect.objectContaining({
      kind: 'legal', access: ['otherRestrictions'], other: [{ text: 'Åpne data', href: 'http://inspire.ec.europa.eu/metadata-codelist/LimitationsOnPublicAccess/noLimitations' }],
    }));
    // the licence anchor of the use constraints is the record's rel=license link
    expect(r.links).toContainEqual(expect.objectContaining({ rel: 'license', href: 'https://creativecommons.org/licenses/by/4.0/' }));
    // nothing invented: this document's lineage statement is empty, it has no associations
    expect(p['iso:lineage']).toBeUndefined();
    expect(p['iso:associations']).toBeUndefined();
  });

  it('services: operatesOn in the item and as rel=related links (ISO 19139 and ISO 19115-3)', async () => {
    const srv = await item(ID.srv19139);
    expect(srv.properties['iso:operatesOn']).toHaveLength(6);
    expect((srv.properties['iso:conformity'] as { pass?: boolean }[]).map((c) => c.pass)).toEqual([true, false, true]);
    expect(srv.links).toContainEqual(expect.objectContaining({ rel: 'related', href: 'https://registry.gdi-de.org/id/de.by/083f524b-7474-4e05-a937-1bac657f0344' }));
    const wal = await item(ID.metawal);
    expect(wal.properties['iso:operatesOn']).toHaveLength(11);
    expect(wal.links.filter((l) => l.rel === 'related' && l.href.startsWith('https://metawal.wallonie.be/geonetwork/'))).toHaveLength(11);
    expect(wal.properties.externalIds).toEqual([{ value: '1714cd1e-6685-4dea-a6f4-b51612a15ed0', scheme: 'http://geodata.wallonie.be/id/' }]);
  });

  it('ISO 19115-2: identifiers with codeSpace, a scale and a distance, process steps', async () => {
    const p = (await item(dgiwgId)).properties;
    expect(p.externalIds).toContainEqual({ value: 'I33a1', scheme: 'Turkish Topographic Map Sheet Index, K816 Series' });
    expect(p['iso:spatialResolution']).toEqual([{ scaleDenominator: 25000 }, { distance: 10, uom: 'm' }]);
    expect(p['iso:lineage']).toMatchObject({ processSteps: 1, sources: 1 });
  });

  it('the items list carries publicationDate but not the rich view (kept small), valid against the collection schema', async () => {
    const res = await request(t.app).get(ITEMS).query({ ids: Object.values(ID).join(','), f: 'json' });
    expect(res.status).toBe(200);
    expect(schemaErrors('recordCollectionGeoJSON', res.body)).toEqual([]);
    const byId = new Map((res.body.features as { id: string; properties: Props }[]).map((f) => [f.id, f.properties]));
    expect(byId.get(ID.geonorge)?.publicationDate).toBe('2006-07-01');
    expect(byId.get(ID.metawal)?.publicationDate).toBe('2018-03-01');
    for (const props of byId.values()) expect(Object.keys(props).filter((k) => k.startsWith('iso:'))).toEqual([]);
    // the value publicationDate shows is the one its queryable filters on
    const filtered = await request(t.app).get(ITEMS).query({ filter: "publicationDate >= DATE('2006-07-01') AND publicationDate <= DATE('2006-07-01')", f: 'json' });
    expect(filtered.status).toBe(200);
    expect((filtered.body.features as { id: string }[]).map((f) => f.id)).toContain(ID.geonorge);
  });

  it('the Indonesian page shows the sections with the document\'s values, in its own language where no translation exists', async () => {
    const html = await page(ID.geonorge);
    expect(html).toContain('<html lang="id">');
    expect(html).toContain('<h1 id="judul-rekaman" lang="no">Administrative enheter kommuner</h1>');
    for (const h of ['Tujuan', 'Informasi teknis', 'Kualitas data', 'Batasan']) expect(html).toMatch(new RegExp(`<h2 id="h-[a-z]+">${h}</h2>`));
    expect(html).toContain('Framstille den offisielle kommuneinndelingen.');
    expect(html).toContain('<caption>Kesesuaian dengan spesifikasi</caption>');
    expect(html).toContain('<th scope="col">Spesifikasi</th>');
    expect(html).toContain('SOSI produktspesifikasjon: Administrative enheter Norge');
    expect(html).toContain('<a href="http://inspire.ec.europa.eu/metadata-codelist/LimitationsOnPublicAccess/noLimitations">Åpne data</a>');
    expect(html).toContain('Skala 1:5.000');
    expect(html).toContain('EPSG:25835');
    expect(html).toContain('<dt>Klasifikasi keamanan</dt><dd>Terbuka (tidak diklasifikasikan)</dd>');
    expect(html).toContain('<dt>Frekuensi pembaruan</dt><dd>Sesuai kebutuhan</dd>');
    // no lineage in the document: no lineage section
    expect(html).not.toContain('id="h-silsilah"');
  });

  it('?lang=en gives the English page, which shows the English translation of title, abstract and purpose', async () => {
    const html = await page(ID.geonorge, 'en');
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<h1 id="judul-rekaman">Administrative units municipalities</h1>');
    expect(html).toContain('The dataset consists of the official county boundaries.');
    expect(html).toMatch(/The dataset shows national, county and municipal divisions/);
    expect(html).toContain('<caption>Conformity with specifications</caption>');
    expect(html).toContain('Skip to main content');
    expect(html).toContain('href="/collections/metadata/items/041f1e6e-bdbc-4091-b48f-8a5990f3cc5b" hreflang="id" lang="id">Bahasa Indonesia</a>');
    // a record without an English translation keeps its text as written, marked with its language
    const srv = await page(ID.srv19139, 'en');
    expect(srv).toMatch(/<h1 id="judul-rekaman" lang="de">ALKIS®-vereinfacht ohne Eigentümer - Web Feature Service<\/h1>/);
    expect(srv).toContain('Data served');
  });

  it('a service page lists what it operates on (ISO 19115-3), and not among the distributions', async () => {
    const html = await page(ID.metawal);
    expect(html).toContain('<h2 id="h-terkait">Sumber daya terkait</h2>');
    expect(html).toContain('INSPIRE - Niveau de Bruit Lden des axes routiers dans les grandes agglomérations en Wallonie (BE)');
    const related = html.slice(html.indexOf('id="h-terkait"'));
    expect(related.match(/<td>Data yang dilayani<\/td>/g)).toHaveLength(11);
    const dists = html.slice(html.indexOf('id="h-distribusi"'), html.indexOf('id="h-terkait"'));
    expect(dists).not.toContain('173e4f86-a4c0-4ee1-aee1-6b0b2e477f97');
  });

  it('a record without a stored document (written before migration 060, or from JSON) shows the same rich sections from the render of its JSON', async () => {
    const rec = await seedRecord(t.db, {
      owner: w.a.produsen.user, status: 'PUBLISHED',
      doc: completeDoc({
        title: 'Tutupan Lahan Kabupaten Sleman', purpose: 'Perencanaan tata ruang kabupaten.', lineage: 'Digitasi citra SPOT 6 tahun 2023.',
        constraints: { useLimitation: 'Hanya untuk perencanaan.', license: 'CC-BY 4.0' },
      }),
    });
    const none = await t.db.query('SELECT 1 FROM record_documents WHERE record_id = $1', [rec.id]);
    expect(none.rowCount).toBe(0);
    const { properties } = await item(rec.fileIdentifier ?? rec.id);
    expect(properties['iso:purpose']).toBe('Perencanaan tata ruang kabupaten.');
    expect(properties['iso:lineage']).toMatchObject({ statement: 'Digitasi citra SPOT 6 tahun 2023.' });
    const html = await page(rec.fileIdentifier ?? rec.id);
    expect(html).toContain('id="h-tujuan"');
    expect(html).toContain('Perencanaan tata ruang kabupaten.');
    expect(html).toContain('id="h-silsilah"');
    expect(html).toContain('CC-BY 4.0');
  });

  it('lang other than id or en is a 400; lang does not change the JSON', async () => {
    const bad = await request(t.app).get(`${ITEMS}/${ID.geonorge}`).query({ f: 'json', lang: 'fr' });
    expect(bad.status).toBe(400);
    const a = await request(t.app).get(`${ITEMS}/${ID.geonorge}`).query({ f: 'json', lang: 'en' });
    const b = await request(t.app).get(`${ITEMS}/${ID.geonorge}`).query({ f: 'json' });
    expect(a.body.properties).toEqual(b.body.properties);
  });
});
