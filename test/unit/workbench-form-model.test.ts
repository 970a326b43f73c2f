import { METADATA_SCHEMA } from '../../libs/catalogue/metadata.schema';
import { buildFormModel, checkValue, referenceListsOf, type FieldSpec } from '../../web/src/form/form-model';
import { fromFormValues, toFormValues } from '../../web/src/form/form-values';
import { topLevelMergePatch } from '../../web/src/api/records.api';
import { isShown, SERVICE_ONLY, withoutHiddenServiceFields } from '../../web/src/form/form-layout';

const sections = buildFormModel(METADATA_SCHEMA);
const field = (name: string): FieldSpec => {
  const f = sections.flatMap((s) => s.fields).find((x) => x.name === name);
  if (!f) throw new Error(`no field ${name}`);
  return f;
};

describe('workbench form generation from the metadata JSON Schema', () => {
  it('puts fields in the ISO editor sections with kinds and reference lists taken from the schema', () => {
    expect(sections.map((s) => s.id)).toEqual(['identification', 'keywords', 'contacts', 'extent', 'distribution', 'constraints', 'quality', 'thumbnail']);
    expect(field('title')).toMatchObject({ kind: 'text', rules: { required: true, maxLength: 500 } });
    expect(field('abstract').kind).toBe('textarea');
    expect(field('language')).toMatchObject({ kind: 'select', refList: 'BAHASA' });
    expect(field('topicCategories')).toMatchObject({ kind: 'multiselect', refList: 'TOPIK_KATEGORI' });
    expect(field('extent.bbox.west')).toMatchObject({ kind: 'number', rules: { minimum: -180, maximum: 180, required: true } });
    expect(field('dates.creation').kind).toBe('date');
    const contacts = field('contacts');
    expect(contacts.kind).toBe('objects');
    expect(contacts.itemFields?.find((f) => f.name === 'role')).toMatchObject({ kind: 'select', refList: 'PERAN_KONTAK' });
    expect(sections.find((s) => s.id === 'extent')?.fields.map((f) => f.name)).toContain('extent.bbox.north');
    expect(sections.flatMap((s) => s.fields).map((f) => f.name)).not.toContain('fileIdentifier');
    expect(referenceListsOf(sections)).toEqual(expect.arrayContaining(['BAHASA', 'PERAN_KONTAK', 'TOPIK_KATEGORI', 'PROTOKOL_DISTRIBUSI']));
  });

  it('checks values with the schema rules while typing', () => {
    expect(checkValue(field('title'), '')).toEqual({ key: 'required' });
    expect(checkValue(field('referenceSystem'), '4326')).toEqual({ key: 'pattern' });
    expect(checkValue(field('referenceSystem'), 'EPSG:4326')).toBeUndefined();
    expect(checkValue(field('extent.bbox.west'), '200')).toEqual({ key: 'max', params: { max: 180 } });
    expect(checkValue(field('extent.bbox.west'), 'abc')).toEqual({ key: 'number' });
    const email = field('contacts').itemFields!.find((f) => f.name === 'email')!;
    expect(checkValue(email, 'bukan-surel')).toEqual({ key: 'email' });
    expect(checkValue(field('thumbnailUrl'), 'javascript:alert(1)')).toEqual({ key: 'url' });
  });

  it('round-trips a document through the form state', () => {
    const doc = {
      title: 'Batas Desa', language: 'ind', topicCategories: ['boundaries'], formats: ['GeoTIFF', 'SHP'],
      contacts: [{ role: 'pointOfContact', organisationName: 'BIG', email: 'a@b.go.id' }],
      extent: { bbox: { west: 106.7, east: 106.9, south: -6.3, north: -6.1 } },
      spatialResolution: { scaleDenominator: 25000 },
      dataQuality: [{ element: 'DQ_CompletenessOmission', pass: true }],
    };
    const values = toFormValues(doc, sections);
    expect((values.extent as { bbox: { west: string } }).bbox.west).toBe('106.7');
    expect(values.formats).toBe('GeoTIFF\nSHP');
    expect(fromFormValues(values, sections)).toEqual(doc);
  });

  it('drops a half-typed bounding box and empty inputs', () => {
    const values = toFormValues({ title: 'X' }, sections);
    (values.extent as { bbox: Record<string, string> }).bbox.west = '100';
    expect(fromFormValues(values, sections)).toEqual({ title: 'X' });
  });

  it('a record switched from service back to dataset saves none of its service fields (issue 19 finding 4)', () => {
    const service = {
      title: 'Layanan WMS', hierarchyLevel: 'service', serviceType: 'view', serviceTypeVersions: ['1.3.0'], couplingType: 'tight',
      operations: [{ name: 'GetMap', dcp: 'WebServices', url: 'https://peta.example.go.id/wms' }], operatesOn: [{ uuidref: 'batas-desa-2024' }],
    };
    const values = toFormValues(service, sections);
    // as opened: a service, everything shown and saved
    expect(withoutHiddenServiceFields(fromFormValues(values, sections), service)).toEqual(service);
    // switched to dataset: the service fields are hidden and left out, so the merge patch clears them
    values.hierarchyLevel = 'dataset';
    for (const name of SERVICE_ONLY) expect([name, isShown(name, 'dataset', service)]).toEqual([name, false]);
    const saved = withoutHiddenServiceFields(fromFormValues(values, sections), service);
    expect(saved).toEqual({ title: 'Layanan WMS', hierarchyLevel: 'dataset' });
    expect(topLevelMergePatch(service, saved)).toEqual({
      hierarchyLevel: 'dataset', serviceType: null, serviceTypeVersions: null, couplingType: null, operations: null, operatesOn: null,
    });
    // and back to service before saving: what was typed is still there
    values.hierarchyLevel = 'service';
    expect(withoutHiddenServiceFields(fromFormValues(values, sections), service)).toEqual(service);
    // a dataset opened with a service value keeps it (nothing a document carries is hidden); typed-in ones are not sent
    const odd = { title: 'Data', hierarchyLevel: 'dataset', serviceType: 'download' };
    const oddValues = toFormValues(odd, sections);
    expect(isShown('serviceType', 'dataset', odd)).toBe(true);
    oddValues.couplingType = 'loose';
    expect(withoutHiddenServiceFields(fromFormValues(oddValues, sections), odd)).toEqual(odd);
  });

  it('sends removed fields as null in the merge patch', () => {
    expect(topLevelMergePatch({ title: 'A', abstract: 'x', fileIdentifier: 'id1' }, { title: 'B' })).toEqual({ title: 'B', abstract: null });
  });
});
