import * as fs from 'fs';
import * as path from 'path';
import fc from 'fast-check';
import { unionBoxes } from '../../libs/import/bbox';
import { ImportMappingError, importMetadataXml } from '../../libs/import';
import { normaliseCode } from '../../libs/import/normalise-code';
import { normaliseCrs, owsAxisOrder } from '../../libs/import/normalise-crs';
import { normaliseLanguage } from '../../libs/import/normalise-language';
import { normaliseProtocol } from '../../libs/import/normalise-protocol';
import { normaliseDate, normaliseUrl } from '../../libs/import/values';
import { XmlInputError } from '../../libs/xml/safe-parse';
import { CSW_SUITES_DIR } from '../helpers/test-data';

describe('language normalisation → ISO 639-2/T', () => {
  it.each([
    ['en', 'eng'], ['id', 'ind'], ['in', 'ind'], ['fr', 'fra'], ['de', 'deu'], ['eng', 'eng'], ['fre', 'fra'], ['ger', 'deu'],
    ['dut', 'nld'], ['chi', 'zho'], ['may', 'msa'], ['en-US', 'eng'], ['en_GB', 'eng'], ['eng; USA', 'eng'], ['English', 'eng'],
    ['Bahasa Indonesia', 'ind'], ['Indonesian', 'ind'], ['français', 'fra'], ['IND', 'ind'],
  ])('%s → %s', (raw, code) => {
    expect(normaliseLanguage(raw)).toBe(code);
  });

  it('leaves what it cannot recognise undefined', () => {
    expect(normaliseLanguage('klingon')).toBeUndefined();
    expect(normaliseLanguage('')).toBeUndefined();
  });
});

describe('protocol normalisation → PROTOKOL_DISTRIBUSI (our codes, including the long legacy ones, are kept as they are)', () => {
  it.each([
    ['OGC:WMS-1.1.1-http-get-map', 'OGC:WMS-1.1.1-http-get-map'], ['WWW:LINK-1.0-http--link', 'WWW:LINK-1.0-http--link'],
    ['OGC:WMS-1.1.0-http-get-map', 'OGC:WMS'], ['OGC:WFS-2.0.0-http-get-feature', 'OGC:WFS'], ['ogc:wms', 'OGC:WMS'],
    ['OGC:WMS-http-get-map', 'OGC:WMS'], ['WWW:LINK-2.0-http--link', 'WWW:LINK'], ['www:download-1.0-http--download', 'WWW:DOWNLOAD-1.0-http--download'],
    ['http', 'WWW:LINK'], ['HTTPS', 'WWW:LINK'], ['ESRI:REST', 'ESRI:REST'], ['OGC:API-Features', 'OGC:API-Features'], ['OGC:WMTS', 'OGC:WMTS'],
  ])('%s → %s', (raw, code) => {
    expect(normaliseProtocol(raw)).toBe(code);
  });

  it('does not guess', () => {
    expect(normaliseProtocol('image/png')).toBeUndefined();
    expect(normaliseProtocol('GLG:KML-2.0-http-get-map')).toBeUndefined();
  });
});

describe('code-list normalisation', () => {
  it('accepts other spellings of the same code and refuses the rest', () => {
    expect(normaliseCode('LEVEL_HIERARKI', 'Dataset')).toBe('dataset');
    expect(normaliseCode('PERAN_KONTAK', 'point of contact')).toBe('pointOfContact');
    expect(normaliseCode('JENIS_KATAKUNCI', 'dataCenter')).toBe('dataCentre');
    expect(normaliseCode('DQ_ELEMEN', 'DQ_NonQuantitativeAttributeAccuracy')).toBe('DQ_NonQuantitativeAttributeCorrectness');
    expect(normaliseCode('LEVEL_HIERARKI', 'http://x/codelists.xml#MD_ScopeCode_series')).toBeUndefined();
    expect(normaliseCode('LEVEL_HIERARKI', 'http://x/codelists.xml#series')).toBe('series');
    expect(normaliseCode('PERAN_KONTAK', 'boss')).toBeUndefined();
  });
});

