import { DOMParser, type Document, type Element } from '@xmldom/xmldom';
import * as xpath from 'xpath';
import { RENDER_FORMATS } from '../../libs/render/formats';
import { createRenderer, type Renderer, type RenderSet } from '../../libs/render';
import { NS, mdbNamespaces } from '../../libs/render/xml-namespaces';
import { ANTIMERIDIAN, DUBLIN_CORE_IMPORT, FULL, MINIMAL, SAMPLE_RECORDS, SERVICE, SPECIAL_CHARS, sampleRecord } from '../helpers/sample-records';

/**
 * What each JSON field becomes in ISO 19115-3 (both namespace sets) and in Dublin Core, the
 * element sets (brief ⊂ summary ⊂ full), and that rendering is deterministic.
 */
const M18 = mdbNamespaces(2018);
const M16 = mdbNamespaces(2016);
const DC_NS = { csw: NS.csw, dc: NS.dc, dct: NS.dct, ows: NS.ows };

const parse = (xml: string): Document =>
  new DOMParser({ onError: (level: string, msg: string) => { throw new Error(`${level}: ${msg}`); } }).parseFromString(xml, 'text/xml');
function query(ns: Record<string, string>) {
  const select = xpath.useNamespaces(ns);
  const texts = (xml: string, expr: string): string[] => (select(expr, parse(xml) as unknown as Node) as Node[]).map((n) => n.nodeValue ?? n.textContent ?? '');
  return { texts, text: (xml: string, expr: string): string | undefined => texts(xml, expr)[0] };
}
const mdb = query(M18);
const mdb16 = query(M16);
const dc = query(DC_NS);

let renderer: Renderer;
let full: RenderSet;
beforeAll(async () => {
  renderer = await createRenderer();
  full = renderer.renderAll(FULL);
}, 300_000);

const ID = '/mdb:MD_Metadata/mdb:identificationInfo/mri:MD_DataIdentification';

