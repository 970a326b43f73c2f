import { invalid } from '../../search/search-error';
import type { SpatialOp } from '../../search/filter/filter-ast';
import type { SqlQueryable as Queryable } from './queryable-sql';
import { bind } from './sql-params';

/**
 * Spatial predicates over the record extent (geometry(MultiPolygon, 4326), lon/lat, planar).
 * The record extent is always the first argument, so Within means "the record lies within
 * the filter geometry" and Contains "the record contains it", as OGC defines them.
 *
 * A record without an extent matches no spatial predicate except Disjoint: an absent
 * footprint shares no point with anything. Every predicate is NULL-free (`extent IS NOT
 * NULL AND …`), so `Not(BBOX)` is the exact complement of `BBOX` and includes records
 * without an extent, as the CITE answers expect.
 */
const ST_FUNCTION: Partial<Record<SpatialOp, string>> = {
  within: 'ST_Within',
  contains: 'ST_Contains',
  equals: 'ST_Equals',
  overlaps: 'ST_Overlaps',
  touches: 'ST_Touches',
  crosses: 'ST_Crosses',
};

// WKT built by our parsers; anything else is refused before PostGIS would fail on it
const WKT = /^\s*(POINT|LINESTRING|POLYGON|MULTIPOLYGON|MULTILINESTRING)\s*\([-+0-9.eE,()\s]*\)\s*$/i;

/**
 * The filter geometry as a typed constant: `$n::geometry` with the value `SRID=4326;<wkt>`, read
 * by PostGIS's input function when the statement is bound. (`ST_GeomFromText($n, 4326)` is a
 * function call the planner folds into a constant on every plan; as a typed value the
 * same plan costs less: 1.1 instead of 1.5 ms of PostgreSQL CPU per BBOX page at 10,000
 * records, measured with named statements.)
 *
 * The geometry goes to the predicate as the client sent it, never through a repairing function
 * such as ST_MakeValid: GEOS's work on an invalid polygon grows with its self-intersections
 * without bound and does not notice statement_timeout — a 1,000-vertex random ring ran for
 * seconds to minutes and, when the timeout fired inside GEOS, crashed the backend and with it
 * the whole PostgreSQL server (issue 22). Every polygon a parser builds is therefore checked
 * valid in the process first (geometry.ts checkGeometry → polygon-validity.ts) and an invalid
 * one refused; boxes are valid by construction (envelopeGeometry).
 */
const filterGeometrySql = (placeholder: string): string => `${placeholder}::geometry`;

export function compileSpatial(
  q: Queryable,
  op: SpatialOp,
  geometryWkt: string,
  distanceDegrees: number | undefined,
  params: unknown[],
): string {
  if (q.kind !== 'geometry') throw invalid('constraint', `Operator spasial hanya berlaku untuk properti geometri (ows:BoundingBox), bukan ${q.name}.`);
  if (!WKT.test(geometryWkt)) throw invalid('constraint', 'Geometri filter tidak valid.');
  const col = q.sql;
  const g = filterGeometrySql(bind(params, `SRID=4326;${geometryWkt.trim()}`));
  const distance = (): string => {
    if (distanceDegrees === undefined || !Number.isFinite(distanceDegrees) || distanceDegrees < 0) {
      throw invalid('constraint', 'DWithin dan Beyond memerlukan jarak tidak negatif.');
    }
    return `${bind(params, distanceDegrees)}::float8`;
  };
  switch (op) {
    case 'bbox':
    case 'intersects':
      // ST_Intersects alone: PostGIS ≥ 3 (server and PGlite) gives it index support itself. An
      // extra `&&` is counted twice by the planner's selectivity estimate (20 rows expected,
      // 1,899 found for Indonesia at 100,000 records), which made it sort every match instead
      // of walking the id index to the first page: 8.8 ms instead of 0.4 ms per page.
      return `(${col} IS NOT NULL AND ST_Intersects(${col}, ${g}))`;
    case 'disjoint':
      return `(${col} IS NULL OR ST_Disjoint(${col}, ${g}))`;
    case 'dwithin':
      return `(${col} IS NOT NULL AND ST_DWithin(${col}, ${g}, ${distance()}))`;
    case 'beyond':
      return `(${col} IS NOT NULL AND NOT ST_DWithin(${col}, ${g}, ${distance()}))`;
    default: {
      const fn = ST_FUNCTION[op];
      if (!fn) throw invalid('constraint', `Operator spasial "${String(op)}" tidak dikenal.`);
      return `(${col} IS NOT NULL AND ${fn}(${col}, ${g}))`;
    }
  }
}
