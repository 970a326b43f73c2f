import { readFileSync } from 'node:fs';
import path from 'node:path';
import { projectRecord } from '../../libs/catalogue/search-projection';
import { validateMetadataDoc } from '../../libs/catalogue/validate-record';
import { compileFilter } from '../../libs/db/search-sql/compile-filter';
import { DOMAIN_LIMIT, ISO_QUERYABLES, resolveQueryable } from '../../libs/search/queryables';
import { domainSql } from '../../libs/db/search-sql/domain-sql';
import { QUERYABLE_SQL } from '../../libs/db/search-sql/queryable-sql';
import { importMetadataXml } from '../../libs/import';
import { SUITES_DIR } from './csw-test-support';

/**
 * apiso:ServiceType has its own home: MetadataDoc.serviceType (schema + type), the
 * `service_type` projection column, the queryable over it, and the import of srv:serviceType.
 */
describe('serviceType in the record model', () => {
  it('the schema accepts INSPIRE types and free text, refuses blank values', () => {
    for (const t of ['view', 'download', 'discovery', 'transformation', 'invoke', 'other', 'OGC:WMS', 'THREDDS OPeNDAP']) {
      const r = validateMetadataDoc({ title: 'Layanan', hierarchyLevel: 'service', serviceType: t });
      expect(r.ok).toBe(true);
    }
    for (const bad of ['', '   ', 'x'.repeat(201), 42]) {
      const r = validateMetadataDoc({ title: 'Layanan', serviceType: bad });
      expect(r.ok).toBe(false);
    }
  });

  it('projects to service_type (trimmed; none for datasets) and into AnyText', () => {
    const p = projectRecord({ title: 'Peta WMS', hierarchyLevel: 'service', serviceType: ' view ' }, 'svc-1');
    expect(p.service_type).toBe('view');
    expect(p.anytext.split(' ')).toContain('view');
    expect(projectRecord({ title: 'Peta', hierarchyLevel: 'dataset' }, 'ds-1').service_type).toBeNull();
  });
});

describe('apiso:ServiceType queryable', () => {
  it('resolves with or without prefix and reads the service_type column', () => {
    for (const name of ['apiso:ServiceType', 'ServiceType', 'servicetype', 'apiso:serviceType']) {
      const q = resolveQueryable(name);
      expect(q?.name).toBe('apiso:ServiceType');
      expect(q?.column).toBe('serviceType');
      expect(QUERYABLE_SQL[q!.column].sql).toBe('r.service_type');
      expect(q?.kind).toBe('text');
    }
    expect(ISO_QUERYABLES).toContain('apiso:ServiceType');
  });

  it('compiles LIKE and equality with the presence guard, values as parameters', () => {
    const params: unknown[] = [];
    const sql = compileFilter({ op: 'like', property: 'apiso:ServiceType', pattern: 'view', wildCard: '%', singleChar: '_', escapeChar: '\\', matchCase: true }, params);
    expect(sql).toBe("(r.service_type IS NOT NULL AND r.service_type LIKE $1 ESCAPE '\\')");
    expect(params).toEqual(['view']);
    const p2: unknown[] = [];
    expect(compileFilter({ op: 'compare', cmp: 'eq', property: 'ServiceType', value: 'VIEW', matchCase: false }, p2))
      .toBe('(r.service_type IS NOT NULL AND lower(r.service_type) = lower($1))');
    expect(p2).toEqual(['VIEW']);
  });

  it('has a GetDomain list (distinct service types of published records)', () => {
    const sql = domainSql(resolveQueryable('apiso:ServiceType')!, DOMAIN_LIMIT);
    expect(sql).toContain('SELECT DISTINCT r.service_type AS value');
    expect(sql).toContain("r.status = 'PUBLISHED'");
  });
});

describe('import of srv:serviceType', () => {
  const sample = (file: string) => importMetadataXml(readFileSync(path.join(SUITES_DIR, 'apiso/data', file), 'utf8')).doc;

  it('reads gco:LocalName (the apiso service record and the NOAA THREDDS record)', () => {
    expect(sample('3e9a8c05.xml').serviceType).toBe('view');
    // the first identificationInfo of that record is the dataset; its SV_ServiceIdentification is not read
    expect(sample('pacioos-NS06agg.xml').serviceType).toBeUndefined();
    expect(sample('test.xml').serviceType).toBeUndefined();
  });

  it('reads gco:ScopedName in ISO 19115-3 and 19139', () => {
    const gmd = `<gmd:MD_Metadata xmlns:gmd="http://www.isotc211.org/2005/gmd" xmlns:gco="http://www.isotc211.org/2005/gco" xmlns:srv="http://www.isotc211.org/2005/srv">
      <gmd:fileIdentifier><gco:CharacterString>svc-scoped</gco:CharacterString></gmd:fileIdentifier>
      <gmd:hierarchyLevel><gmd:MD_ScopeCode codeList="x" codeListValue="service">service</gmd:MD_ScopeCode></gmd:hierarchyLevel>
      <gmd:identificationInfo><srv:SV_ServiceIdentification>
        <gmd:citation><gmd:CI_Citation><gmd:title><gco:CharacterString>Unduh</gco:CharacterString></gmd:title></gmd:CI_Citation></gmd:citation>
        <gmd:abstract><gco:CharacterString>a</gco:CharacterString></gmd:abstract>
        <srv:serviceType><gco:ScopedName> download </gco:ScopedName></srv:serviceType>
      </srv:SV_ServiceIdentification></gmd:identificationInfo></gmd:MD_Metadata>`;
    expect(importMetadataXml(gmd).doc).toMatchObject({ hierarchyLevel: 'service', serviceType: 'download' });
  });
});
