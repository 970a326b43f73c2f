import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { importMetadataXml } from '../../libs/import';
import type { Database } from '../../libs/db/database';
import { createOrganisation } from '../../libs/db/organisation.repository';
import { insertRecord } from '../../libs/db/record.repository';
import { upsertRenders } from '../../libs/db/render.repository';
import type { RecordRenderer } from '../../libs/processors/processor-deps';
import { createFixtureUser } from './fixtures';
import { CSW_SUITES_DIR } from './test-data';

/**
 * Ingests the sample records of a shared CSW suite (`test/data/csw-suites/suites/<suite>/data`)
 * as PUBLISHED records with every render stored, the way a published record looks once the
 * worker has rendered it: importMetadataXml → insertRecord (projection included) → the real
 * renderer → upsertRenders. The expected answers of a suite assume only its own records, so
 * each suite gets its own database.
 */

export interface LoadedRecord {
  file: string;
  id: string;
  title: string;
  warnings: string[];
}

export interface GoldenLoadResult {
  loaded: LoadedRecord[];
  /** files that are not records of ours (README) or could not be mapped, with the reason */
  skipped: { file: string; reason: string }[];
}

export function suiteDataFiles(suite: string): string[] {
  const dir = path.join(CSW_SUITES_DIR, suite, 'data');
  return readdirSync(dir).filter((f) => f.endsWith('.xml')).sort().map((f) => path.join(dir, f));
}

export async function loadSuiteRecords(db: Database, renderer: RecordRenderer, suite: string): Promise<GoldenLoadResult> {
  const org = await createOrganisation(db, { name: `Organisasi suite ${suite}` });
  const owner = await createFixtureUser(db, `golden-${suite}-admin`, 'ADMIN', org.id);
  const out: GoldenLoadResult = { loaded: [], skipped: [] };
  let minute = 0;
  for (const file of suiteDataFiles(suite)) {
    let imported;
    try {
      imported = importMetadataXml(readFileSync(file, 'utf8'));
    } catch (err) {
      out.skipped.push({ file: path.basename(file), reason: (err as Error).message });
      continue;
    }
    const id = imported.doc.fileIdentifier;
    if (!id) {
      out.skipped.push({ file: path.basename(file), reason: 'tanpa pengenal' });
      continue;
    }
    // distinct, increasing publication times keep any date-ordered listing deterministic
    const publishedAt = new Date(Date.UTC(2024, 0, 1, 0, minute++)).toISOString();
    const rec = await insertRecord(db, {
      id,
      status: 'PUBLISHED',
      organisationId: org.id,
      ownerId: owner.id,
      reviewerId: null,
      doc: imported.doc,
      publishedAt,
    });
    if (!rec) {
      out.skipped.push({ file: path.basename(file), reason: `pengenal ${id} ganda` });
      continue;
    }
    const renders = await renderer.renderAll(rec);
    await upsertRenders(db, rec.id, rec.version, renders);
    out.loaded.push({ file: path.basename(file), id, title: imported.doc.title ?? '', warnings: imported.warnings });
  }
  return out;
}
