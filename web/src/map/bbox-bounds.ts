/**
 * A geographic bounding box as the record stores it (ISO EX_GeographicBoundingBox) and as the
 * map draws it. West > East is not a typo: the box crosses the antimeridian (180°), e.g. the
 * Fiji EEZ from 177° E to 178° W is west 177, east -178. The map draws such a box east of
 * 180° (east + 360) so it covers the narrow strip across the date line, not the whole globe.
 */
export interface Bbox { west: number; east: number; south: number; north: number }

export const crossesAntimeridian = (b: Bbox): boolean => b.west > b.east;

/** [[south, west], [north, east]] for Leaflet; east moved past 180° when the box crosses it. */
export function mapCorners(b: Bbox): [[number, number], [number, number]] {
  return [[b.south, b.west], [b.north, crossesAntimeridian(b) ? b.east + 360 : b.east]];
}

/** A longitude the map reports (it may be beyond ±180 on a wrapped world) back in -180..180. */
export function wrapLongitude(lng: number): number {
  if (lng >= -180 && lng <= 180) return lng;
  const w = ((((lng + 180) % 360) + 360) % 360) - 180;
  return w === -180 && lng > 0 ? 180 : w;
}

/**
 * The box a drag on the map drew, as stored longitudes: a drag that crossed 180° comes back with
 * west > east; one wider than the world is the whole world.
 */
export function drawnBox(west: number, east: number, south: number, north: number): Bbox {
  const clampLat = (n: number): number => Math.max(-90, Math.min(90, n));
  if (east - west >= 360) return { west: -180, east: 180, south: clampLat(south), north: clampLat(north) };
  return { west: wrapLongitude(west), east: wrapLongitude(east), south: clampLat(south), north: clampLat(north) };
}