describe('ISO 19115-3, 2018 set', () => {
  it('identifier, scope, contact roles, date stamp, locale', () => {
    const x = full.mdb2018;
    expect(mdb.text(x, '/mdb:MD_Metadata/mdb:metadataIdentifier/mcc:MD_Identifier/mcc:code/gco:CharacterString')).toBe('rec-full');
    expect(mdb.text(x, '/mdb:MD_Metadata/mdb:metadataScope/mdb:MD_MetadataScope/mdb:resourceScope/mcc:MD_ScopeCode/@codeListValue')).toBe('dataset');
    expect(mdb.text(x, '/mdb:MD_Metadata/mdb:metadataScope/mdb:MD_MetadataScope/mdb:name/gco:CharacterString')).toBe(FULL.resourceType);
    expect(mdb.text(x, '/mdb:MD_Metadata/mdb:dateInfo/cit:CI_Date/cit:date/gco:DateTime')).toBe('2024-03-01T09:30:15Z');
    expect(mdb.text(x, '/mdb:MD_Metadata/mdb:defaultLocale/lan:PT_Locale/lan:language/lan:LanguageCode/@codeListValue')).toBe('ind');
    expect(mdb.texts(x, `${ID}/mri:pointOfContact/cit:CI_Responsibility/cit:role/cit:CI_RoleCode/@codeListValue`))
      .toEqual(['pointOfContact', 'originator', 'publisher', 'custodian']);
    const org = `${ID}/mri:pointOfContact[1]/cit:CI_Responsibility/cit:party/cit:CI_Organisation`;
    expect(mdb.text(x, `${org}/cit:name/gco:CharacterString`)).toBe('Badan Informasi Geospasial');
    expect(mdb.text(x, `${org}/cit:individual/cit:CI_Individual/cit:name/gco:CharacterString`)).toBe('Siti Rahmawati');
    expect(mdb.text(x, `${org}/cit:contactInfo/cit:CI_Contact/cit:address/cit:CI_Address/cit:electronicMailAddress/gco:CharacterString`)).toBe('ppr@big.go.id');
  });

  it('title, abstract, keywords, topics, codes, constraints, extent, temporal extent', () => {
    const x = full.mdb2018;
    expect(mdb.text(x, `${ID}/mri:citation/cit:CI_Citation/cit:title/gco:CharacterString`)).toBe(FULL.title);
    expect(mdb.text(x, `${ID}/mri:abstract/gco:CharacterString`)).toBe(FULL.abstract);
    expect(mdb.texts(x, `${ID}/mri:descriptiveKeywords/mri:MD_Keywords/mri:keyword/gco:CharacterString`))
      .toEqual(['topografi', 'hidrografi', 'Bogor', 'Jawa Barat', '2020']);
    expect(mdb.text(x, `${ID}/mri:descriptiveKeywords[1]/mri:MD_Keywords/mri:thesaurusName/cit:CI_Citation/cit:title/gco:CharacterString`)).toBe('GEMET');
    expect(mdb.texts(x, `${ID}/mri:topicCategory/mri:MD_TopicCategoryCode`)).toEqual(FULL.topicCategories);
    expect(mdb.text(x, `${ID}/mri:status/mcc:MD_ProgressCode/@codeList`)).toBe('https://standards.iso.org/iso/19115/resources/Codelists/cat/codelists.xml#MD_ProgressCode');
    expect(mdb.text(x, `${ID}/mri:resourceConstraints/mco:MD_LegalConstraints/mco:otherConstraints/gco:CharacterString`)).toBe('CC BY 4.0');
    expect(mdb.text(x, `${ID}/mri:resourceConstraints/mco:MD_SecurityConstraints/mco:classification/mco:MD_ClassificationCode/@codeListValue`)).toBe('unclassified');
    const bb = `${ID}/mri:extent/gex:EX_Extent/gex:geographicElement/gex:EX_GeographicBoundingBox`;
    expect(['westBoundLongitude', 'eastBoundLongitude', 'southBoundLatitude', 'northBoundLatitude'].map((e) => mdb.text(x, `${bb}/gex:${e}/gco:Decimal`)))
      .toEqual(['106.5', '107', '-6.75', '-6.5']);
    const tp = `${ID}/mri:extent/gex:EX_Extent/gex:temporalElement/gex:EX_TemporalExtent/gex:extent/gml:TimePeriod`;
    expect([mdb.text(x, `${tp}/gml:beginPosition`), mdb.text(x, `${tp}/gml:endPosition`)]).toEqual(['2019-01-01', '2019-12-31']);
    // a relation names no resource: its identifier is the citation's identifier, and no title is invented
    const related = `${ID}/mri:associatedResource/mri:MD_AssociatedResource/mri:name/cit:CI_Citation`;
    expect(mdb.texts(x, `${related}/cit:identifier/mcc:MD_Identifier/mcc:code/gco:CharacterString`)).toEqual(FULL.relations);
    expect(mdb.texts(x, `${related}/cit:title/gco:CharacterString`)).toEqual([]);
  });

  it('distributions, formats, data quality (ISO 19157) and lineage', () => {
    const x = full.mdb2018;
    const d = '/mdb:MD_Metadata/mdb:distributionInfo/mrd:MD_Distribution';
    expect(mdb.texts(x, `${d}/mrd:distributionFormat/mrd:MD_Format/mrd:formatSpecificationCitation/cit:CI_Citation/cit:title/gco:CharacterString`)).toEqual(FULL.formats);
    const res = `${d}/mrd:transferOptions/mrd:MD_DigitalTransferOptions/mrd:onLine/cit:CI_OnlineResource`;
    expect(mdb.texts(x, `${res}/cit:linkage/gco:CharacterString`)).toEqual(FULL.distributions!.map((v) => v.url));
    expect(mdb.texts(x, `${res}/cit:protocol/gco:CharacterString`)).toEqual(['OGC:WMS', 'WWW:DOWNLOAD-1.0-http--download']);
    const dq = '/mdb:MD_Metadata/mdb:dataQualityInfo/mdq:DQ_DataQuality';
    expect(mdb.texts(x, `${dq}/mdq:report/*/mdq:result/mdq:DQ_ConformanceResult/mdq:pass/gco:Boolean`)).toEqual(['true', 'false']);
    expect(mdb.text(x, `${dq}/mdq:report[1]/mdq:DQ_CompletenessOmission/mdq:evaluationMethod/mdq:DQ_EvaluationMethod/mdq:evaluationMethodType/mdq:DQ_EvaluationMethodTypeCode/@codeListValue`)).toBe('directInternal');
    expect(mdb.text(x, '/mdb:MD_Metadata/mdb:resourceLineage/mrl:LI_Lineage/mrl:statement/gco:CharacterString')).toBe(FULL.lineage);
    expect(mdb.texts(x, '/mdb:MD_Metadata/mdb:resourceLineage/mrl:LI_Lineage/mrl:source/mrl:LI_Source/mrl:description/gco:CharacterString')).toEqual(FULL.sources);
  });

  it('a service is srv:SV_ServiceIdentification with the record’s service type, else one derived from its protocol', () => {
    const derived = renderer.render(SERVICE, 'mdb2018');
    const svc = '/mdb:MD_Metadata/mdb:identificationInfo/srv:SV_ServiceIdentification';
    expect(mdb.text(derived, `${svc}/srv:serviceType/gco:ScopedName`)).toBe('view');
    expect(mdb.texts(derived, `${svc}/mri:topicCategory/mri:MD_TopicCategoryCode`)).toEqual(['boundaries']);
    const typed = renderer.render(sampleRecord('rec-svc', { ...SERVICE, serviceType: ' download ' }), 'mdb2018');
    expect(mdb.text(typed, `${svc}/srv:serviceType/gco:ScopedName`)).toBe('download');
  });

  it('19157-only data-quality elements are restored from the 19139 nameOfMeasure', () => {
    const x = renderer.render(sampleRecord('rec-dq', { title: 'DQ', dataQuality: [{ element: 'DQ_UsabilityElement', pass: true }, { element: 'DQ_NonQuantitativeAttributeAccuracy' }] }), 'mdb2018');
    expect(mdb.texts(x, '/mdb:MD_Metadata/mdb:dataQualityInfo/mdq:DQ_DataQuality/mdq:report/*').length).toBe(2);
    expect(mdb.texts(x, '//mdq:report/mdq:DQ_UsabilityElement/mdq:result/mdq:DQ_ConformanceResult/mdq:pass/gco:Boolean')).toEqual(['true']);
    expect(mdb.texts(x, '//mdq:report/mdq:DQ_NonQuantitativeAttributeCorrectness').length).toBe(1);
    expect(x).not.toContain('nameOfMeasure');
  });
});

