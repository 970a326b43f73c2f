import { readFileSync } from 'node:fs';
import path from 'node:path';
import { extractRichView } from '../../libs/import/rich-view';
import type { RichView } from '../../libs/catalogue/rich-view.types';
import { ISO_CORPUS_DIR } from '../helpers/test-data';

/**
 * The rich view (issue 19 point 7) read from real corpus records in each schema: the values
 * asserted are the ones written in those files (ISO 19139 GeoNorge/INSPIRE and a German INSPIRE
 * service, ISO 19115-3 Walloon service and GeoNetwork template, ISO 19115-2 DGIWG, a geocat.ch
 * record with four locales).
 */
const view = (file: string): RichView => {
  const v = extractRichView(readFileSync(path.join(ISO_CORPUS_DIR, file), 'utf8'));
  if (!v) throw new Error(`no rich view for ${file}`);
  return v;
};

describe('rich view: ISO 19139 (GeoNorge, INSPIRE dataset with PT_FreeText)', () => {
  const v = view('iso19139/geonorge-api__keywords-english.xml');

  it('reads title, abstract and purpose with their English translations (locale #ENG → eng)', () => {
    expect(v.title).toEqual({ text: 'Administrative enheter kommuner', translations: { eng: 'Administrative units municipalities' } });
    expect(v.purpose).toEqual({ text: 'Framstille den offisielle kommuneinndelingen.', translations: { eng: 'The dataset consists of the official county boundaries.' } });
    expect(v.abstract?.translations?.eng).toMatch(/^The dataset shows national, county and municipal divisions/);
    expect(v.locales).toEqual(['eng']);
  });

  it('reads every conformity report with specification date, degree and explanation', () => {
    expect(v.conformity).toHaveLength(4);
    expect(v.conformity[0]).toMatchObject({
      specificationDate: '2010-12-08', specificationDateType: 'publication', pass: true, explanation: 'Dataene er i henhold til produktspesifikasjonen',
    });
    expect(v.conformity[0]!.specification?.text).toMatch(/^COMMISSION REGULATION \(EU\) No 1089\/2010/);
    expect(v.conformity[1]!.specification?.text).toBe('SOSI produktspesifikasjon: Administrative enheter Norge');
  });

  it('reads quantitative results apart, with measure and unit', () => {
    expect(v.qualityResults).toEqual([
      { element: 'DQ_CompletenessOmission', measure: 'Prosentvis dekning i forhold til datasettets utstrekning', value: '100', unit: 'http://dd.eionet.europa.eu/vocabulary/eurostat/percent' },
      { element: 'DQ_CompletenessOmission', measure: 'Prosentvis oppfyllelse av FAIR-prinsipper', value: '96', unit: 'http://dd.eionet.europa.eu/vocabulary/eurostat/percent' },
    ]);
  });

  it('keeps all five reference systems (the model keeps one) and the scale', () => {
    expect(v.referenceSystems.map((r) => r.code)).toEqual(['EPSG:25832', 'EPSG:25833', 'EPSG:25835', 'EPSG:3035', 'EPSG:4258']);
    expect(v.referenceSystems[0]!.href).toBe('http://www.opengis.net/def/crs/EPSG/0/25832');
    expect(v.resolutions).toEqual([{ scaleDenominator: 5000 }]);
  });

  it('reads resource dates, the identifier with its anchor, maintenance and format versions', () => {
    expect(v.resourceDates).toEqual([
      { type: 'publication', date: '2006-07-01' }, { type: 'creation', date: '0001-01-01' }, { type: 'revision', date: '2025-07-04' },
    ]);
    expect(v.identifiers).toEqual([{ code: 'kommuner', href: 'https://data.geonorge.no/sosi/administrativeenheter/kommuner' }]);
    expect(v.maintenanceFrequency).toBe('asNeeded');
    expect(v.formats).toContainEqual({ name: 'SOSI', version: '4.5' });
    expect(v.formats).toContainEqual({ name: 'GeoJSON' });
  });

  it('keeps access and use constraints with their INSPIRE and licence anchors, the use limitation and classification', () => {
    const legal = v.constraints.filter((c) => c.kind === 'legal');
    expect(legal[0]).toMatchObject({ access: ['otherRestrictions'], other: [{ text: 'Åpne data', href: 'http://inspire.ec.europa.eu/metadata-codelist/LimitationsOnPublicAccess/noLimitations' }] });
    expect(legal[1]).toMatchObject({ use: ['otherRestrictions'], other: [{ text: 'Creative Commons BY 4.0 (CC BY 4.0)', href: 'https://creativecommons.org/licenses/by/4.0/' }] });
    expect(v.constraints.find((c) => c.kind === 'other')?.useLimitation).toEqual(['Ingen begrensninger på bruk er oppgitt. Se forøvrig lisens.']);
    expect(v.constraints.find((c) => c.kind === 'security')?.classification).toBe('unclassified');
    // the empty <gmd:otherConstraints /> block is not a constraint
    expect(v.constraints).toHaveLength(4);
  });

  it('leaves out what the document lacks: its lineage statement is empty, it has no associations', () => {
    expect(v.lineage).toBeUndefined();
    expect(v.associations).toEqual([]);
    expect(v.operatesOn).toEqual([]);
  });
});

