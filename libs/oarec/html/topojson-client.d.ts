// topojson-client 3.1 ships no types; this project uses `feature` (TopoJSON object → GeoJSON) and
// `mesh` (the arcs shared by two geometries, each once, as a MultiLineString).
declare module 'topojson-client' {
  export function feature(topology: unknown, object: unknown): unknown;
  export function mesh(topology: unknown, object: unknown, filter?: (a: unknown, b: unknown) => boolean): unknown;
}
