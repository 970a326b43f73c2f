import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { findRecordById, insertRecord } from '../../libs/db/record.repository';
import { importFiles } from '../../libs/import/batch-import';
import { buildGmd } from '../../libs/render/gmd-builder';
import { docOf, generateRecord } from '../helpers/sample-records';
import { cli, removeTempDirs, tempDir, world, writeGenerated, type World } from './cli-import-support';

/**
 * The batch importer under scoped file identifiers (migration 040): `--update` finds the
 * organisation's record by its file identifier whatever its key (records created through REST
 * have server keys), and another organisation's never-public record reserves nothing.
 */
let w: World;
beforeAll(async () => { w = await world('skop'); });
afterAll(async () => {
  await w?.t.drop();
  removeTempDirs();
});

it('--update replaces the organisation\'s record found by file identifier; another organisation\'s never-public identifier is free', async () => {
  const [one, three] = [generateRecord(1), generateRecord(3)];
  // the organisation's own record of gen-1 under a server key, as a REST create makes it
  const own = await insertRecord(w.t.db, {
    id: '5d7a0c1e-0000-4000-8000-000000000001', fileIdentifier: one.id, status: 'DRAFT', organisationId: w.orgId, ownerId: w.produsen.id, reviewerId: null,
    doc: { ...docOf(one), title: 'Judul lama' },
  });
  // another organisation's hidden draft using gen-3's identifier under its own key
  const hidden = await insertRecord(w.t.db, {
    id: '5d7a0c1e-0000-4000-8000-000000000003', fileIdentifier: three.id, status: 'DRAFT', organisationId: w.otherOrgId, ownerId: w.otherAdmin.id, reviewerId: null,
    doc: { ...docOf(three), title: 'Rahasia organisasi lain' },
  });
  expect(own && hidden).toBeTruthy();

  const dir = tempDir();
  const files = writeGenerated(dir, [1, 3]).map((id, i) => `${dir}/gen-${[1, 3][i]}.xml`);
  expect(files).toHaveLength(2);
  const s = await importFiles(w.t.db, files, { organisationId: w.orgId, ownerId: w.admin.id, update: true, threads: 0 });
  expect(s.failures).toEqual([]);
  expect(s.updatedFiles.map((f) => f.id)).toEqual([one.id]);
  expect(s.importedFiles.map((f) => f.id)).toEqual([three.id]);

  const updated = await findRecordById(w.t.db, own!.id);
  expect(updated).toMatchObject({ fileIdentifier: one.id, version: 2, organisationId: w.orgId, status: 'DRAFT' });
  expect(updated!.title).not.toBe('Judul lama');
  // the other organisation's record is untouched; each organisation now has its own record of gen-3
  expect(await findRecordById(w.t.db, hidden!.id)).toMatchObject({ title: 'Rahasia organisasi lain', version: 1, organisationId: w.otherOrgId });
  const rows = await w.t.db.query<{ organisation_id: string }>('SELECT organisation_id FROM records WHERE file_identifier = $1', [three.id]);
  expect(rows.rows.map((r) => r.organisation_id).sort()).toEqual([w.orgId, w.otherOrgId].sort());
});

it('the CLI adds another organisation\'s hidden identifiers (CLI-imported, or key = identifier from before 040) exactly like a free one; --update finds its own by identifier', async () => {
  const [secret, legacy, free] = ['b-cli-secret', 'b-legacy-secret', 'a-free-identifier'];
  const gmd = (id: string, n: number, title: string) => buildGmd({ ...generateRecord(n), id, fileIdentifier: id, title });
  // B: a DRAFT through the CLI, and one written the way every record was before migration 040
  const bDir = tempDir();
  writeFileSync(path.join(bDir, 'rahasia.xml'), gmd(secret, 11, 'Draf rahasia B'));
  expect((await cli(w.t.db, w.t.url, 'import', bDir, '--org', w.otherOrgId)).code).toBe(0);
  await insertRecord(w.t.db, {
    id: legacy, status: 'DRAFT', organisationId: w.otherOrgId, ownerId: w.otherAdmin.id, reviewerId: null, doc: { ...docOf(generateRecord(12)), title: 'Draf lama B' },
  });
  const bRows = async () => (await w.t.db.query('SELECT id, file_identifier, title, version, status FROM records WHERE organisation_id = $1 AND file_identifier = ANY($2::text[]) ORDER BY file_identifier', [w.otherOrgId, [secret, legacy]])).rows;
  const bBefore = await bRows();
  expect(bBefore).toHaveLength(2);

  // A imports all three: the same answer for each
  const aDir = tempDir();
  [secret, legacy, free].forEach((id, i) => writeFileSync(path.join(aDir, `${id}.xml`), gmd(id, 20 + i, `Impor A ${id}`)));
  const report = path.join(aDir, 'laporan.json');
  const first = await cli(w.t.db, w.t.url, 'import', aDir, '--org', w.orgId, '--report', report);
  expect(first.code).toBe(0);
  expect(first.out).toMatch(/diimpor:\s+3/);
  expect(first.out).toMatch(/dilewati:\s+0/);
  expect(first.out).not.toMatch(/b-cli-secret|b-legacy-secret/);
  const r = JSON.parse(readFileSync(report, 'utf8')) as { importedFiles: { id: string; recordId: string }[]; skippedFiles: unknown[] };
  expect(r.skippedFiles).toEqual([]);
  expect(r.importedFiles.map((f) => f.id).sort()).toEqual([free, secret, legacy].sort());
  for (const f of r.importedFiles) {
    expect(f.recordId).not.toBe(f.id);
    expect(await findRecordById(w.t.db, f.recordId)).toMatchObject({ fileIdentifier: f.id, organisationId: w.orgId, title: `Impor A ${f.id}`, status: 'DRAFT', version: 1 });
  }
  expect(await bRows()).toEqual(bBefore);

  // again without --update: A's own records are "sudah ada"; with --update they are replaced in place
  const again = await cli(w.t.db, w.t.url, 'import', aDir, '--org', w.orgId);
  expect(again.out).toMatch(/diimpor:\s+0/);
  expect(again.out).toMatch(/dilewati:\s+3/);
  [secret, legacy, free].forEach((id, i) => writeFileSync(path.join(aDir, `${id}.xml`), gmd(id, 20 + i, `Impor A baru ${id}`)));
  const upd = await cli(w.t.db, w.t.url, 'import', aDir, '--org', w.orgId, '--update');
  expect(upd.code).toBe(0);
  expect(upd.out).toMatch(/diperbarui:\s+3/);
  for (const f of r.importedFiles) expect(await findRecordById(w.t.db, f.recordId)).toMatchObject({ title: `Impor A baru ${f.id}`, version: 2 });
  const all = await w.t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM records WHERE file_identifier = ANY($1::text[])', [[secret, legacy, free]]);
  expect(all.rows[0]!.n).toBe(5);
  expect(await bRows()).toEqual(bBefore);
});
