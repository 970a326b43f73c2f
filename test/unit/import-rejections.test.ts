import { XmlInputError } from '../../libs/xml/safe-parse';
import { ImportMappingError, importMetadataXml } from '../../libs/import';
import { finaliseDoc } from '../../libs/import/finalise-doc';
import { MapContext } from '../../libs/import/map-context';
import { thrownError } from '../helpers/thrown-error';

/** Every way an import is refused: unsafe or broken XML (400) and unmappable content (422). */

const mappingError = (xml: string): ImportMappingError => thrownError(ImportMappingError, () => importMetadataXml(xml), 'import succeeded');
const inputError = (xml: string): XmlInputError => thrownError(XmlInputError, () => importMetadataXml(xml), 'import succeeded');

const GMD = 'xmlns:gmd="http://www.isotc211.org/2005/gmd" xmlns:gco="http://www.isotc211.org/2005/gco"';
const cs = (s: string): string => `<gco:CharacterString>${s}</gco:CharacterString>`;
const gmd = (ident: string, top = `<gmd:fileIdentifier>${cs('id-1')}</gmd:fileIdentifier>`): string => `<gmd:MD_Metadata ${GMD}>${top}
  <gmd:identificationInfo><gmd:MD_DataIdentification><gmd:citation><gmd:CI_Citation><gmd:title>${cs('Judul')}</gmd:title></gmd:CI_Citation></gmd:citation>
  ${ident}</gmd:MD_DataIdentification></gmd:identificationInfo></gmd:MD_Metadata>`;
const bbox = (w: string, e: string, s: string, n: string): string => `<gmd:extent><gmd:EX_Extent><gmd:geographicElement><gmd:EX_GeographicBoundingBox>
  <gmd:westBoundLongitude><gco:Decimal>${w}</gco:Decimal></gmd:westBoundLongitude><gmd:eastBoundLongitude><gco:Decimal>${e}</gco:Decimal></gmd:eastBoundLongitude>
  <gmd:southBoundLatitude><gco:Decimal>${s}</gco:Decimal></gmd:southBoundLatitude><gmd:northBoundLatitude><gco:Decimal>${n}</gco:Decimal></gmd:northBoundLatitude>
  </gmd:EX_GeographicBoundingBox></gmd:geographicElement></gmd:EX_Extent></gmd:extent>`;

describe('unsafe or malformed XML → XmlInputError (unchanged, for a 400)', () => {
  it('refuses an external entity (XXE) without reading the file', () => {
    const err = inputError(`<?xml version="1.0"?><!DOCTYPE r [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
      <gmd:MD_Metadata ${GMD}><gmd:fileIdentifier>${cs('&xxe;')}</gmd:fileIdentifier></gmd:MD_Metadata>`);
    expect(err.reason).toBe('doctype');
    expect(err.message).not.toMatch(/root:/);
  });

  it('refuses a DOCTYPE that only points at a DTD', () => {
    expect(inputError(`<!DOCTYPE gmd:MD_Metadata SYSTEM "http://example.org/evil.dtd"><gmd:MD_Metadata ${GMD}/>`).reason).toBe('doctype');
  });

  it('refuses billion laughs', () => {
    const lol = '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">' +
      Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i === 0 ? '' : i};`.repeat(10)}">`).join('') +
      `]><csw:Record xmlns:csw="http://www.opengis.net/cat/csw/2.0.2" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>&lol9;</dc:title></csw:Record>`;
    expect(inputError(lol).reason).toBe('doctype');
  });

  it.each([
    ['an unclosed element', `<gmd:MD_Metadata ${GMD}><gmd:fileIdentifier>`],
    ['mismatched tags', `<gmd:MD_Metadata ${GMD}></gmd:MD_Data>`],
    ['an undeclared prefix', '<gmd:MD_Metadata><gmd:fileIdentifier/></gmd:MD_Metadata>'],
    ['text that is not XML', 'judul: peta'],
  ])('refuses %s', (_name, xml) => {
    expect(inputError(xml).reason).toBe('malformed');
  });

  it('refuses an empty body', () => {
    expect(inputError('  ').reason).toBe('empty');
  });
});

