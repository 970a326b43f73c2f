import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { currentPublicGeneration } from '../../libs/response-cache/generation';
import { createMemoryStore } from '../../libs/cache/memory-store';
import { PROJECTION_COLUMNS, projectRecord } from '../../libs/catalogue/search-projection';
import { parseConfig } from '../../libs/config';
import { listHistory } from '../../libs/db/history.repository';
import { claimPendingEvents } from '../../libs/db/outbox.repository';
import { findRecordById } from '../../libs/db/record.repository';
import { findStaleRenderRecords } from '../../libs/db/render.repository';
import { importMetadataXml } from '../../libs/import';
import { importFiles } from '../../libs/import/batch-import';
import { recordsBatchOn } from '../../libs/assembly/use-case-assembly';
import { jobForEvent, validateJobPayload } from '../../libs/jobs/job-registry';
import { createLogger } from '../../libs/logger';
import { jobStoresFor } from '../../libs/assembly/job-stores';
import { createJobSystem } from '../../libs/processors/job-system';
import { jobHandlerServices } from '../helpers/job-handler-services';
import { RENDER_FORMATS } from '../../libs/render/formats';
import { buildGmd } from '../../libs/render/gmd-builder';
import type { MetadataDoc } from '../../libs/catalogue/record.types';
import { TEST_REDIS_URL } from '../helpers/env';
import { spawnCli } from '../helpers/cli-runner';
import { CSW_SUITES_DIR as SUITES } from '../helpers/test-data';
import { docOf, generateRecord, sampleRecord } from '../helpers/sample-records';
import {
  CLI_SECRET, cli, outboxEvents, removeTempDirs, tempDir, world, writeGenerated, keyIn, type World, } from './cli-import-support';
import { rendersAt } from './worker-test-support';
import { withoutRenderDerived } from '../helpers/render-derived';

/**
 * `npm run cli -- import`: the shared CSW suite records and generated ISO files imported into a
 * real PostgreSQL database, as DRAFT and as PUBLISHED (history, outbox events, projection
 * columns), bad files, duplicates, XXE, `--update`, usage errors and exit codes, a batch the
 * database refuses, and the real entry point as a child process.
 */

/** every suite `data` folder: 33 records (12 CITE csw:Record, 17 apiso ISO 19139, 4 ISO 19115-3) */
const SUITE_DIRS = readdirSync(SUITES).map((s) => path.join(SUITES, s, 'data')).filter((d) => existsSync(d)).sort();
const SUITE_FILES = SUITE_DIRS.flatMap((d) => readdirSync(d).filter((f) => f.endsWith('.xml')).map((f) => path.join(d, f)));

/** the documents the suite files map to, by id */
const SUITE_DOCS = new Map(SUITE_FILES.map((f) => {
  const { doc } = importMetadataXml(readFileSync(f, 'utf8'));
  return [doc.fileIdentifier!, doc];
}));

afterAll(removeTempDirs);

