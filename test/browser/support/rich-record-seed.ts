import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Database } from '../../../libs/db/database';
import { createOrganisation } from '../../../libs/db/organisation.repository';
import { insertRecordDocuments } from '../../../libs/db/record-document.repository';
import { insertRecord } from '../../../libs/db/record.repository';
import { importMetadataXml } from '../../../libs/import';
import { createFixtureUser } from '../../helpers/fixtures';
import { ISO_CORPUS_DIR } from '../../helpers/test-data';

/**
 * One PUBLISHED record imported from a corpus file with its ISO document stored, as the import
 * writes it: the record page then shows the rich view of that document (issue 19 point 7).
 * Kept apart from seedPublicCatalogue so the other pages' counts do not change.
 */
export async function seedRichRecord(db: Database, corpusFile: string): Promise<string> {
  const imported = importMetadataXml(readFileSync(path.join(ISO_CORPUS_DIR, corpusFile), 'utf8'));
  if (!imported.document || !imported.doc.fileIdentifier) throw new Error(`${corpusFile}: not an ISO document with an identifier`);
  const org = await createOrganisation(db, { name: 'Badan Uji Rekaman Lengkap' });
  const owner = await createFixtureUser(db, `rich-pages-admin-${process.pid}`, 'ADMIN', org.id);
  const rec = await insertRecord(db, {
    id: `rec-rich-${process.pid}`, status: 'PUBLISHED', organisationId: org.id, ownerId: owner.id, reviewerId: null,
    fileIdentifier: imported.doc.fileIdentifier, doc: imported.doc, publishedAt: new Date(Date.UTC(2023, 0, 1)).toISOString(),
  });
  if (!rec) throw new Error('rich record exists');
  await insertRecordDocuments(db, [{ recordId: rec.id, origin: 'import', document: imported.document }]);
  return imported.doc.fileIdentifier;
}
