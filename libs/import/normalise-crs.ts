/**
 * Coordinate reference system identifiers as they appear in metadata → `EPSG:NNNN`, and the axis
 * order rule for OWS bounding boxes.
 */

/**
 * `4326`, `EPSG:4326`, `urn:ogc:def:crs:EPSG::4326`, `urn:x-ogc:def:crs:EPSG:6.11:4326`,
 * `http://www.opengis.net/def/crs/EPSG/0/4326`, `http://www.opengis.net/gml/srs/epsg.xml#4326`,
 * `WGS 84 (EPSG:4326)` → `EPSG:4326`. OGC CRS84 is WGS 84 with longitude first: `EPSG:4326` too.
 * Anything else (a name without a code, another authority) → undefined.
 */
export function normaliseCrs(raw: string, codeSpace?: string): string | undefined {
  const v = raw.trim();
  if (/^\d{4,6}$/.test(v)) return !codeSpace || /epsg/i.test(codeSpace) ? `EPSG:${v}` : undefined;
  if (/(^|[:/])CRS:?84$/i.test(v)) return 'EPSG:4326';
  const at = v.search(/epsg/i);
  if (at < 0) return undefined;
  // the code is the last 4–6 digit number after "EPSG" (version numbers like 6.11 never have 4 digits)
  const codes = v.slice(at).match(/\d{4,6}/g);
  const code = codes?.[codes.length - 1];
  return code ? `EPSG:${code}` : undefined;
}

/**
 * Axis order of an ows:BoundingBox corner pair by its `crs`. The URN and http URI forms of
 * EPSG:4326 are latitude, longitude (what the CITE records and OWSLib use); CRS84, the short
 * `EPSG:4326` and a missing crs are longitude, latitude (the product specification: "x then y").
 * Any other CRS → undefined: its numbers are not WGS 84 degrees.
 */
export function owsAxisOrder(crs: string | undefined): 'latlon' | 'lonlat' | undefined {
  const v = crs?.trim() ?? '';
  if (v === '') return 'lonlat';
  if (/^urn:(x-)?ogc:def:crs:EPSG:[\d.]*:4326$/i.test(v)) return 'latlon';
  if (/^https?:\/\/www\.opengis\.net\/def\/crs\/EPSG\/0\/4326$/i.test(v)) return 'latlon';
  if (/^EPSG:4326$/i.test(v)) return 'lonlat';
  if (/^https?:\/\/www\.opengis\.net\/gml\/srs\/epsg\.xml#4326$/i.test(v)) return 'lonlat';
  if (/^urn:ogc:def:crs:OGC:[\d.]*:CRS84$/i.test(v)) return 'lonlat';
  if (/^https?:\/\/www\.opengis\.net\/def\/crs\/OGC\/[\d.]+\/CRS84$/i.test(v)) return 'lonlat';
  return undefined;
}
