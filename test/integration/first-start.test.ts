import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { buildPgliteTemplate, openDatabase } from '../../libs/db/open-database';
import { createStartupLog } from '../../services/api/startup-log';

/*
 * Issue 23, point 6: a first start spent tens of seconds on initdb, PostGIS and pg_trgm inside
 * PGlite, with half a minute at a time without a line of output. Now each step is logged when
 * it begins as well as when it ends, and a first start copies the migrated template that
 * `npm install` built instead of running initdb and creating the extensions again.
 */

type Event = { step: string; ms?: number };

describe('start-up steps', () => {
  it('a timed step logs a line when it begins and one with its duration when it ends', async () => {
    const lines: { msg: string; phase?: string; ms?: number }[] = [];
    const logger = pino({ level: 'info' }, { write: (s: string) => { lines.push(JSON.parse(s)); } });
    const log = createStartupLog(logger);
    let inside: string[] = [];
    await log.time('langkah uji', async () => { inside = lines.map((l) => l.msg); });
    // the begin line is out before the step's work runs
    expect(inside).toEqual(['mulai: langkah uji …']);
    expect(lines.map((l) => [l.msg.replace(/\(\d+ ms\)/, '(N ms)'), l.phase])).toEqual([
      ['mulai: langkah uji …', 'start'],
      ['mulai: langkah uji (N ms)', 'end'],
    ]);
    expect(typeof lines[1]!.ms).toBe('number');
  });

  describe('a first start with the template', () => {
    let dataDir: string;
    beforeAll(async () => {
      // what npm install's prepare step leaves in .cache/pglite (a no-op when it is there)
      await buildPgliteTemplate();
      dataDir = mkdtempSync(path.join(tmpdir(), 'gk-first-start-'));
    });
    afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

    it('copies the migrated template: no initdb, no CREATE EXTENSION, no migration; every step begins and ends', async () => {
      const events: Event[] = [];
      const { db, applied } = await openDatabase({ databaseUrl: undefined, dataDir }, 'request', (step, ms) => events.push(ms === undefined ? { step } : { step, ms }));
      try {
        expect(applied).toEqual([]);
        const steps = events.map((e) => e.step);
        expect(steps).toContain('direktori data disalin dari templat');
        expect(steps).not.toContain('PGlite dibuka (initdb, start pertama)');
        expect(steps).not.toContain('ekstensi postgis dan pg_trgm dibuat');
        // each step: a begin event, then its end with a duration
        for (const name of new Set(steps)) {
          const mine = events.filter((e) => e.step === name);
          expect({ name, phases: mine.map((e) => (e.ms === undefined ? 'begin' : 'end')) }).toEqual({ name, phases: ['begin', 'end'] });
        }
        // the copy is a complete, migrated store with both extensions
        const migrations = readdirSync(path.join(__dirname, '../../libs/db/migrations')).filter((f) => f.endsWith('.sql')).sort();
        const done = await db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name');
        expect(done.rows.map((r) => r.name)).toEqual(migrations);
        const ext = await db.query<{ extname: string }>("SELECT extname FROM pg_extension WHERE extname IN ('postgis', 'pg_trgm') ORDER BY extname");
        expect(ext.rows.map((r) => r.extname)).toEqual(['pg_trgm', 'postgis']);
        expect((await db.query<{ ok: boolean }>("SELECT ST_Intersects(ST_MakeEnvelope(0, 0, 2, 2, 4326), ST_MakeEnvelope(1, 1, 3, 3, 4326)) AS ok")).rows).toEqual([{ ok: true }]);
      } finally {
        await db.close();
      }
      // no half copy left beside it
      expect(readdirSync(dataDir).filter((f) => f.includes('.copy-'))).toEqual([]);
      expect(existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);
    });
  });
});
