import { recordJsonLd } from '../../libs/oarec/html/record-jsonld';
import { recordBbox } from '../../libs/oarec/html/record-geometry';
import { recordPage } from '../../libs/oarec/html/record.page';
import { ANTIMERIDIAN, FULL, NO_EXTENT, SERVICE } from '../helpers/sample-records';
import { oarecRecordOf } from '../helpers/oarec-record-fixture';

const BASE = 'https://katalog.contoh.go.id';
const OPTS = { baseUrl: BASE, catalogueName: 'Katalog Uji' };

describe('schema.org Dataset of a record page', () => {
  it('carries every field the standard recommends, from the record', () => {
    const ld = recordJsonLd(oarecRecordOf(FULL, BASE), OPTS);
    expect(ld).toMatchObject({
      '@context': 'https://schema.org/',
      '@type': 'Dataset',
      name: FULL.title,
      description: FULL.abstract,
      identifier: 'rec-full',
      url: `${BASE}/collections/metadata/items/rec-full`,
      keywords: ['topografi', 'hidrografi', 'Bogor', 'Jawa Barat', '2020'],
      inLanguage: 'id',
      // GeoShape box: "south west north east"
      spatialCoverage: { '@type': 'Place', geo: { '@type': 'GeoShape', box: '-6.75 106.5 -6.5 107' } },
      temporalCoverage: '2019-01-01/2019-12-31',
      creator: [{ '@type': 'Organization', name: 'Pusat Pemetaan Rupabumi dan Toponim' }],
      publisher: { '@type': 'Organization', name: 'Badan Informasi Geospasial', email: 'info@big.go.id' },
      license: 'https://spdx.org/licenses/CC-BY-4.0',
      dateModified: FULL.updatedAt,
      thumbnailUrl: FULL.thumbnailUrl,
      includedInDataCatalog: { '@type': 'DataCatalog', name: 'Katalog Uji', url: `${BASE}/collections/metadata` },
    });
    expect(ld.distribution).toEqual([
      { '@type': 'DataDownload', contentUrl: FULL.distributions?.[0]?.url, encodingFormat: 'OGC:WMS', name: 'RBI25K_Bogor' },
      { '@type': 'DataDownload', contentUrl: FULL.distributions?.[1]?.url, encodingFormat: 'WWW:DOWNLOAD-1.0-http--download', name: 'rbi25k-bogor.zip' },
    ]);
    // the ISO renders and the record's own links are not distributions
    expect(JSON.stringify(ld.distribution)).not.toContain('iso19139');
  });

  it('an antimeridian extent keeps west > east; a record without extent or time has neither', () => {
    const am = oarecRecordOf(ANTIMERIDIAN, BASE);
    expect(am.geometry?.type).toBe('MultiPolygon');
    expect(recordBbox(am)).toEqual([170.25, -20, -170.5, -10.125]);
    expect(recordJsonLd(am, OPTS).spatialCoverage).toEqual({ '@type': 'Place', geo: { '@type': 'GeoShape', box: '-20 170.25 -10.125 -170.5' } });
    const none = recordJsonLd(oarecRecordOf(NO_EXTENT, BASE), OPTS);
    expect(none.spatialCoverage).toBeUndefined();
    expect(none.temporalCoverage).toBeUndefined();
  });

  it('an open-ended interval is written with ..; a record without abstract is described by its title', () => {
    const rec = oarecRecordOf({ ...SERVICE, abstract: undefined, extent: { temporal: { start: '2020-01-01' } } }, BASE);
    const ld = recordJsonLd(rec, OPTS);
    expect(ld.temporalCoverage).toBe('2020-01-01/..');
    expect(ld.description).toBe(SERVICE.title);
    expect(ld.publisher).toEqual({ '@type': 'Organization', name: 'Kementerian Dalam Negeri', email: 'data@kemendagri.go.id' });
  });

  it('the page shows what the JSON-LD says: title, identifier, keywords, contacts, links, ISO XML', () => {
    const page = recordPage(oarecRecordOf(FULL, BASE), OPTS);
    expect(page).toMatch(/^<!DOCTYPE html>\n<html lang="id">/);
    for (const text of [FULL.title, 'rec-full', 'topografi', 'Siti Rahmawati', 'Badan Informasi Geospasial', 'ppr@big.go.id',
      'Kepala Pusat Pemetaan Rupabumi', 'Narahubung', 'Batas wilayah', 'GeoPackage', 'CC-BY-4.0', 'Tidak untuk navigasi.',
      'Dihasilkan dari foto udara', '1 Januari 2019', '31 Desember 2019', 'barat 106.5°']) {
      expect(page).toContain(text);
    }
    expect(page).toContain(`href="${BASE}/collections/metadata/items/rec-full?f=iso19139"`);
    expect(page).toContain(`href="${BASE}/collections/metadata/items/rec-full?f=iso19115-3"`);
    // a thumbnail on another host is a link (the CSP allows images from this server only)
    expect(page).toContain('<a href="https://tanahair.indonesia.go.id/thumb/rbi25k-bogor.png">Lihat gambar pratinjau</a>');
    expect(page).not.toContain('<img src="https://tanahair');
    const own = oarecRecordOf({ ...FULL, thumbnailUrl: `${BASE}/api/metadata/rec-full/thumbnail` }, BASE);
    expect(recordPage(own, OPTS)).toContain(`<img src="${BASE}/api/metadata/rec-full/thumbnail" alt="Pratinjau`);
    expect(page).toContain('data-bbox="106.5,-6.75,107,-6.5"');
    // autodiscovery
    expect(page).toContain('<link rel="http://www.opengis.net/def/rel/ogc/1.0/ogc-catalog" type="application/json" href="https://katalog.contoh.go.id/collections/metadata"');
    expect(page).toContain('<link rel="service-desc" type="application/vnd.oai.openapi+json;version=3.0"');
    expect(page).toContain('<link rel="alternate" type="application/geo+json"');
    // no inline script or style: the only script elements are the module file and the JSON-LD data block
    expect(page).not.toMatch(/<style|\sstyle=|\son[a-z]+=/i);
    const scripts = page.match(/<script[^>]*>/g) ?? [];
    expect(scripts).toEqual([expect.stringMatching(/^<script type="module" src="\/static\/[0-9a-f]{12}\/pages\.js">$/), '<script type="application/ld+json">']);
  });
});