describe('reference systems and OWS axis order', () => {
  it.each([
    ['4326', 'EPSG:4326'], ['EPSG:4326', 'EPSG:4326'], ['epsg:23830', 'EPSG:23830'], ['urn:ogc:def:crs:EPSG::4326', 'EPSG:4326'],
    ['urn:ogc:def:crs:EPSG:6.6:32749', 'EPSG:32749'], ['urn:x-ogc:def:crs:EPSG:6.11:4326', 'EPSG:4326'],
    ['http://www.opengis.net/def/crs/EPSG/0/4326', 'EPSG:4326'], ['http://www.opengis.net/gml/srs/epsg.xml#4326', 'EPSG:4326'],
    ['WGS 84 (EPSG:4326)', 'EPSG:4326'], ['urn:ogc:def:crs:OGC:1.3:CRS84', 'EPSG:4326'],
  ])('%s → %s', (raw, code) => {
    expect(normaliseCrs(raw)).toBe(code);
  });

  it('gives up on names and other authorities', () => {
    expect(normaliseCrs('WGS 84')).toBeUndefined();
    expect(normaliseCrs('4326', 'ESRI')).toBeUndefined();
    expect(normaliseCrs('IGNF:LAMB93')).toBeUndefined();
  });

  it.each([
    ['urn:x-ogc:def:crs:EPSG:6.11:4326', 'latlon'], ['urn:ogc:def:crs:EPSG::4326', 'latlon'], ['http://www.opengis.net/def/crs/EPSG/0/4326', 'latlon'],
    ['EPSG:4326', 'lonlat'], ['urn:ogc:def:crs:OGC:1.3:CRS84', 'lonlat'], [undefined, 'lonlat'], ['', 'lonlat'], ['EPSG:3857', undefined],
  ])('crs %s is %s', (crs, order) => {
    expect(owsAxisOrder(crs)).toBe(order);
  });
});

describe('dates and URLs', () => {
  it.each([
    ['2020', '2020'], ['2020-05', '2020-05'], ['2020-05-17', '2020-05-17'], ['2020-05-17Z', '2020-05-17'],
    ['2020-05-17T10:20:30Z', '2020-05-17T10:20:30Z'], ['2020-05-17T10:20Z', '2020-05-17T10:20:00Z'], ['2020-05-17T10:20:30.5+0700', '2020-05-17T10:20:30.5+07:00'],
    ['2020-05-17T10:20:30', '2020-05-17'], ['17/05/2020', undefined], ['2020-13-01', undefined], ['', undefined],
  ])('date %s → %s', (raw, out) => {
    expect(normaliseDate(raw)).toBe(out);
  });

  it('keeps http(s)/ftp URLs, escapes stray spaces, refuses the rest', () => {
    expect(normaliseUrl('https://x.id/a?b=1&c=2')).toBe('https://x.id/a?b=1&c=2');
    expect(normaliseUrl('http://x.id/peta dasar.pdf')).toBe('http://x.id/peta%20dasar.pdf');
    expect(normaliseUrl('ftp://x.id/f.zip')).toBe('ftp://x.id/f.zip');
    expect(normaliseUrl('mailto:a@b.id')).toBeUndefined();
    expect(normaliseUrl('file.pdf')).toBeUndefined();
    expect(normaliseUrl('javascript:alert(1)')).toBeUndefined();
  });
});

describe('union of boxes', () => {
  const b = (west: number, east: number, south = 0, north = 1) => ({ west, east, south, north });
  it('is min/max without crossings', () => {
    expect(unionBoxes([b(10, 20, -5, 5), b(-30, 0, 0, 40)])).toEqual(b(-30, 20, -5, 40));
  });
  it('keeps a single crossing box as it is', () => {
    expect(unionBoxes([b(170, -170)])).toEqual(b(170, -170));
  });
  it('covers crossing boxes by the smallest arc', () => {
    expect(unionBoxes([b(170, -170), b(-175, -160)])).toEqual(b(170, -160));
    expect(unionBoxes([b(170, -170), b(100, 120)])).toEqual(b(100, -170));
    expect(unionBoxes([b(170, -170), b(-100, 160)])).toEqual(b(-100, -170));
    expect(unionBoxes([b(170, -170), b(-175, 175)])).toEqual(b(-180, 180));
  });
  it('is empty for no boxes', () => {
    expect(unionBoxes([])).toBeUndefined();
  });
});

describe('robustness', () => {
  const sample = fs.readFileSync(path.join(CSW_SUITES_DIR, 'iso19115p3/data/metawal.wallonie.be-catchments.xml'), 'utf8');
  const expectedFailure = (e: unknown): boolean => e instanceof XmlInputError || e instanceof ImportMappingError;

  it('any string either imports or fails with XmlInputError / ImportMappingError', () => {
    fc.assert(fc.property(fc.string({ maxLength: 300 }), (s) => {
      try {
        importMetadataXml(s);
      } catch (e) {
        if (!expectedFailure(e)) throw e;
      }
    }), { numRuns: 300 });
  });

  it('a real record with a random slice cut out never crashes the mapper', () => {
    fc.assert(fc.property(fc.nat(sample.length - 1), fc.nat(400), (start, len) => {
      try {
        importMetadataXml(sample.slice(0, start) + sample.slice(start + len));
      } catch (e) {
        if (!expectedFailure(e)) throw e;
      }
    }), { numRuns: 200 });
  });
});