describe('unmappable content → ImportMappingError naming the element (for a 422)', () => {
  it('names an unsupported root', () => {
    const err = mappingError('<foo:Bar xmlns:foo="urn:example:foo"/>');
    expect(err.element).toBe('foo:Bar');
    expect(err.message).toMatch(/tidak didukung/);
  });

  it('judges the root by namespace, not by prefix', () => {
    expect(mappingError('<gmd:MD_Metadata xmlns:gmd="http://example.org/not-gmd"/>').element).toBe('gmd:MD_Metadata');
    expect(mappingError('<mdb:MD_Metadata xmlns:mdb="http://standards.iso.org/iso/19115/-3/mdb/3.0"/>').element).toBe('mdb:MD_Metadata');
    expect(mappingError('<MD_Metadata/>').element).toBe('MD_Metadata');
  });

  it('refuses a Dublin Core record with neither title nor identifier', () => {
    const err = mappingError('<csw:Record xmlns:csw="http://www.opengis.net/cat/csw/2.0.2" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:subject>x</dc:subject></csw:Record>');
    expect(err.element).toBe('csw:Record/dc:title');
  });

  it('refuses a Dublin Core bbox with non-numeric corners, naming the corner (a csw:Record has no document to keep it in)', () => {
    const dc = mappingError(`<csw:Record xmlns:csw="http://www.opengis.net/cat/csw/2.0.2" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:ows="http://www.opengis.net/ows">
      <dc:title>t</dc:title><ows:BoundingBox crs="urn:ogc:def:crs:EPSG::4326"><ows:LowerCorner>a b</ows:LowerCorner><ows:UpperCorner>1 2</ows:UpperCorner></ows:BoundingBox></csw:Record>`);
    expect(dc.element).toBe('csw:Record/ows:BoundingBox/ows:LowerCorner');
  });

  it('refuses a CSW response with more than one record', () => {
    const rec = (id: string): string => `<csw:Record><dc:identifier>${id}</dc:identifier><dc:title>t</dc:title></csw:Record>`;
    const err = mappingError(`<csw:GetRecordsResponse xmlns:csw="http://www.opengis.net/cat/csw/2.0.2" xmlns:dc="http://purl.org/dc/elements/1.1/">
      <csw:SearchResults>${rec('a')}${rec('b')}</csw:SearchResults></csw:GetRecordsResponse>`);
    expect(err.element).toBe('csw:SearchResults');
    expect(err.message).toMatch(/2 rekaman/);
  });
});

/**
 * Issue 19: what real catalogues publish is accepted. The document keeps every value as written;
 * the JSON projection leaves out what it cannot hold, and the import says so (a warning, also in
 * the document's check report). Before, each of these was a 422.
 */
