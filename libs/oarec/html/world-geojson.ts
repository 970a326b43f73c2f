import { readFileSync } from 'node:fs';
import { feature, mesh } from 'topojson-client';

/**
 * The offline base map, from Natural Earth 1:110m (npm package world-atlas, TopoJSON), built once
 * per process and served through the static route with a long cache, so a map needs no tile
 * server and no internet. Kept small (about 130 KB, 50 KB gzipped; the countries as GeoJSON
 * were 431 KB): land as filled polygons and each country border once, as one line feature
 * (countries as polygons draw every border twice), coordinates rounded to 0.001° (~110 m,
 * far below a pixel at the zooms the pages use; the 1:110m source is itself coarser).
 */
type Position = [number, number];
type Coords = Position | Coords[];

const DECIMALS = 3;
const round = (x: number): number => Math.round(x * 10 ** DECIMALS) / 10 ** DECIMALS;

/** Rounds every position; a ring or line drops points that rounding made equal to the one before. */
function quantize(c: Coords): Coords {
  if (typeof c[0] === 'number') return [round(c[0]), round((c as Position)[1])];
  const out = (c as Coords[]).map(quantize);
  if (out.length > 0 && typeof out[0]![0] === 'number') {
    return (out as Position[]).filter((p, i, a) => i === 0 || p[0] !== a[i - 1]![0] || p[1] !== a[i - 1]![1]);
  }
  return out;
}

interface Geometry { type: string; coordinates: Coords }

export function worldGeoJson(): unknown {
  const read = (name: string) => JSON.parse(readFileSync(require.resolve(`world-atlas/${name}`), 'utf8'));
  const land = read('land-110m.json');
  const countries = read('countries-110m.json');
  const landFc = feature(land, land.objects.land) as unknown as { features: { geometry: Geometry }[] };
  // borders between two countries only: the coastline is the land polygons' outline
  const borders = mesh(countries, countries.objects.countries, (a, b) => a !== b) as unknown as Geometry;
  const f = (g: Geometry, kind: 'land' | 'border') => ({ type: 'Feature', properties: { kind }, geometry: { type: g.type, coordinates: quantize(g.coordinates) } });
  return { type: 'FeatureCollection', features: [...landFc.features.map((x) => f(x.geometry, 'land')), f(borders, 'border')] };
}
