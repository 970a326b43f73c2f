import { invalid } from '../search-error';

/**
 * DWithin / Beyond distances in degrees, because extents are lon/lat geometries and the
 * predicates are planar (ST_DWithin on geometry, SRID 4326). Metres and kilometres are
 * converted approximately at 111,320 m per degree (the length of a degree of longitude at the
 * equator; a degree of latitude is 110,574–111,694 m): good enough for "near this place"
 * discovery, not for surveying. A missing `units` means degrees, the unit of EPSG:4326.
 */
export const METRES_PER_DEGREE = 111_320;

const UNITS: Record<string, number> = {
  deg: 1,
  degree: 1,
  degrees: 1,
  'urn:ogc:def:uom:epsg::9102': 1,
  'http://www.opengis.net/def/uom/epsg/0/9102': 1,
  m: 1 / METRES_PER_DEGREE,
  meter: 1 / METRES_PER_DEGREE,
  meters: 1 / METRES_PER_DEGREE,
  metre: 1 / METRES_PER_DEGREE,
  metres: 1 / METRES_PER_DEGREE,
  'urn:ogc:def:uom:epsg::9001': 1 / METRES_PER_DEGREE,
  'http://www.opengis.net/def/uom/epsg/0/9001': 1 / METRES_PER_DEGREE,
  km: 1000 / METRES_PER_DEGREE,
  kilometer: 1000 / METRES_PER_DEGREE,
  kilometers: 1000 / METRES_PER_DEGREE,
  kilometre: 1000 / METRES_PER_DEGREE,
  kilometres: 1000 / METRES_PER_DEGREE,
  'urn:ogc:def:uom:epsg::9036': 1000 / METRES_PER_DEGREE,
  'http://www.opengis.net/def/uom/epsg/0/9036': 1000 / METRES_PER_DEGREE,
};

export function toDegrees(value: string, units: string | undefined): number {
  const v = value.trim();
  if (!/^[+]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(v)) {
    throw invalid('constraint', `Jarak "${v.slice(0, 40)}" harus berupa angka tidak negatif.`);
  }
  const factor = UNITS[(units ?? 'deg').trim().toLowerCase()];
  if (factor === undefined) {
    throw invalid('constraint', `Satuan jarak "${units}" tidak didukung (gunakan m, km atau deg).`);
  }
  return Number(v) * factor;
}