describe('ISO 19115-3 namespace sets', () => {
  const declarations = (xml: string): Record<string, string> => {
    const root = parse(xml).documentElement as Element;
    const out: Record<string, string> = {};
    for (let i = 0; i < root.attributes.length; i++) {
      const a = root.attributes.item(i)!;
      if (a.name.startsWith('xmlns:')) out[a.name.slice(6)] = a.value;
    }
    return out;
  };

  it('every namespace of the set is declared on the root, and nowhere else', () => {
    for (const [set, ns] of [['mdb2018', M18], ['mdb2016', M16]] as const) {
      const decl = declarations(full[set]);
      for (const [prefix, uri] of Object.entries(ns)) expect([prefix, decl[prefix]]).toEqual([prefix, uri]);
      expect(full[set].indexOf('xmlns', full[set].indexOf('>'))).toBe(-1);
    }
  });

  it('2016: mdb, cit, mrl … at 1.0, srv stays 2.0; the content is the 2018 content', () => {
    const decl = declarations(full.mdb2016);
    expect(decl.mdb).toBe('http://standards.iso.org/iso/19115/-3/mdb/1.0');
    expect(decl.cit).toBe('http://standards.iso.org/iso/19115/-3/cit/1.0');
    expect(decl.srv).toBe('http://standards.iso.org/iso/19115/-3/srv/2.0');
    expect(mdb16.text(full.mdb2016, `${ID}/mri:citation/cit:CI_Citation/cit:title/gco:CharacterString`)).toBe(FULL.title);
    const body = (x: string): string => x.slice(x.indexOf('>'));
    expect(body(full.mdb2016)).toBe(body(full.mdb2018));
  });
});