describe('import of the shared suite records as DRAFT', () => {
  let w: World;
  beforeAll(async () => { w = await world('draf'); });
  afterAll(async () => { await w.t.drop(); });

  it('imports all 33 records with the summary, exit code 0', async () => {
    expect(SUITE_FILES).toHaveLength(33);
    const r = await cli(w.t.db, w.t.url, 'import', ...SUITE_DIRS, '--org', 'Dinas Impor');
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toContain('Mengimpor 33 berkas ke organisasi "Dinas Impor" sebagai DRAFT (pemilik: draf-admin).');
    expect(r.out).toMatch(/Selesai dalam \d+\.\d detik \([\d.]+ rekaman\/detik, parsing di proses utama\)\./);
    expect(r.out).toContain('  diimpor:    33');
    expect(r.out).toContain('  dilewati:   0');
    expect(r.out).toContain('  gagal:      0');
    expect(r.out).toContain('Render XML dan cache CSW akan diperbarui oleh worker.');
  });

  it('stores each document as DRAFT of the organisation, owned by its ADMIN, version 1', async () => {
    const rows = await w.t.db.query<{ key: string; id: string; status: string; organisation_id: string; owner_id: string; version: number; published_at: unknown }>(
      'SELECT id AS key, file_identifier AS id, status, organisation_id, owner_id, version, published_at FROM records ORDER BY id',
    );
    expect(rows.rows.map((x) => x.id).sort()).toEqual([...SUITE_DOCS.keys()].sort());
    for (const row of rows.rows) {
      expect(row).toMatchObject({ status: 'DRAFT', organisation_id: w.orgId, owner_id: w.admin.id, version: 1, published_at: null });
      // a key of the server's choosing, never the document's identifier
      expect(row.key).not.toBe(row.id);
      expect(docOf((await findRecordById(w.t.db, row.key))!)).toEqual(SUITE_DOCS.get(row.id));
    }
  });

  it('fills the search projection of every record as projectRecord computes it, bbox included', async () => {
    for (const [id, doc] of SUITE_DOCS) {
      const p = projectRecord(doc, id);
      const cols = PROJECTION_COLUMNS.filter((c) => c !== 'extent_wkt');
      const row = (await w.t.db.query<Record<string, unknown>>(
        `SELECT ${cols.join(', ')}, extent IS NULL AS no_extent,
                coalesce(ST_Equals(extent, ST_GeomFromText($2::text, 4326)), false) AS same_extent
           FROM records WHERE file_identifier = $1`,
        [id, p.extent_wkt],
      )).rows[0]!;
      for (const c of cols) expect([id, c, row[c]]).toEqual([id, c, p[c]]);
      expect([id, row.no_extent]).toEqual([id, p.extent_wkt === null]);
      if (p.extent_wkt) expect([id, row.same_extent]).toEqual([id, true]);
    }
    // one box checked by its corners: a CITE record whose EPSG:4326 URN box is latitude first
    const box = (await w.t.db.query<{ w: number; s: number; e: number; n: number }>(
      `SELECT ST_XMin(extent) AS w, ST_YMin(extent) AS s, ST_XMax(extent) AS e, ST_YMax(extent) AS n FROM records WHERE file_identifier = $1`,
      ['urn:uuid:9a669547-b69b-469f-a11f-2d875366bbdc'],
    )).rows[0]!;
    expect(box).toEqual({ w: -6.171, s: 44.792, e: -2.228, n: 51.126 });
  });

  it('writes one history row (null → DRAFT, "impor CLI", by the owner) and one record.created event per record', async () => {
    for (const id of SUITE_DOCS.keys()) {
      expect((await listHistory(w.t.db, await keyIn(w.t.db, w.orgId, id))).map((h) => [h.from, h.to, h.actorId, h.note])).toEqual([[null, 'DRAFT', w.admin.id, 'impor CLI']]);
    }
    const events = await outboxEvents(w.t.db);
    expect(events).toHaveLength(33);
    for (const e of events) {
      expect(e.type).toBe('record.created');
      expect(e.payload).toEqual({ recordId: expect.any(String), version: 1 });
      expect(() => validateJobPayload(jobForEvent(e.type)!, e.payload)).not.toThrow();
    }
    expect(new Set(events.map((e) => e.payload.recordId))).toEqual(new Set(await Promise.all([...SUITE_DOCS.keys()].map((id) => keyIn(w.t.db, w.orgId, id)))));
  });

  it('leaves every record for the render reconciler (no render stored yet)', async () => {
    const stale = await findStaleRenderRecords(w.t.db, { formats: RENDER_FORMATS, limit: 1000 });
    expect(stale.map((s) => s.id).sort()).toEqual((await Promise.all([...SUITE_DOCS.keys()].map((id) => keyIn(w.t.db, w.orgId, id)))).sort());
  });

  it('skips every record on a second run ("sudah ada"), writing nothing', async () => {
    const r = await cli(w.t.db, w.t.url, 'import', ...SUITE_DIRS, '--org', w.orgId);
    expect(r.code).toBe(0);
    expect(r.out).toContain('  diimpor:    0');
    expect(r.out).toContain('  dilewati:   33');
    expect(r.out).toContain('Dilewati (10 pertama dari 33):');
    expect(r.out).toMatch(/apiso\/data\/T_aerfo_RAS_1991_GR800P001800000012\.xml \(366f6257-[\w-]+\): sudah ada$/m);
    expect(await outboxEvents(w.t.db)).toHaveLength(33);
    expect((await w.t.db.query('SELECT 1 FROM record_history')).rowCount).toBe(33);
  });
});

