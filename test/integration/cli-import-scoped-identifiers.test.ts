import { findRecordById, insertRecord } from '../../libs/db/record.repository';
import { importFiles } from '../../libs/import/batch-import';
import { docOf, generateRecord } from '../helpers/sample-records';
import { removeTempDirs, tempDir, world, writeGenerated, type World } from './cli-import-support';

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