describe('accepted as written, with a warning (issue 19)', () => {
  it('keeps an ISO record without a title: no title is invented, the report names the missing title', () => {
    const r = importMetadataXml(`<gmd:MD_Metadata ${GMD}><gmd:identificationInfo><gmd:MD_DataIdentification><gmd:citation><gmd:CI_Citation>
      <gmd:title gco:nilReason="missing"/></gmd:CI_Citation></gmd:citation></gmd:MD_DataIdentification></gmd:identificationInfo></gmd:MD_Metadata>`);
    expect(r.doc.title).toBeUndefined();
    expect(r.warnings.join(' ')).toMatch(/tanpa judul/);
    expect(r.document!.validation).toEqual(expect.arrayContaining([expect.objectContaining({ level: 'error', message: expect.stringMatching(/Judul sumber daya/) })]));
  });

  it('keeps an ISO record without identificationInfo, with an error in its report', () => {
    const r = importMetadataXml(`<gmd:MD_Metadata ${GMD}><gmd:fileIdentifier>${cs('x')}</gmd:fileIdentifier></gmd:MD_Metadata>`);
    expect(r.doc.fileIdentifier).toBe('x');
    expect(r.document!.validation.map((v) => v.message).join(' ')).toMatch(/gmd:identificationInfo/);
  });

  it('imports a fragment (ISO root, no identificationInfo) with a fragment warning in Indonesian and English, also in its report', () => {
    const MDB = 'xmlns:mdb="http://standards.iso.org/iso/19115/-3/mdb/2.0" xmlns:mcc="http://standards.iso.org/iso/19115/-3/mcc/1.0" xmlns:gco="http://standards.iso.org/iso/19115/-3/gco/1.0"';
    const fragments = {
      'gmd:MD_Metadata': `<gmd:MD_Metadata ${GMD}><gmd:fileIdentifier>${cs('frag-gmd')}</gmd:fileIdentifier></gmd:MD_Metadata>`,
      'mdb:MD_Metadata': `<mdb:MD_Metadata ${MDB}><mdb:metadataIdentifier><mcc:MD_Identifier><mcc:code>${cs('frag-mdb')}</mcc:code></mcc:MD_Identifier></mdb:metadataIdentifier></mdb:MD_Metadata>`,
    };
    for (const [root, xml] of Object.entries(fragments)) {
      const r = importMetadataXml(xml);
      expect(r.doc.fileIdentifier).toMatch(/^frag-/);
      const fragment = r.warnings.filter((w) => w.startsWith('Fragmen ISO'));
      expect(fragment).toHaveLength(1);
      expect(fragment[0]).toContain(`${root} tidak memiliki ${root.split(':')[0]}:identificationInfo`);
      expect(fragment[0]).toContain('/ ISO fragment:');
      expect(r.document!.validation).toEqual(expect.arrayContaining([{ level: 'warning', message: fragment[0] }]));
    }
    // a record with identificationInfo is no fragment
    expect(importMetadataXml(gmd('')).warnings.join(' ')).not.toMatch(/Fragmen ISO|ISO fragment/);
  });

  it('keeps a code-list value outside our lists in the document, leaves it out of the JSON, and warns naming its element and the list', () => {
    const xml = gmd(`<gmd:pointOfContact><gmd:CI_ResponsibleParty><gmd:organisationName>${cs('BIG')}</gmd:organisationName>
      <gmd:role><gmd:CI_RoleCode codeList="x" codeListValue="chief">chief</gmd:CI_RoleCode></gmd:role></gmd:CI_ResponsibleParty></gmd:pointOfContact>`);
    const r = importMetadataXml(xml);
    expect(r.document!.xml).toContain('codeListValue="chief"');
    expect(r.warnings.join(' ')).toMatch(/gmd:pointOfContact\/gmd:CI_ResponsibleParty\/gmd:role: kode "chief".*PERAN_KONTAK/);
    expect(r.document!.validation).toEqual(expect.arrayContaining([{ level: 'warning', message: expect.stringMatching(/"chief"/) }]));
  });

  it.each([
    ['topic category', `<gmd:topicCategory><gmd:MD_TopicCategoryCode>weather</gmd:MD_TopicCategoryCode></gmd:topicCategory>`, 'topicCategories', /TOPIK_KATEGORI/],
    ['language', `<gmd:language>${cs('klingon')}</gmd:language>`, 'language', /BAHASA/],
    ['security classification', `<gmd:resourceConstraints><gmd:MD_SecurityConstraints><gmd:classification><gmd:MD_ClassificationCode codeList="x" codeListValue="ultra"/></gmd:classification></gmd:MD_SecurityConstraints></gmd:resourceConstraints>`, 'constraints', /KLASIFIKASI_KEAMANAN/],
  ])('keeps an unknown %s in the document only', (_name, ident, field, list) => {
    const r = importMetadataXml(gmd(ident));
    expect((r.doc as Record<string, unknown>)[field]).toBeUndefined();
    expect(r.warnings.join(' ')).toMatch(list);
  });

  it('keeps a bbox with non-numeric, out-of-range or upside-down corners in the document, out of the footprint', () => {
    for (const box of [bbox('95', 'timur', '-11', '6'), bbox('95', '141', '-11', '96'), bbox('95', '141', '6', '-11'), bbox('-400', '141', '-11', '6')]) {
      const r = importMetadataXml(gmd(box));
      expect(r.doc.extent?.bbox).toBeUndefined();
      expect(r.warnings.join(' ')).toMatch(/(bukan angka|Lintang|Bujur).*tidak dipakai untuk cakupan/);
    }
    // a good box beside a bad one still makes the footprint
    const both = importMetadataXml(gmd(bbox('95', '141', '-11', '6') + bbox('95', 'timur', '-11', '6')));
    expect(both.doc.extent?.bbox).toEqual({ west: 95, east: 141, south: -11, north: 6 });
  });

  it('keeps identifiers real catalogues use (URL, slashes, spaces, ..) exactly', () => {
    for (const id of ['peta/dasar 1', 'https://ioos.noaa.gov/stations/BRJASL', '../../x/..', 'C:\\hi\\folder']) {
      expect(importMetadataXml(gmd('', `<gmd:fileIdentifier>${cs(id)}</gmd:fileIdentifier>`)).doc.fileIdentifier).toBe(id);
    }
    expect(importMetadataXml('<csw:Record xmlns:csw="http://www.opengis.net/cat/csw/2.0.2" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier>a b</dc:identifier><dc:title>t</dc:title></csw:Record>').doc.fileIdentifier)
      .toBe('a b');
  });

  it('reads gmi:MI_Metadata in the ISO 19115-2 1.0 namespace, and a leading byte-order mark', () => {
    const r = importMetadataXml(`\uFEFF<?xml version="1.0" encoding="UTF-8"?><gmi:MI_Metadata xmlns:gmi="http://standards.iso.org/iso/19115/-2/gmi/1.0" ${GMD}>
      <gmd:fileIdentifier>${cs('gmi-1')}</gmd:fileIdentifier><gmd:identificationInfo><gmd:MD_DataIdentification><gmd:citation><gmd:CI_Citation>
      <gmd:title>${cs('Citra')}</gmd:title></gmd:CI_Citation></gmd:citation></gmd:MD_DataIdentification></gmd:identificationInfo></gmi:MI_Metadata>`);
    expect(r).toMatchObject({ sourceFormat: 'gmi', doc: { title: 'Citra', fileIdentifier: 'gmi-1' }, document: { schema: 'iso19115-2' } });
    expect(r.document!.xml.startsWith('<?xml')).toBe(true);
  });
});