describe('import --publish', () => {
  let w: World;
  beforeAll(async () => { w = await world('terbit'); });
  afterAll(async () => { await w.t.drop(); });

  it('lands every record as PUBLISHED with history null → DRAFT → PUBLISHED', async () => {
    const r = await cli(w.t.db, w.t.url, 'import', ...SUITE_DIRS, '--org', 'dinas impor', '--publish', '--owner', 'terbit-produsen');
    expect(r.code).toBe(0);
    expect(r.out).toContain('sebagai PUBLISHED (pemilik: terbit-produsen)');
    expect(r.out).toContain('  diimpor:    33');
    const rows = await w.t.db.query<{ status: string; owner_id: string; published: boolean }>(
      'SELECT status, owner_id, published_at IS NOT NULL AS published FROM records',
    );
    expect(rows.rowCount).toBe(33);
    for (const row of rows.rows) expect(row).toEqual({ status: 'PUBLISHED', owner_id: w.produsen.id, published: true });
    for (const id of SUITE_DOCS.keys()) {
      expect((await listHistory(w.t.db, await keyIn(w.t.db, w.orgId, id))).map((h) => [h.from, h.to, h.actorId, h.actorUsername, h.note])).toEqual([
        [null, 'DRAFT', w.produsen.id, 'terbit-produsen', 'impor CLI'],
        ['DRAFT', 'PUBLISHED', w.produsen.id, 'terbit-produsen', 'impor CLI'],
      ]);
    }
  });

  it('writes record.created and record.status-changed events the job registry accepts', async () => {
    const events = await outboxEvents(w.t.db);
    expect(events.filter((e) => e.type === 'record.created')).toHaveLength(33);
    const changed = events.filter((e) => e.type === 'record.status-changed');
    expect(changed).toHaveLength(33);
    for (const e of changed) {
      expect(e.payload).toEqual({ recordId: expect.any(String), from: 'DRAFT', to: 'PUBLISHED', version: 1, actorId: w.produsen.id, organisationId: w.orgId });
    }
    for (const e of events) expect(() => validateJobPayload(jobForEvent(e.type)!, e.payload)).not.toThrow();
  });

  it('the job handlers render every form of every record from those events and bump the CSW cache generation', async () => {
    const kv = createMemoryStore();
    const jobs = await createJobSystem({
      config: Object.freeze(parseConfig({ LOG_LEVEL: 'silent' })), stores: jobStoresFor(w.t.db), kv, logger: createLogger('silent'), role: 'worker', reconcile: false,
      handlerServices: await jobHandlerServices(),
    });
    try {
      const gen0 = await currentPublicGeneration(kv);
      let dispatched = 0;
      while ((await claimPendingEvents(w.t.db, 100, async (events) => {
        for (const e of events) await jobs.dispatchEvent(e);
        dispatched += events.length;
        return events.map((e) => e.id);
      })) > 0);
      await jobs.whenIdle();
      expect(dispatched).toBe(66);
      expect(await jobs.failedJobs()).toEqual([]);
      for (const id of SUITE_DOCS.keys()) expect([id, await rendersAt(w.t.db, await keyIn(w.t.db, w.orgId, id), 1)]).toEqual([id, true]);
      expect(await currentPublicGeneration(kv)).toBeGreaterThan(gen0);
      expect(await findStaleRenderRecords(w.t.db, { formats: RENDER_FORMATS, limit: 10 })).toEqual([]);
    } finally {
      await jobs.close();
    }
  }, 300_000);
});