describe('rich view: ISO 19139 service (German INSPIRE download service)', () => {
  const v = view('iso19139/owslib__iso19139_srv.xml');

  it('reads the six operatesOn with uuidref, href and title', () => {
    expect(v.operatesOn).toHaveLength(6);
    expect(v.operatesOn[0]).toEqual({
      uuidref: '083f524b-7474-4e05-a937-1bac657f0344', href: 'https://registry.gdi-de.org/id/de.by/083f524b-7474-4e05-a937-1bac657f0344', title: 'ave:Flurstueck',
    });
  });

  it('reads a failed conformity (pass false) next to passed ones', () => {
    expect(v.conformity.map((c) => c.pass)).toEqual([true, false, true]);
    expect(v.conformity[1]!.explanation).toBe('Datenmodelltransformation noch nicht durchgeführt.');
    expect(v.conformity[2]!.specification?.text).toBe('Technical Guidance to implement INSPIRE Download Services');
  });

  it('reads the lineage statement, the maintenance and the restricted classification', () => {
    expect(v.lineage).toEqual({ statement: { text: '- Der Dienst liefert Daten aus ALKIS. -  -' }, processSteps: 0, sources: 0 });
    expect(v.maintenanceFrequency).toBe('daily');
    expect(v.constraints.find((c) => c.kind === 'security')?.classification).toBe('restricted');
  });
});

describe('rich view: ISO 19115-3 (Walloon INSPIRE view service, mdb 2.0)', () => {
  const v = view('iso19115-3/owslib__metawal.wallonie.be-srv.xml');

  it('reads all eleven operatesOn', () => {
    expect(v.operatesOn).toHaveLength(11);
    expect(v.operatesOn[0]).toEqual({
      uuidref: '173e4f86-a4c0-4ee1-aee1-6b0b2e477f97', href: 'https://metawal.wallonie.be/geonetwork/srv/api/records/173e4f86-a4c0-4ee1-aee1-6b0b2e477f97',
    });
    expect(v.operatesOn[9]!.title).toBe('INSPIRE - Niveau de Bruit Lden des axes routiers dans les grandes agglomérations en Wallonie (BE)');
  });

  it('reads conformity with the specification anchor (mdq namespace)', () => {
    expect(v.conformity).toHaveLength(2);
    expect(v.conformity[0]).toMatchObject({ specificationDate: '2009-10-19', pass: true, explanation: 'Voir la spécification référencée' });
    expect(v.conformity[0]!.specification?.href).toBe('http://data.europa.eu/eli/reg/2009/976');
  });

  it('reads identifier with codeSpace, six reference systems and the constraints anchors', () => {
    expect(v.identifiers).toEqual([{ code: '1714cd1e-6685-4dea-a6f4-b51612a15ed0', codeSpace: 'http://geodata.wallonie.be/id/' }]);
    expect(v.referenceSystems.map((r) => r.code)).toEqual(['EPSG:31370', 'EPSG:4326', 'EPSG:3857', 'EPSG:3035', 'EPSG:4258', 'EPSG:3812']);
    expect(v.constraints[0]).toMatchObject({ kind: 'legal', access: ['otherRestrictions'], other: [{ text: 'No limitations to public access', href: 'http://inspire.ec.europa.eu/metadata-codelist/LimitationsOnPublicAccess/noLimitations' }] });
    expect(v.constraints[1]!.useLimitation).toEqual(["Conditions d'utilisation spécifiques"]);
    expect(v.constraints[1]!.other[0]!.href).toBe('https://geoportail.wallonie.be/files/documents/ConditionsSPW/LicServicesSPW.pdf');
    expect(v.resourceDates).toEqual([{ type: 'publication', date: '2018-03-01' }]);
    expect(v.locales).toEqual(['fra']);
  });
});

