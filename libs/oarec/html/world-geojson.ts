import { readFileSync } from 'node:fs';
import { feature } from 'topojson-client';

/**
 * The offline base map: Natural Earth 1:110m country outlines from the npm package world-atlas
 * (TopoJSON), converted to one GeoJSON FeatureCollection with topojson-client. About 800 KB of
 * GeoJSON built once per process; the browser gets it through the static route with a long
 * cache, so a map needs no tile server and no internet.
 */
export function worldGeoJson(): unknown {
  const topo = JSON.parse(readFileSync(require.resolve('world-atlas/countries-110m.json'), 'utf8'));
  // properties kept small: the map shows outlines only
  const fc = feature(topo, topo.objects.countries) as unknown as { type: string; features: { type: string; geometry: unknown }[] };
  return { type: 'FeatureCollection', features: fc.features.map((f) => ({ type: 'Feature', properties: {}, geometry: f.geometry })) };
}