describe('a directory with bad files, a duplicate and an XXE attempt', () => {
  let w: World;
  let dir: string;
  let ids: string[];
  beforeAll(async () => {
    w = await world('rusak');
    dir = tempDir();
    ids = writeGenerated(dir, [100, 101, 102], (i) => `a-gen-${i}.xml`);
    mkdirSync(path.join(dir, 'sub', 'dalam'), { recursive: true });
    ids.push(...writeGenerated(path.join(dir, 'sub', 'dalam'), [103], (i) => `gen-${i}.XML`));
    writeFileSync(path.join(dir, 'z-salinan.xml'), buildGmd(generateRecord(100)));
    writeFileSync(path.join(dir, 'rusak.xml'), '<gmd:MD_Metadata xmlns:gmd="http://www.isotc211.org/2005/gmd"><gmd:fileIdentifier>');
    writeFileSync(path.join(dir, 'xxe.xml'), [
      '<?xml version="1.0"?>',
      '<!DOCTYPE r [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>',
      '<gmd:MD_Metadata xmlns:gmd="http://www.isotc211.org/2005/gmd" xmlns:gco="http://www.isotc211.org/2005/gco">',
      '<gmd:fileIdentifier><gco:CharacterString>xxe-rekaman</gco:CharacterString></gmd:fileIdentifier>',
      '<gmd:identificationInfo><gmd:MD_DataIdentification><gmd:citation><gmd:CI_Citation><gmd:title>',
      '<gco:CharacterString>&xxe;</gco:CharacterString></gmd:title></gmd:CI_Citation></gmd:citation>',
      '</gmd:MD_DataIdentification></gmd:identificationInfo></gmd:MD_Metadata>',
    ].join('\n'));
    writeFileSync(path.join(dir, 'kapabilitas.xml'), '<csw:Capabilities xmlns:csw="http://www.opengis.net/cat/csw/2.0.2" version="2.0.2"/>');
    writeFileSync(path.join(dir, 'tanpa-judul.xml'), buildGmd(sampleRecord('tanpa-judul', { title: ' ' })));
    writeFileSync(path.join(dir, 'catatan.txt'), 'bukan XML, tidak dibaca');
  });
  afterAll(async () => { await w.t.drop(); });

  it('imports the good files, skips the duplicate, reports each bad file with its reason, exit code 1', async () => {
    const report = path.join(dir, 'laporan.json');
    const r = await cli(w.t.db, w.t.url, 'import', dir, '--org', 'Dinas Impor', '--report', report, '--batch-size', '2');
    expect(r.code).toBe(1);
    // issue 19: a document without a title is imported without one (nothing invented), with a warning
    expect(r.err).toBe('Gagal: 3 dari 9 berkas gagal diimpor.');
    expect(r.out).toContain('Mengimpor 9 berkas');
    expect(r.out).toContain('  diimpor:    5');
    expect(r.out).toContain('  dilewati:   1');
    expect(r.out).toContain('  gagal:      3');
    expect(r.out).toMatch(/^Gagal:$/m);
    expect(r.out).toMatch(/xxe\.xml: XML ditolak: Dokumen XML dengan DOCTYPE atau deklarasi ENTITY tidak diterima\./);
    expect(r.out).toMatch(/rusak\.xml: XML ditolak: XML tidak valid/);
    expect(r.out).toMatch(/kapabilitas\.xml: csw:Capabilities: Elemen akar csw:Capabilities .* tidak didukung/);
    expect(r.out).toMatch(/z-salinan\.xml \(gen-000100\): sudah ada \(pengenal sama dengan .*a-gen-100\.xml\)/);
    expect(r.out).toContain(`Laporan lengkap: ${report}`);

    const json = JSON.parse(readFileSync(report, 'utf8'));
    expect(json).toMatchObject({ organisation: { name: 'Dinas Impor' }, owner: { username: 'rusak-admin' }, status: 'DRAFT', total: 9, imported: 5, skipped: 1, failed: 3 });
    expect(json.importedFiles.map((f: { id: string }) => f.id).sort()).toEqual([...ids, 'tanpa-judul'].sort());
    expect(json.importedFiles.find((f: { id: string }) => f.id === 'tanpa-judul').warnings.join(' ')).toMatch(/tanpa judul/);
    expect(json.failures.map((f: { file: string }) => path.basename(f.file)).sort()).toEqual(['kapabilitas.xml', 'rusak.xml', 'xxe.xml']);
    expect(json.failures.find((f: { file: string }) => f.file.endsWith('kapabilitas.xml')).element).toBe('csw:Capabilities');
    expect(json.skippedFiles).toEqual([{ file: path.join(dir, 'z-salinan.xml'), id: 'gen-000100', reason: expect.stringContaining('sudah ada') }]);
  });

  it('stores only the good records; nothing of the XXE file, no file content read', async () => {
    const rows = await w.t.db.query<{ id: string }>('SELECT file_identifier AS id FROM records ORDER BY file_identifier');
    expect(rows.rows.map((x) => x.id)).toEqual([...ids, 'tanpa-judul'].sort());
    expect((await w.t.db.query("SELECT 1 FROM records WHERE doc::text LIKE '%root:%' OR file_identifier = 'xxe-rekaman'")).rowCount).toBe(0);
    expect(await outboxEvents(w.t.db)).toHaveLength(5);
  });
});

