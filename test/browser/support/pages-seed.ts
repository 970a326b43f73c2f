import type { Database } from '../../../libs/db/database';
import type { MetadataRecord } from '../../../libs/catalogue/record.types';
import { createOrganisation } from '../../../libs/db/organisation.repository';
import { insertRecord } from '../../../libs/db/record.repository';
import { createFixtureUser } from '../../helpers/fixtures';
import { SAMPLE_RECORDS } from '../../helpers/sample-records';
import { docOf } from '../../helpers/sample-records';

/**
 * The browser tests' catalogue: the shared sample records (Indonesian, every field, antimeridian,
 * no extent, hostile characters, a service) written as PUBLISHED, plus one DRAFT that no page
 * may show. Distinct publication minutes keep "recent publications" in a known order.
 */
export async function seedPublicCatalogue(db: Database): Promise<{ published: MetadataRecord[]; draftTitle: string }> {
  const org = await createOrganisation(db, { name: 'Badan Uji Halaman Publik' });
  const owner = await createFixtureUser(db, `pages-admin-${process.pid}`, 'ADMIN', org.id);
  const published: MetadataRecord[] = [];
  let minute = 0;
  for (const sample of SAMPLE_RECORDS) {
    if (sample.status !== 'PUBLISHED') continue;
    const rec = await insertRecord(db, {
      id: sample.id, status: 'PUBLISHED', organisationId: org.id, ownerId: owner.id, reviewerId: null,
      doc: { ...docOf(sample), fileIdentifier: sample.id },
      publishedAt: new Date(Date.UTC(2024, 0, 1, 0, minute++)).toISOString(),
    });
    if (rec) published.push(rec);
  }
  const draftTitle = 'Draf Rahasia Yang Tidak Boleh Tampil';
  await insertRecord(db, {
    id: 'rec-draft-pages', status: 'DRAFT', organisationId: org.id, ownerId: owner.id, reviewerId: null,
    doc: { title: draftTitle, fileIdentifier: 'rec-draft-pages', extent: { bbox: { west: 110, east: 112, south: -7, north: -6 } } },
  });
  return { published, draftTitle };
}