describe('the final schema check', () => {
  it('drops optional values the schema refuses, with a warning, instead of refusing the record', () => {
    const period = `<gmd:extent><gmd:EX_Extent><gmd:temporalElement><gmd:EX_TemporalExtent><gmd:extent><gml:TimePeriod xmlns:gml="http://www.opengis.net/gml" gml:id="t">
      <gml:beginPosition>2021-01-01</gml:beginPosition><gml:endPosition>2020-01-01</gml:endPosition></gml:TimePeriod></gmd:extent></gmd:EX_TemporalExtent></gmd:temporalElement></gmd:EX_Extent></gmd:extent>`;
    const phone = '1'.repeat(150);
    const r = importMetadataXml(gmd(`${period}
      <gmd:pointOfContact><gmd:CI_ResponsibleParty><gmd:organisationName>${cs('BIG')}</gmd:organisationName><gmd:contactInfo><gmd:CI_Contact>
      <gmd:phone><gmd:CI_Telephone><gmd:voice>${cs(phone)}</gmd:voice></gmd:CI_Telephone></gmd:phone></gmd:CI_Contact></gmd:contactInfo>
      <gmd:role><gmd:CI_RoleCode codeList="x" codeListValue="owner"/></gmd:role></gmd:CI_ResponsibleParty></gmd:pointOfContact>`).replace(
      '</gmd:title>', `</gmd:title><gmd:date><gmd:CI_Date><gmd:date><gco:Date>2021-02-30</gco:Date></gmd:date><gmd:dateType><gmd:CI_DateTypeCode codeList="x" codeListValue="creation"/></gmd:dateType></gmd:CI_Date></gmd:date>`));
    expect(r.doc.contacts).toEqual([{ role: 'owner', organisationName: 'BIG' }]);
    expect(r.doc.dates).toBeUndefined();
    expect(r.doc.extent?.temporal).toEqual({ start: '2021-01-01' });
    expect(r.warnings.filter((w) => /ditolak skema/.test(w))).toHaveLength(3);
  });

  it('cuts over-long texts to the schema limit with a warning', () => {
    const r = importMetadataXml(gmd(`<gmd:abstract>${cs('a'.repeat(12_000))}</gmd:abstract>`).replace(cs('Judul'), cs('J'.repeat(600))));
    expect(r.doc.title).toHaveLength(500);
    expect(r.doc.abstract).toHaveLength(10_000);
    expect(r.warnings.join(' ')).toMatch(/\/title dipotong/);
  });

  it('turns anything else the schema refuses into an ImportMappingError naming the source element', () => {
    let err: unknown;
    try {
      finaliseDoc({ title: 'x', hierarchyLevel: 'bukan-kode' }, 'gmd', 'gmd:MD_Metadata', new MapContext());
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ImportMappingError);
    expect(err).toMatchObject({ element: 'gmd:MD_Metadata/gmd:hierarchyLevel', message: expect.stringMatching(/LEVEL_HIERARKI/) });
  });
});
