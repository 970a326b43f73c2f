import fc from 'fast-check';
import { polygonProblem } from '../../libs/search/filter/polygon-validity';
import { toWkt, type Pos } from '../../libs/search/filter/geometry';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';

/*
 * Issue 22, point 1: the in-process validity check must agree with PostGIS. Whatever it
 * accepts, ST_IsValid must call valid (else an invalid polygon would reach GEOS); for one ring
 * the two must agree exactly. Small polygons only (≤ 12 vertices), where ST_IsValid is cheap and
 * safe; coordinates on a coarse grid make the hard cases (touching vertices, collinear sides,
 * spikes, holes on the shell) common, and random decimals the ordinary ones.
 */
let t: TestDatabase;

beforeAll(async () => {
  t = await createTestDatabase();
}, 300_000);

afterAll(async () => {
  await t?.drop();
});

/** ST_IsValid of each WKT, in one statement */
async function postgisValid(wkts: string[]): Promise<boolean[]> {
  const res = await t.db.query<{ valid: boolean }>('SELECT ST_IsValid(ST_GeomFromText(w, 4326)) AS valid FROM unnest($1::text[]) WITH ORDINALITY AS u(w, i) ORDER BY i', [wkts]);
  return res.rows.map((r) => r.valid);
}

const gridPos = fc.tuple(fc.integer({ min: 0, max: 4 }), fc.integer({ min: 0, max: 4 })).map(([x, y]): Pos => [x, y]);
const decimalPos = fc.tuple(fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 0, max: 1000 })).map(([x, y]): Pos => [105 + x / 97, -8 + y / 89]);
const ringArb = (pos: fc.Arbitrary<Pos>, max: number) =>
  fc.array(pos, { minLength: 3, maxLength: max }).map((pts): Pos[] => [...pts, pts[0]!]);
/** at least three distinct points: fewer is refused by both for too few points, nothing to compare */
const enough = (ring: Pos[]): boolean => new Set(ring.map((p) => `${p[0]} ${p[1]}`)).size >= 3;

describe('our validity check against PostGIS ST_IsValid', () => {
  it('one ring: the same answer', async () => {
    const rings = fc.sample(fc.oneof(ringArb(gridPos, 11), ringArb(decimalPos, 11)), { numRuns: 3000, seed: 22 }).filter(enough);
    const ours = rings.map((r) => polygonProblem([[r]]) === undefined);
    const theirs = await postgisValid(rings.map((r) => toWkt({ type: 'Polygon', rings: [r] })));
    const disagree = rings.filter((_, i) => ours[i] !== theirs[i]).map((r) => toWkt({ type: 'Polygon', rings: [r] }));
    expect(disagree).toEqual([]);
    // both answers occur: the sample is not trivially one-sided
    expect(ours.filter(Boolean).length).toBeGreaterThan(200);
    expect(ours.filter((v) => !v).length).toBeGreaterThan(200);
  }, 120_000);

  it('polygons with holes and multipolygons: everything we accept, PostGIS calls valid', async () => {
    const small = (pos: fc.Arbitrary<Pos>) => ringArb(pos, 5);
    const polygonArb = fc.oneof(
      fc.tuple(small(gridPos), fc.array(small(gridPos), { maxLength: 2 })).map(([s, h]) => [s, ...h]),
      fc.tuple(small(decimalPos), fc.array(small(decimalPos), { maxLength: 2 })).map(([s, h]) => [s, ...h]),
    );
    const multiArb = fc.array(polygonArb, { minLength: 1, maxLength: 3 })
      .filter((ps) => ps.flat().length <= 4 && ps.flat().flat().length <= 12 + ps.flat().length && ps.every((p) => p.every(enough)));
    // the boxes and their nesting: shells around holes, parts apart, as clients send them
    const box = (x: number, y: number, s: number): Pos[] => [[x, y], [x + s, y], [x + s, y + s], [x, y + s], [x, y]];
    const boxesArb = fc.array(fc.tuple(fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 6 }), fc.integer({ min: 1, max: 6 })), { minLength: 1, maxLength: 3 })
      .chain((bs) => fc.constantFrom(
        [bs.map(([x, y, s]) => box(x, y, s))],
        bs.map(([x, y, s]) => [box(x, y, s)]),
      ));
    const samples = fc.sample(fc.oneof(multiArb, boxesArb), { numRuns: 2000, seed: 2022 });
    const ours = samples.map((ps) => polygonProblem(ps) === undefined);
    const theirs = await postgisValid(samples.map((ps) => toWkt({ type: 'MultiPolygon', polygons: ps })));
    const acceptedInvalid = samples.filter((_, i) => ours[i] && !theirs[i]).map((ps) => toWkt({ type: 'MultiPolygon', polygons: ps }));
    expect(acceptedInvalid).toEqual([]);
    const accepted = ours.filter(Boolean).length;
    const stricter = samples.filter((_, i) => !ours[i] && theirs[i]).length;
    // printed, not asserted: how often our stricter rule (rings never touch) refuses what PostGIS allows
    process.stdout.write(`multipolygons: ${accepted} accepted, ${stricter} of ${samples.length} refused though PostGIS calls them valid\n`);
    expect(accepted).toBeGreaterThan(100);
  }, 120_000);
});
