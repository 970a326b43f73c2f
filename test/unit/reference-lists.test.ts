import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CSW_SCHEMAS_DIR } from '../helpers/test-data';
import {
  DQ_ELEMENT_19139_NAME, getReferenceLabel, getReferenceList, hasCode, ISO19139_CODELIST_BASE, ISO19139_TOPIC_CATEGORIES,
  isReferenceListName, REFERENCE_LIST_CODELIST, REFERENCE_LIST_NAMES, type ReferenceListName,
} from '../../libs/catalogue/reference-lists';

const ISO19139_DIR = path.join(CSW_SCHEMAS_DIR, 'ogc/iso/19139/20060504');
const GMX_CODELISTS = readFileSync(path.join(ISO19139_DIR, 'resources/Codelist/gmxCodelists.xml'), 'utf8');

/** Codes of one dictionary in the official ISO 19139 gmxCodelists.xml (19115:2003 content). */
function gmxCodes(dictionary: string): string[] {
  const start = GMX_CODELISTS.indexOf(`<CodeListDictionary gml:id="${dictionary}">`);
  if (start < 0) throw new Error(`${dictionary} not in gmxCodelists.xml`);
  const block = GMX_CODELISTS.slice(start, GMX_CODELISTS.indexOf('</CodeListDictionary>', start));
  return [...block.matchAll(/<CodeDefinition gml:id="[^"]+">\s*<gml:description>[\s\S]*?<\/gml:description>\s*<gml:identifier[^>]*>([^<]+)</g)]
    .map((m) => m[1]!.trim());
}

const GMX_TYPOS: Readonly<Record<string, string>> = { quartely: 'quarterly', unknwon: 'unknown' };

const codes = (name: ReferenceListName): string[] => getReferenceList(name).map((i) => i.kode);

describe('reference lists', () => {
  it('has exactly the twelve names, each a valid list name', () => {
    expect(REFERENCE_LIST_NAMES).toHaveLength(12);
    expect(new Set(REFERENCE_LIST_NAMES).size).toBe(12);
    for (const n of REFERENCE_LIST_NAMES) expect(isReferenceListName(n)).toBe(true);
    expect(isReferenceListName('peran_kontak')).toBe(false);
    expect(isReferenceListName('toString')).toBe(false);
    expect(isReferenceListName(42)).toBe(false);
  });

  describe.each(REFERENCE_LIST_NAMES)('%s', (name) => {
    const list = getReferenceList(name);
    it('is non-empty with unique, trimmed codes and non-empty labels', () => {
      expect(list.length).toBeGreaterThan(0);
      expect(new Set(list.map((i) => i.kode)).size).toBe(list.length);
      for (const i of list) {
        expect(i.kode).toMatch(/^\S+$/);
        expect(i.label.trim()).toBe(i.label);
        expect(i.label.length).toBeGreaterThan(0);
        expect(hasCode(name, i.kode)).toBe(true);
        expect(getReferenceLabel(name, i.kode)).toBe(i.label);
      }
    });
    it('is frozen so callers cannot change shared data', () => {
      expect(Object.isFrozen(list)).toBe(true);
      expect(list.every((i) => Object.isFrozen(i))).toBe(true);
    });
  });

  it('hasCode is exact and case-sensitive', () => {
    expect(hasCode('PERAN_KONTAK', 'originator')).toBe(true);
    expect(hasCode('PERAN_KONTAK', 'Originator')).toBe(false);
    expect(hasCode('PERAN_KONTAK', ' originator')).toBe(false);
    expect(hasCode('PERAN_KONTAK', 'dataset')).toBe(false);
    expect(hasCode('BAHASA', 'constructor')).toBe(false);
    expect(getReferenceLabel('BAHASA', 'xyz')).toBeUndefined();
  });

  it('PERAN_KONTAK is the full 2014 CI_RoleCode with the agreed labels', () => {
    expect(new Set(codes('PERAN_KONTAK'))).toEqual(new Set([
      'resourceProvider', 'custodian', 'owner', 'user', 'distributor', 'originator', 'pointOfContact',
      'principalInvestigator', 'processor', 'publisher', 'author', 'sponsor', 'coAuthor', 'collaborator', 'editor',
      'mediator', 'rightsHolder', 'contributor', 'funder', 'stakeholder',
    ]));
    expect(getReferenceLabel('PERAN_KONTAK', 'originator')).toBe('Pembuat');
    expect(getReferenceLabel('PERAN_KONTAK', 'custodian')).toBe('Pengelola');
    expect(getReferenceLabel('PERAN_KONTAK', 'pointOfContact')).toBe('Narahubung');
  });

  it('TOPIK_KATEGORI is the 19 ISO 19115:2003 codes plus the two 2014 additions', () => {
    const iso2003 = [
      'farming', 'biota', 'boundaries', 'climatologyMeteorologyAtmosphere', 'economy', 'elevation', 'environment',
      'geoscientificInformation', 'health', 'imageryBaseMapsEarthCover', 'intelligenceMilitary', 'inlandWaters',
      'location', 'oceans', 'planningCadastre', 'society', 'structure', 'transportation', 'utilitiesCommunication',
    ];
    expect(new Set(codes('TOPIK_KATEGORI'))).toEqual(new Set([...iso2003, 'extraTerrestrial', 'disaster']));
    expect(ISO19139_TOPIC_CATEGORIES).toEqual(new Set(iso2003));
  });

  it('ISO19139_TOPIC_CATEGORIES is exactly the enumeration of the 19139 XSD', () => {
    const xsd = readFileSync(path.join(ISO19139_DIR, 'gmd/identification.xsd'), 'utf8');
    const type = xsd.slice(xsd.indexOf('name="MD_TopicCategoryCode_Type"'));
    const body = type.slice(0, type.indexOf('</xs:simpleType>'));
    const enumerated = [...body.matchAll(/<xs:enumeration value="([^"]+)"/g)].map((m) => m[1]);
    expect(new Set(enumerated)).toEqual(ISO19139_TOPIC_CATEGORIES);
  });

  it('STATUS_PROGRES, JENIS_KATAKUNCI, KLASIFIKASI_KEAMANAN, FREKUENSI_PEMBARUAN and LEVEL_HIERARKI include the 2014 additions', () => {
    expect(codes('STATUS_PROGRES')).toEqual(expect.arrayContaining([
      'final', 'pending', 'retired', 'superseded', 'tentative', 'valid', 'accepted', 'notAccepted', 'withdrawn',
      'proposed', 'deprecated',
    ]));
    expect(codes('STATUS_PROGRES')).toHaveLength(18);
    expect(codes('JENIS_KATAKUNCI')).toEqual(expect.arrayContaining([
      'dataCentre', 'featureType', 'instrument', 'platform', 'process', 'project', 'service', 'product', 'subTopicCategory',
    ]));
    expect(new Set(codes('KLASIFIKASI_KEAMANAN'))).toEqual(new Set([
      'unclassified', 'restricted', 'confidential', 'secret', 'topSecret', 'sensitiveButUnclassified',
      'forOfficialUseOnly', 'protected', 'limitedDistribution',
    ]));
    expect(codes('FREKUENSI_PEMBARUAN')).toEqual(expect.arrayContaining(['periodic', 'semimonthly', 'biennially']));
    expect(codes('LEVEL_HIERARKI')).toHaveLength(26);
    expect(codes('LEVEL_HIERARKI')).toEqual(expect.arrayContaining([
      'dataset', 'series', 'service', 'metadata', 'initiative', 'sample', 'document', 'repository', 'aggregate',
      'product', 'collection', 'coverage', 'application',
    ]));
    expect(new Set(codes('METOD_EVALUASI'))).toEqual(new Set(['directInternal', 'directExternal', 'indirect']));
    expect(new Set(codes('REPRESENTASI_SPASIAL'))).toEqual(new Set(['vector', 'grid', 'textTable', 'tin', 'stereoModel', 'video']));
  });

  it('every ISO 19139 code list contains all codes of the official gmxCodelists.xml dictionary', () => {
    for (const name of REFERENCE_LIST_NAMES) {
      const info = REFERENCE_LIST_CODELIST[name];
      if (!info) continue;
      // the 2006 file misspells two codes; the standard (and real records) use the correct spelling
      const official = gmxCodes(info.codeListName).map((c) => GMX_TYPOS[c] ?? c);
      expect(official.length).toBeGreaterThan(0);
      expect({ name, missing: official.filter((c) => !hasCode(name, c)) }).toEqual({ name, missing: [] });
    }
  });

  it('BAHASA uses ISO 639-2/T codes and covers Indonesia and the major languages', () => {
    for (const c of codes('BAHASA')) expect(c).toMatch(/^[a-z]{3}$/);
    expect(codes('BAHASA')).toEqual(expect.arrayContaining([
      'ind', 'eng', 'jav', 'sun', 'mad', 'min', 'ban', 'bug', 'ace', 'mak', 'btk', 'msa', 'zho', 'ara', 'jpn', 'nld',
      'fra', 'deu', 'spa', 'por', 'rus', 'kor', 'hin', 'tha', 'vie', 'tgl',
    ]));
    // the bibliographic variants are not 639-2/T
    for (const b of ['may', 'chi', 'dut', 'ger', 'fre', 'per', 'bur']) expect(hasCode('BAHASA', b)).toBe(false);
    expect(getReferenceLabel('BAHASA', 'ind')).toBe('Bahasa Indonesia');
  });

  it('PROTOKOL_DISTRIBUSI has the identifiers GIS clients and harvesters use', () => {
    expect(codes('PROTOKOL_DISTRIBUSI')).toEqual(expect.arrayContaining([
      'OGC:WMS', 'OGC:WFS', 'OGC:WCS', 'OGC:WMTS', 'OGC:CSW', 'OGC:SOS', 'OGC:API-Features', 'OGC:API-Records',
      'ESRI:REST', 'WWW:LINK', 'WWW:DOWNLOAD', 'FILE', 'FTP', 'WWW:LINK-1.0-http--link', 'OGC:WMS-1.1.1-http-get-map',
    ]));
  });

  it('DQ_ELEMEN has the ISO 19157 elements and a 19139 element name for each one 19139 knows', () => {
    const expected = [
      'DQ_CompletenessCommission', 'DQ_CompletenessOmission', 'DQ_ConceptualConsistency', 'DQ_DomainConsistency',
      'DQ_FormatConsistency', 'DQ_TopologicalConsistency', 'DQ_AbsoluteExternalPositionalAccuracy',
      'DQ_GriddedDataPositionalAccuracy', 'DQ_RelativeInternalPositionalAccuracy', 'DQ_AccuracyOfATimeMeasurement',
      'DQ_TemporalConsistency', 'DQ_TemporalValidity', 'DQ_ThematicClassificationCorrectness',
      'DQ_NonQuantitativeAttributeCorrectness', 'DQ_QuantitativeAttributeAccuracy', 'DQ_UsabilityElement',
    ];
    expect(new Set(codes('DQ_ELEMEN'))).toEqual(new Set(expected));
    const xsd = readFileSync(path.join(ISO19139_DIR, 'gmd/dataQuality.xsd'), 'utf8');
    for (const c of expected) {
      const el = DQ_ELEMENT_19139_NAME[c];
      expect(el).toBeDefined();
      if (el !== null && el !== undefined) expect(xsd).toContain(`<xs:element name="${el}"`);
    }
    expect(DQ_ELEMENT_19139_NAME.DQ_UsabilityElement).toBeNull();
  });

  it('REFERENCE_LIST_CODELIST names the 19139 code list of each ISO list and null for the others', () => {
    expect(REFERENCE_LIST_CODELIST.PROTOKOL_DISTRIBUSI).toBeNull();
    expect(REFERENCE_LIST_CODELIST.BAHASA).toBeNull();
    expect(REFERENCE_LIST_CODELIST.DQ_ELEMEN).toBeNull();
    expect(REFERENCE_LIST_CODELIST.PERAN_KONTAK).toEqual({
      codeListName: 'CI_RoleCode',
      codeList: 'http://standards.iso.org/iso/19139/resources/gmxCodelists.xml#CI_RoleCode',
      enumeration: false,
    });
    expect(REFERENCE_LIST_CODELIST.TOPIK_KATEGORI?.enumeration).toBe(true);
    for (const name of REFERENCE_LIST_NAMES) {
      const info = REFERENCE_LIST_CODELIST[name];
      if (!info) continue;
      expect(info.codeList).toBe(`${ISO19139_CODELIST_BASE}#${info.codeListName}`);
      expect(GMX_CODELISTS).toContain(`<CodeListDictionary gml:id="${info.codeListName}">`);
    }
  });
});
