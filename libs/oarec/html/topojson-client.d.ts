// topojson-client 3.1 ships no types; this project uses only `feature` (TopoJSON object → GeoJSON).
declare module 'topojson-client' {
  export function feature(topology: unknown, object: unknown): unknown;
}