describe('import --update', () => {
  let w: World;
  let dir: string;
  const file = () => path.join(dir, 'gen-200.xml');
  beforeAll(async () => {
    w = await world('ubah');
    dir = tempDir();
    writeGenerated(dir, [200]);
    expect((await cli(w.t.db, w.t.url, 'import', dir, '--org', 'Dinas Impor')).code).toBe(0);
    const changed = generateRecord(200);
    writeFileSync(file(), buildGmd({ ...changed, title: 'Judul baru setelah revisi' }));
  });
  afterAll(async () => { await w.t.drop(); });

  it('without --update, a changed file with a known identifier is skipped', async () => {
    const r = await cli(w.t.db, w.t.url, 'import', file(), '--org', 'Dinas Impor');
    expect(r.code).toBe(0);
    expect(r.out).toContain('  dilewati:   1');
    expect((await findRecordById(w.t.db, await keyIn(w.t.db, w.orgId, 'gen-000200')))?.title).toBe(generateRecord(200).title);
  });

  it('with --update, replaces the content (version + 1, status kept, record.updated event)', async () => {
    const r = await cli(w.t.db, w.t.url, 'import', file(), '--org', 'Dinas Impor', '--update');
    expect(r.code).toBe(0);
    expect(r.out).toContain('  diperbarui: 1');
    const key = await keyIn(w.t.db, w.orgId, 'gen-000200');
    const rec = (await findRecordById(w.t.db, key))!;
    expect(rec).toMatchObject({ title: 'Judul baru setelah revisi', version: 2, status: 'DRAFT', ownerId: w.admin.id });
    const title = await w.t.db.query<{ title: string }>('SELECT title FROM records WHERE id = $1', [key]);
    expect(title.rows[0]?.title).toBe('Judul baru setelah revisi');
    const events = await outboxEvents(w.t.db);
    expect(events.at(-1)).toEqual({ type: 'record.updated', payload: { recordId: key, version: 2, status: 'DRAFT' } });
    expect((await listHistory(w.t.db, key))).toHaveLength(1);
  });

  it('skips an unchanged document and never touches a record of another organisation', async () => {
    const same = await cli(w.t.db, w.t.url, 'import', file(), '--org', 'Dinas Impor', '--update');
    expect(same.out).toContain('sudah ada (isi tidak berubah)');
    // Dinas Impor's record is a DRAFT: to Dinas Lain the identifier is free (nothing hidden is named), a record of its own is added
    const other = await cli(w.t.db, w.t.url, 'import', file(), '--org', 'Dinas Lain', '--update');
    expect(other.code).toBe(0);
    expect(other.out).toContain('  diimpor:    1');
    const key = await keyIn(w.t.db, w.orgId, 'gen-000200');
    expect((await findRecordById(w.t.db, key))).toMatchObject({ version: 2, organisationId: w.orgId });
    // once Dinas Impor's record is public its identifier is taken for everyone, and --update still never touches it
    await w.t.db.query("UPDATE records SET status = 'PUBLISHED', published_at = now() WHERE id = $1", [key]);
    await w.t.db.query('DELETE FROM records WHERE organisation_id = $1', [w.otherOrgId]);
    const third = await cli(w.t.db, w.t.url, 'import', file(), '--org', 'Dinas Lain', '--update');
    expect(third.out).toContain('sudah ada (milik organisasi lain; tidak diperbarui)');
    expect((await findRecordById(w.t.db, key))).toMatchObject({ version: 2, organisationId: w.orgId });
  });
});

