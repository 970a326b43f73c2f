import { migrate } from '../../libs/db/migrate';
import { openPgDatabase } from '../../libs/db/pg-database';
import { createBareDatabase, migrationsBefore } from '../helpers/bare-database';

/**
 * The upgrade path of issue 21's migrations on a database that already holds records: 065 gives
 * every existing row its ranked word vector (the other text from `anytext` until the next write),
 * 066 rewrites the `formats` column to the format fields only.
 */
it('065 and 066 backfill existing records: word vector, format fields only', async () => {
  const bare = await createBareDatabase('gk_t_ftmig');
  const mig = migrationsBefore('065');
  const db = openPgDatabase({ connectionString: bare.url, max: 2 });
  try {
    await migrate(db, mig.dir);
    const org = (await db.query<{ id: string }>("INSERT INTO organisations (id, name) VALUES ('org-mig', 'Org migrasi') RETURNING id")).rows[0]!.id;
    const owner = (await db.query<{ id: string }>("INSERT INTO users (id, username, password_hash, role, organisation_id) VALUES ('usr-mig', 'mig-admin', 'x', 'ADMIN', $1) RETURNING id", [org])).rows[0]!.id;
    const doc = { title: 'Kawasan Hutan Riau', formats: ['GeoTIFF', ' ', 'GeoTIFF', 'Shapefile'], distributions: [{ protocol: 'OGC:WMS', url: 'https://x', name: 'RBI25K_SLEMAN' }] };
    await db.query(
      `INSERT INTO records (id, file_identifier, status, organisation_id, owner_id, doc, title, abstract, keywords, formats, anytext)
       VALUES ('mig-1', 'mig-1', 'PUBLISHED', $1, $2, $3::jsonb, 'Kawasan Hutan Riau', 'Pemetaan kawasan.', '{kehutanan}', '{GeoTIFF,Shapefile,RBI25K_SLEMAN}', 'mig-1 kawasan hutan riau pemetaan kawasan. kehutanan geotiff shapefile rbi25k_sleman')`,
      [org, owner, JSON.stringify(doc)],
    );
    mig.add('065_ranked_free_text.sql', '066_formats_from_format_fields.sql');
    expect(await migrate(db, mig.dir)).toEqual(['065_ranked_free_text.sql', '066_formats_from_format_fields.sql']);
    const row = (await db.query<{ formats: string[]; other: string; hit: boolean; sleman: boolean }>(
      `SELECT formats, search_other AS other,
              search_vector @@ gk_free_text_query(ARRAY['perhutanan', 'peta']) AS hit,
              search_vector @@ gk_free_text_query(ARRAY['rbi25k_sleman']) AS sleman
         FROM records WHERE id = 'mig-1'`)).rows[0]!;
    expect(row.formats).toEqual(['GeoTIFF', 'Shapefile']);
    expect(row.other).toContain('rbi25k_sleman');
    expect(row.hit).toBe(true);
    // the distribution name is no format any more, but still a word of the record
    expect(row.sleman).toBe(true);
  } finally {
    await db.close().catch(() => undefined);
    mig.remove();
    await bare.drop();
  }
}, 300_000);
