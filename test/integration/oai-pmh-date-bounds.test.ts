import fc from 'fast-check';
import { seedRecord } from '../helpers/fixtures';
import { harvestAll, oaiGet, type OaiAnswer } from '../helpers/oai-client';
import { useSeededApp } from '../helpers/seeded-app';

/**
 * `from` / `until` over the whole syntax the protocol allows (YYYY-MM-DD, YYYY-MM-DDThh:mm:ssZ,
 * years 0000–9999): every value gets records, noRecordsMatch or badArgument with HTTP 200 —
 * never the 503 the review got for until=9999-12-31 ("time zone displacement out of range").
 * Items sit at the edges of what PostgreSQL stores (year 0001, the last second of 9999) so the
 * clamping at either end is checked against an oracle that compares the datestamps as text.
 */

const ctx = useSeededApp({ env: { OAI_PAGE_SIZE: '2' } });

/** the items' datestamps, as the feed shows them (seconds) */
let stamps: Map<string, string>;

beforeAll(async () => {
  const at = ['0001-01-01T00:00:00Z', '1970-01-01T00:00:00Z', '2024-02-29T12:00:00Z', '9999-12-31T23:59:59.5Z', null];
  const db = ctx.t.deps.db;
  for (const when of at) {
    const rec = await seedRecord(db, { owner: ctx.w.a.produsen.user, status: 'PUBLISHED' });
    // the feed's trigger stamps now(); the edges are set on the row itself (test data, not a stand-in)
    if (when) await db.query('UPDATE oai_items SET datestamp = $2::timestamptz WHERE record_id = $1', [rec.id, when]);
  }
  const r = await db.query<{ id: string; d: string }>(
    `SELECT file_identifier AS id, to_char(datestamp AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS d FROM oai_items`,
  );
  stamps = new Map(r.rows.map((x) => [x.id, x.d]));
  expect(stamps.size).toBe(5);
});

const all = () => [...stamps.keys()].sort();
const first = (h: { pages: OaiAnswer[] }): OaiAnswer => h.pages[0]!;

describe('OAI-PMH from/until at the edges of the calendar', () => {
  it('until=9999-12-31 lists everything (the review got 503), also across resumption tokens', async () => {
    const h = await harvestAll(ctx.t.app, { metadataPrefix: 'oai_dc', until: '9999-12-31' }, 'ListIdentifiers');
    expect(first(h).status).toBe(200);
    expect(first(h).errors).toEqual([]);
    expect(h.pages.length).toBe(3);
    expect(h.records.map((x) => x.recordId).sort()).toEqual(all());
  });

  it.each([
    [{ until: '9999-12-31T23:59:59Z' }, 5],
    [{ from: '0001-01-01' }, 5],
    [{ from: '0000-01-01' }, 5],
    [{ from: '0000-02-29', until: '9999-12-31' }, 5],
    [{ from: '9999-12-31' }, 1],
    [{ from: '9999-12-31T23:59:59Z', until: '9999-12-31T23:59:59Z' }, 1],
    [{ until: '0001-01-01' }, 1],
    [{ until: '0000-12-31' }, 0],
    [{ from: '0000-01-01T00:00:00Z', until: '0000-12-31T23:59:59Z' }, 0],
  ] as [Record<string, string>, number][])('%p → %p items', async (bounds, n) => {
    const h = await harvestAll(ctx.t.app, { metadataPrefix: 'oai_dc', ...bounds }, 'ListIdentifiers');
    expect(first(h).status).toBe(200);
    if (n === 0) expect(first(h).errors).toEqual(['noRecordsMatch']);
    else expect(h.records).toHaveLength(n);
  });

  it.each([
    [{ from: '0000-02-30' }],
    [{ from: '0001-02-29' }],
    [{ until: '9999-12-32' }],
    [{ from: '9999-12-31', until: '0000-01-01' }],
    [{ from: '0000-06-01', until: '0000-03-01' }],
    [{ until: '10000-01-01' }],
  ] as [Record<string, string>][])('%p → badArgument', async (bounds) => {
    const res = await oaiGet(ctx.t.app, { verb: 'ListRecords', metadataPrefix: 'oai_dc', ...bounds });
    expect(res.status).toBe(200);
    expect(res.errors).toEqual(['badArgument']);
  });
});

/** what a well-formed value is, independently of the code under test */
interface Drawn { text: string; real: boolean; day: boolean }
const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const leap = (y: number) => y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
const daysIn = (y: number, m: number) => [31, leap(y) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1] ?? 0;

const year = fc.oneof(fc.integer({ min: 0, max: 9999 }), fc.constantFrom(0, 1, 99, 100, 1969, 1970, 2024, new Date().getUTCFullYear(), 9999));
const drawn: fc.Arbitrary<Drawn> = fc.record({
  y: year, m: fc.integer({ min: 0, max: 13 }), d: fc.integer({ min: 0, max: 32 }),
  time: fc.option(fc.record({ h: fc.integer({ min: 0, max: 24 }), mi: fc.integer({ min: 0, max: 60 }), s: fc.integer({ min: 0, max: 60 }), z: fc.boolean() })),
}).map(({ y, m, d, time }) => {
  const date = `${pad(y, 4)}-${pad(m)}-${pad(d)}`;
  const dateOk = m >= 1 && m <= 12 && d >= 1 && d <= daysIn(y, m);
  if (!time) return { text: date, real: dateOk, day: true };
  const timeOk = time.h <= 23 && time.mi <= 59 && time.s <= 59 && time.z;
  return { text: `${date}T${pad(time.h)}:${pad(time.mi)}:${pad(time.s)}${time.z ? 'Z' : ''}`, real: dateOk && timeOk, day: false };
});

describe('OAI-PMH from/until fuzzed over the whole syntax', () => {
  it('every from/until gets 200 with exactly the items in range, noRecordsMatch or badArgument', async () => {
    await fc.assert(fc.asyncProperty(fc.option(drawn), fc.option(drawn), async (from, until) => {
      const args: Record<string, string> = { metadataPrefix: 'oai_dc' };
      if (from) args.from = from.text;
      if (until) args.until = until.text;
      const h = await harvestAll(ctx.t.app, args, 'ListIdentifiers');
      expect(first(h).status).toBe(200);
      const bad = (from && !from.real) || (until && !until.real)
        || (from && until && (from.day !== until.day || from.text > until.text));
      if (bad) {
        // one badArgument per bad value
        expect(new Set(first(h).errors)).toEqual(new Set(['badArgument']));
        return;
      }
      // same-width text compares as the instants do; a day value compares with the day part
      const inRange = (stamp: string) => {
        const at = (b: Drawn) => (b.day ? stamp.slice(0, 10) : stamp);
        return (!from || at(from) >= from.text) && (!until || at(until) <= until.text);
      };
      const expected = [...stamps].filter(([, s]) => inRange(s)).map(([id]) => id).sort();
      if (expected.length === 0) expect(first(h).errors).toEqual(['noRecordsMatch']);
      else expect(h.records.map((x) => x.recordId).sort()).toEqual(expected);
    }), { numRuns: 250 });
  }, 300_000);
});