describe('usage errors and failures', () => {
  let w: World;
  let dir: string;
  beforeAll(async () => {
    w = await world('pakai');
    dir = tempDir();
    writeGenerated(dir, [300]);
  });
  afterAll(async () => { await w.t.drop(); });

  it('is listed by help', async () => {
    const r = await cli(w.t.db, w.t.url, 'help');
    expect(r.out).toMatch(/^ {2}import\s+mengimpor berkas metadata XML/m);
  });

  it.each([
    [['import', 'x'], 'opsi --org wajib diisi'],
    [['import', '--org', 'Dinas Impor'], 'argumen kurang'],
    [['import', '/tidak/ada.xml', '--org', 'Dinas Impor'], 'berkas atau direktori tidak ditemukan: /tidak/ada.xml'],
    [['import', 'DIR', '--org', 'Dinas Impor', '--threads', 'dua'], '--threads harus bilangan bulat 0–64'],
    [['import', 'DIR', '--org', 'Dinas Impor', '--batch-size', '0'], '--batch-size harus bilangan bulat 1–5000'],
    [['import', 'EMPTY', '--org', 'Dinas Impor'], 'tidak ada berkas .xml'],
  ])('%j is a usage error (exit 2)', async (argv, message) => {
    const empty = tempDir();
    const r = await cli(w.t.db, w.t.url, ...argv.map((a) => (a === 'DIR' ? dir : a === 'EMPTY' ? empty : a)));
    expect(r.code).toBe(2);
    expect(r.err).toContain(message);
    expect(r.err).toContain('Penggunaan: npm run cli -- import');
  });

  it.each([
    [['--org', 'Dinas Entah'], 'Organisasi "Dinas Entah" tidak ditemukan'],
    [['--org', 'Dinas Impor', '--owner', 'pakai-lain-admin'], 'bukan anggota organisasi "Dinas Impor"'],
    [['--org', 'Dinas Impor', '--owner', 'pakai-qcqe'], 'berperan QCQE'],
    [['--org', 'Dinas Impor', '--owner', 'siapa'], 'Pengguna "siapa" tidak ditemukan'],
    [['--org', 'Tanpa Admin'], 'tidak memiliki ADMIN aktif; berikan --owner'],
  ])('%j fails before importing anything (exit 1)', async (opts, message) => {
    const r = await cli(w.t.db, w.t.url, 'import', dir, ...opts);
    expect(r.code).toBe(1);
    expect(r.err).toContain(message);
    expect((await w.t.db.query('SELECT 1 FROM records')).rowCount).toBe(0);
  });
});

