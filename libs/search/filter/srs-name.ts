import { invalid } from '../search-error';

/**
 * Axis order of the WGS84 names clients send. The EPSG URN/URL forms follow the EPSG
 * definition (latitude first) — that is what CITE, OWSLib and QGIS MetaSearch send; the short
 * `EPSG:4326`, the old GML URL, CRS84 and a missing srsName are longitude first, as our
 * specification says an envelope's corners are "x then y" (pycsw reads a missing srsName as
 * lat/lon; we do not). Anything else is refused: the catalogue does not reproject.
 */
export type AxisOrder = 'lonlat' | 'latlon';

const LAT_LON = [
  /^urn:x-ogc:def:crs:epsg:[0-9.]*:4326$/,
  /^urn:ogc:def:crs:epsg:[0-9.]*:4326$/,
  /^https?:\/\/www\.opengis\.net\/def\/crs\/epsg\/0\/4326$/,
];

const LON_LAT = [
  /^epsg:4326$/,
  /^urn:ogc:def:crs:ogc:(1\.3)?:crs84$/,
  /^https?:\/\/www\.opengis\.net\/def\/crs\/ogc\/1\.3\/crs84$/,
  /^https?:\/\/www\.opengis\.net\/gml\/srs\/epsg\.xml#4326$/,
  /^crs:84$/,
];

export function axisOrderFor(srsName: string | undefined): AxisOrder {
  const s = (srsName ?? '').trim().toLowerCase();
  if (s === '') return 'lonlat';
  if (LAT_LON.some((re) => re.test(s))) return 'latlon';
  if (LON_LAT.some((re) => re.test(s))) return 'lonlat';
  throw invalid('constraint', `srsName "${srsName}" tidak didukung: gunakan EPSG:4326 (URN/URL, urutan lintang,bujur) atau CRS84 (urutan bujur,lintang).`);
}