describe('Dublin Core', () => {
  it('csw:Record carries every DC element the record yields', () => {
    const x = full['dc-full'];
    expect(dc.text(x, '/csw:Record/dc:identifier')).toBe('rec-full');
    expect(dc.text(x, '/csw:Record/dc:title')).toBe(FULL.title);
    expect(dc.text(x, '/csw:Record/dc:type')).toBe(FULL.resourceType);
    expect(dc.texts(x, '/csw:Record/dc:subject[not(@scheme)]')).toEqual(['topografi', 'hidrografi', 'Bogor', 'Jawa Barat', '2020']);
    expect(dc.texts(x, '/csw:Record/dc:subject[@scheme]')).toEqual(FULL.topicCategories);
    expect(dc.texts(x, '/csw:Record/dc:format')).toEqual(FULL.formats);
    expect(dc.texts(x, '/csw:Record/dc:relation')).toEqual(FULL.relations);
    expect(dc.text(x, '/csw:Record/dct:modified')).toBe('2024-03-01T09:30:15Z');
    expect(dc.text(x, '/csw:Record/dct:abstract')).toBe(FULL.abstract);
    expect(dc.texts(x, '/csw:Record/dct:spatial')).toEqual(FULL.spatialCoverage);
    expect(dc.texts(x, '/csw:Record/dc:creator')).toEqual(['Pusat Pemetaan Rupabumi dan Toponim']);
    expect(dc.texts(x, '/csw:Record/dc:publisher')).toEqual(['Badan Informasi Geospasial']);
    expect(dc.texts(x, '/csw:Record/dc:contributor')).toEqual(['Badan Informasi Geospasial', 'Direktorat Jaringan Informasi Geospasial']);
    expect(dc.text(x, '/csw:Record/dc:language')).toBe('ind');
    expect(dc.text(x, '/csw:Record/dc:rights')).toBe('Tidak untuk navigasi.');
    expect(dc.text(x, '/csw:Record/dct:license')).toBe('CC BY 4.0');
    expect(dc.text(x, '/csw:Record/dct:accessRights')).toBe('unclassified');
    expect(dc.texts(x, '/csw:Record/dc:source')).toEqual(FULL.sources);
    expect([dc.text(x, '/csw:Record/dct:created'), dc.text(x, '/csw:Record/dct:issued'), dc.text(x, '/csw:Record/dc:date')])
      .toEqual(['2019-06-01', '2020-01-15', '2021-11-30T10:15:00Z']);
    expect(dc.text(x, '/csw:Record/dct:temporal')).toBe('2019-01-01/2019-12-31');
    expect(dc.texts(x, '/csw:Record/dct:references')).toEqual(FULL.distributions!.map((d) => d.url));
    expect(dc.texts(x, '/csw:Record/dct:references/@scheme')).toEqual(['OGC:WMS', 'WWW:DOWNLOAD-1.0-http--download']);
  });

  it('ows:BoundingBox in EPSG:4326 URN with latitude-longitude corners (south west / north east)', () => {
    for (const form of ['dc-full', 'dc-summary', 'dc-brief'] as const) {
      const x = full[form];
      expect(dc.text(x, '/*/ows:BoundingBox/@crs')).toBe('urn:ogc:def:crs:EPSG::4326');
      expect(dc.text(x, '/*/ows:BoundingBox/ows:LowerCorner')).toBe('-6.75 106.5');
      expect(dc.text(x, '/*/ows:BoundingBox/ows:UpperCorner')).toBe('-6.5 107');
      expect(x.startsWith(`<csw:${{ 'dc-full': 'Record', 'dc-summary': 'SummaryRecord', 'dc-brief': 'BriefRecord' }[form]} `)).toBe(true);
    }
    const am = renderer.render(ANTIMERIDIAN, 'dc-brief');
    expect([dc.text(am, '//ows:LowerCorner'), dc.text(am, '//ows:UpperCorner')]).toEqual(['-20 170.25', '-10.125 -170.5']);
    expect(dc.texts(renderer.render(MINIMAL, 'dc-full'), '//ows:BoundingBox')).toEqual([]);
  });

  it('dc:type: the imported DC type, else the hierarchy level, else "dataset"', () => {
    expect(dc.text(renderer.render(DUBLIN_CORE_IMPORT, 'dc-brief'), '//dc:type')).toBe('http://purl.org/dc/dcmitype/Image');
    expect(dc.text(renderer.render(SERVICE, 'dc-brief'), '//dc:type')).toBe('service');
    expect(dc.text(renderer.render(MINIMAL, 'dc-brief'), '//dc:type')).toBe('dataset');
  });

  it('special characters are escaped and read back unchanged', () => {
    const x = renderer.render(SPECIAL_CHARS, 'dc-full');
    expect(dc.text(x, '/csw:Record/dc:title')).toBe(SPECIAL_CHARS.title);
    expect(dc.text(x, '/csw:Record/dct:abstract')).toBe(SPECIAL_CHARS.abstract);
    expect(dc.text(x, '/csw:Record/dct:references')).toBe('https://example.go.id/data?a=1&b=<2>&c="3"');
    expect(x).toContain('&lt;Kalimantan&gt;');
  });
});