describe('importFiles (the in-process API)', () => {
  let w: World;
  beforeAll(async () => { w = await world('api'); });
  afterAll(async () => { await w.t.drop(); });

  it('retries a batch the database refuses record by record, so only the record at fault fails', async () => {
    const dir = tempDir();
    const ids = writeGenerated(dir, [400, 401, 402, 403, 404]);
    // a real refusal from PostgreSQL for one row (check_violation), not a mock
    await w.t.db.exec(`
      CREATE FUNCTION tolak_gen_402() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.file_identifier = 'gen-000402' THEN RAISE EXCEPTION 'rekaman uji ditolak' USING ERRCODE = 'check_violation'; END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER tolak_gen_402 BEFORE INSERT ON records FOR EACH ROW EXECUTE FUNCTION tolak_gen_402();`);
    try {
      const files = readdirSync(dir).sort().map((f) => path.join(dir, f));
      const s = await importFiles(recordsBatchOn(w.t.db), files, { organisationId: w.orgId, ownerId: w.admin.id, batchSize: 3, threads: 0 });
      expect(s).toMatchObject({ total: 5, imported: 4, skipped: 0, failed: 1, threads: 0 });
      expect(s.failures).toEqual([{ file: path.join(dir, 'gen-402.xml'), reason: expect.stringMatching(/^ditolak basis data: rekaman uji ditolak/) }]);
      const rows = await w.t.db.query<{ id: string }>('SELECT file_identifier AS id FROM records ORDER BY file_identifier');
      expect(rows.rows.map((x) => x.id)).toEqual(ids.filter((id) => id !== 'gen-000402'));
      // the rolled-back attempt left no history or event behind
      expect((await w.t.db.query('SELECT 1 FROM record_history')).rowCount).toBe(4);
      expect(await outboxEvents(w.t.db)).toHaveLength(4);
    } finally {
      await w.t.db.exec('DROP TRIGGER tolak_gen_402 ON records; DROP FUNCTION tolak_gen_402();');
    }
  });

  it('parses on worker threads when asked, with the same result, and reports progress', async () => {
    const dir = tempDir();
    const ids = writeGenerated(dir, Array.from({ length: 60 }, (_, i) => 500 + i));
    const files = readdirSync(dir).sort().map((f) => path.join(dir, f));
    const seen: number[] = [];
    const s = await importFiles(recordsBatchOn(w.t.db), files, {
      organisationId: w.orgId, ownerId: w.admin.id, publish: true, threads: 2, batchSize: 25, onProgress: (p) => seen.push(p.processed),
    });
    expect(s).toMatchObject({ total: 60, imported: 60, failed: 0, threads: 2 });
    expect(s.threadFallback).toBeUndefined();
    expect(seen.at(-1)).toBe(60);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    const rows = await w.t.db.query<{ id: string; status: string }>('SELECT id, status FROM records WHERE file_identifier = ANY($1::text[])', [ids]);
    expect(rows.rows.every((x) => x.status === 'PUBLISHED')).toBe(true);
    expect(rows.rowCount).toBe(60);
    // a service's gmd (srv:SV_ServiceIdentification) holds no topic categories, spatial representation or resolution
    const expected = (n: number): MetadataDoc => {
      const doc = docOf(generateRecord(n));
      if (doc.hierarchyLevel !== 'service') return doc;
      const { topicCategories: _t, spatialRepresentationType: _s, spatialResolution: _r, ...kept } = doc;
      return kept;
    };
    for (const id of ids.slice(0, 5)) {
      const source = expected(Number(id.slice(4)));
      expect(withoutRenderDerived(docOf((await findRecordById(w.t.db, await keyIn(w.t.db, w.orgId, id)))!), source)).toEqual(source);
    }
  }, 300_000);
});

describe('the real entry point (child process, server-mode configuration)', () => {
  let w: World;
  let env: Record<string, string>;
  beforeAll(async () => {
    w = await world('proses');
    env = { DATABASE_URL: w.t.url, REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: `gk-imp-${process.pid}`, SESSION_SECRET: CLI_SECRET, LOG_LEVEL: 'silent' };
  });
  afterAll(async () => { await w.t.drop(); });

  it('imports a directory as PUBLISHED on two parse threads, exit code 0', async () => {
    const dir = tempDir();
    writeGenerated(dir, Array.from({ length: 40 }, (_, i) => 600 + i));
    const r = await spawnCli(['import', dir, '--org', 'Dinas Impor', '--publish', '--threads', '2'], env);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toContain('Mengimpor 40 berkas ke organisasi "Dinas Impor" sebagai PUBLISHED (pemilik: proses-admin).');
    expect(r.out).toMatch(/rekaman\/detik, 2 thread parsing\)/);
    expect(r.out).toContain('  diimpor:    40');
    const rows = await w.t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM records WHERE status = 'PUBLISHED'");
    expect(rows.rows[0]?.n).toBe(40);
  }, 300_000);

  it('exits 1 when a file fails and 2 on wrong usage', async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'xxe.xml'), '<!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/hostname">]><r>&x;</r>');
    writeGenerated(dir, [700]);
    const failed = await spawnCli(['import', dir, '--org', 'Dinas Impor'], env);
    expect(failed.code).toBe(1);
    expect(failed.out).toContain('  diimpor:    1');
    expect(failed.out).toMatch(/xxe\.xml: XML ditolak/);
    expect(failed.err).toContain('Gagal: 1 dari 2 berkas gagal diimpor.');
    const usage = await spawnCli(['import', dir], env);
    expect(usage.code).toBe(2);
    expect(usage.err).toContain('opsi --org wajib diisi');
  }, 300_000);
});