describe('rich view: ISO 19115-3 dataset (GeoNetwork INSPIRE template)', () => {
  const v = view('iso19115-3/gn-iso19115-3.2018__geosource-dataset.xml');

  it('reads lineage under resourceLineage, format title + edition and the conformity', () => {
    expect(v.lineage?.statement?.text).toMatch(/^-- Historique du traitement/);
    expect(v.formats).toHaveLength(1);
    expect(v.formats[0]!.version).toBe("-- Version de l'encodage --");
    expect(v.conformity[0]).toMatchObject({ specificationDate: '2000-01-01', pass: true });
  });
});

describe('rich view: ISO 19115-2 (DGIWG gmi)', () => {
  const v = view('iso19115-2/dgiwg__DMF2.0-sampleMetadata-DMFfull.xml');

  it('reads a scale and a distance as two resolutions', () => {
    expect(v.resolutions).toEqual([{ scaleDenominator: 25000 }, { distance: 10, uom: 'm' }]);
  });

  it('reads the identifiers with their codeSpaces and the second (vertical) reference system', () => {
    expect(v.identifiers).toEqual([
      { code: 'I33a1', codeSpace: 'Turkish Topographic Map Sheet Index, K816 Series' },
      { code: '7640270299287', codeSpace: 'NATO Stock Number of the paper map of this sheet' },
    ]);
    expect(v.referenceSystems[1]).toEqual({ code: 'Mean Sea Level at Antalya, Antalya Height', href: 'http://www.opengis.net/def/crs/EPSG/0/5775' });
  });

  it('reads process steps and sources, the Turkish abstract and the positional accuracy', () => {
    expect(v.lineage).toMatchObject({ processSteps: 1, sources: 1 });
    expect(v.abstract?.translations?.tur).toMatch(/^Topoğrafik haritada/);
    expect(v.qualityResults).toContainEqual({ element: 'DQ_AbsoluteExternalPositionalAccuracy', measure: 'Horizontal Positional Accuracy', value: '12.5', unit: 'http://www.opengis.net/def/uom/OGC/1.0/metre' });
    expect(v.constraints.find((c) => c.kind === 'legal')).toMatchObject({ access: ['copyright'], use: ['copyright'] });
  });
});

describe('rich view: four PT_Locales (geocat.ch)', () => {
  const v = view('iso19139/geonetwork-ui__metadata-for-i18n.dataset.xml');

  it('maps each locale id to its language and keeps every translation', () => {
    expect(new Set(v.locales)).toEqual(new Set(['ita', 'eng', 'deu', 'fra']));
    expect(Object.keys(v.abstract?.translations ?? {}).sort()).toEqual(['deu', 'eng', 'fra', 'ita']);
    expect(v.lineage?.statement?.text).toBe('This is a statement about the lineage.');
    expect(v.formats).toEqual([{ name: 'OGC Webservice (WFS)', version: '2.0' }, { name: 'ESRI Shapefile', version: '-' }, { name: 'GeoJSON', version: '1.0' }]);
  });
});

describe('rich view: what is not an ISO document', () => {
  it('answers undefined for a Dublin Core record and refuses a DTD', () => {
    expect(extractRichView('<csw:Record xmlns:csw="http://www.opengis.net/cat/csw/2.0.2"/>')).toBeUndefined();
    expect(() => extractRichView('<!DOCTYPE x [<!ENTITY e "x">]><x/>')).toThrow(/DOCTYPE/);
  });
});