describe('element sets: brief ⊂ summary ⊂ full', () => {
  /** every element path of a document (names with namespace URIs, no positions) */
  const paths = (xml: string): Set<string> => {
    const out = new Set<string>();
    const walk = (el: Element, prefix: string): void => {
      const p = `${prefix}/{${el.namespaceURI}}${el.localName}`;
      out.add(p);
      for (let c = el.firstChild; c; c = c.nextSibling) if (c.nodeType === 1) walk(c as Element, p);
    };
    walk(parse(xml).documentElement as Element, '');
    return out;
  };
  const subset = (a: Set<string>, b: Set<string>): string[] => [...a].filter((p) => !b.has(p));

  it.each([['gmd', 'gmd-summary', 'gmd-brief'], ['mdb2018', 'mdb2018-summary', 'mdb2018-brief']] as const)('%s', (f, s, b) => {
    for (const r of SAMPLE_RECORDS) {
      const set = renderer.renderAll(r);
      expect(subset(paths(set[b]), paths(set[s]))).toEqual([]);
      expect(subset(paths(set[s]), paths(set[f]))).toEqual([]);
    }
    expect(paths(full[b]).size).toBeLessThan(paths(full[s]).size);
    expect(paths(full[s]).size).toBeLessThan(paths(full[f]).size);
  });

  it('Dublin Core: every (element, value) of brief is in summary, every one of summary in full', () => {
    const pairs = (xml: string): string[] => {
      const root = parse(xml).documentElement as Element;
      const out: string[] = [];
      for (let c = root.firstChild; c; c = c.nextSibling) if (c.nodeType === 1) out.push(`${(c as Element).namespaceURI} ${(c as Element).localName} ${c.textContent}`);
      return out;
    };
    for (const r of SAMPLE_RECORDS) {
      const set = renderer.renderAll(r);
      const [b, s, f] = [pairs(set['dc-brief']), pairs(set['dc-summary']), pairs(set['dc-full'])];
      expect(b.filter((p) => !s.includes(p))).toEqual([]);
      expect(s.filter((p) => !f.includes(p))).toEqual([]);
    }
  });
});

describe('determinism', () => {
  it('the same record gives the same bytes, and render() gives what renderAll() gives', () => {
    for (const r of SAMPLE_RECORDS) {
      const a = renderer.renderAll(r);
      const b = renderer.renderAll(structuredClone(r));
      for (const f of RENDER_FORMATS) {
        expect([f, b[f]]).toEqual([f, a[f]]);
        expect([f, renderer.render(r, f)]).toEqual([f, a[f]]);
        expect(a[f].startsWith('<?xml')).toBe(false);
      }
    }
  });
});
