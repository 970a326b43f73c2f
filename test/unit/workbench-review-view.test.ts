import { METADATA_SCHEMA } from '../../libs/catalogue/metadata.schema';
import { diffDocuments } from '../../libs/catalogue/record-diff';
import { checkSubmissionCompleteness } from '../../libs/catalogue/completeness';
import { REFERENCE_LIST_NAMES, getReferenceList } from '../../libs/catalogue/reference-lists';
import { buildFormModel, type JsonSchema } from '../../web/src/form/form-model';
import { changedFields } from '../../web/src/changes/field-changes';
import { revertChanges } from '../../web/src/changes/revert-changes';
import { codeLabel, wordsOfCode } from '../../web/src/i18n/code-labels';
import { crossesAntimeridian, drawnBox, mapCorners, wrapLongitude } from '../../web/src/map/bbox-bounds';
import { publicPageUrl } from '../../web/src/pages/public-page-url';
import { EN_MESSAGES } from '../../web/src/i18n/messages.en';
import { ID_MESSAGES } from '../../web/src/i18n/messages.id';

const sections = buildFormModel(METADATA_SCHEMA as unknown as JsonSchema);

describe('review view: the published version rebuilt from the changes', () => {
  const cases: [string, Record<string, unknown>, Record<string, unknown>][] = [
    ['scalars and nested objects', { title: 'A', extent: { bbox: { west: 1, east: 2, south: 0, north: 1 } }, lineage: 'x' }, { title: 'B', extent: { bbox: { west: 1, east: 3, south: 0, north: 1 } }, purpose: 'p' }],
    ['items added at the end', { keywords: [{ type: 'theme', values: ['a'] }] }, { keywords: [{ type: 'theme', values: ['a', 'b', 'c'] }, { values: ['d'] }] }],
    ['items removed from the front', { contacts: [{ organisationName: 'X' }, { organisationName: 'Y' }, { organisationName: 'Z' }] }, { contacts: [{ organisationName: 'Z' }] }],
    ['a whole list added or dropped', { formats: ['GeoJSON'] }, { topicCategories: ['boundaries', 'society'] }],
    ['pointer characters in keys', { 'a/b': { '~c': 1 } }, { 'a/b': { '~c': 2, d: [1] } }],
  ];
  it.each(cases)('gives the earlier document exactly: %s', (_name, before, after) => {
    expect(revertChanges(after, diffDocuments(before, after))).toEqual(before);
    // the later document is left as it was
    expect(revertChanges(after, [])).toEqual(after);
  });
});

describe('review view: changes by section and field label', () => {
  it('groups changed fields under the editor sections, the box as one field, the rest under "other"', () => {
    const before = { title: 'A', keywords: [{ type: 'theme', values: ['a'] }], extent: { bbox: { west: 1, east: 2, south: 0, north: 1 } }, dates: { creation: '2020-01-01' } };
    const after = { title: 'B', keywords: [{ type: 'theme', values: ['a', 'b'] }], extent: { bbox: { west: 1, east: 3, south: 0, north: 1 } }, dates: { creation: '2020-01-01' }, custom: 1 };
    const got = changedFields(before, after, sections).map((s) => ({ id: s.id, fields: s.fields.map((f) => [f.name, f.before, f.after]) }));
    expect(got).toEqual([
      { id: 'identification', fields: [['title', 'A', 'B']] },
      { id: 'keywords', fields: [['keywords', before.keywords, after.keywords]] },
      { id: 'extent', fields: [['extent.bbox', before.extent.bbox, after.extent.bbox]] },
      { id: 'other', fields: [['custom', undefined, 1]] },
    ]);
    expect(changedFields(before, structuredClone(before), sections)).toEqual([]);
  });
});

describe('English labels of the code lists and completeness messages', () => {
  it('has an English label for every code of every list, never the Indonesian one', () => {
    for (const name of REFERENCE_LIST_NAMES) {
      for (const item of getReferenceList(name)) {
        const en = codeLabel(name, item, 'en');
        expect(en.trim()).not.toBe('');
        if (item.label !== item.kode && !/^(OGC|Dataset|Model|Metadata|Video|Final|Biota|Sponsor|Distributor|Instrumen)/.test(item.label)) {
          expect([name, item.kode, en]).not.toEqual([name, item.kode, item.label]);
        }
        expect(codeLabel(name, item, 'id')).toBe(item.label);
      }
    }
    expect(wordsOfCode('resourceProvider')).toBe('Resource provider');
    expect(wordsOfCode('DQ_CompletenessOmission')).toBe('Completeness omission');
    expect(codeLabel('BAHASA', { kode: 'ind', label: 'Bahasa Indonesia' }, 'en')).toBe('Indonesian');
    expect(codeLabel('BAHASA', { kode: 'btk', label: 'Bahasa-bahasa Batak' }, 'en')).toBe('Batak languages');
    expect(codeLabel('PROTOKOL_DISTRIBUSI', { kode: 'OGC:WMS-1.3.0-http-get-map', label: '' }, 'en')).toBe('WMS 1.3.0 map (legacy name)');
  });

  it('has a message in both languages for every finding of the submission check', () => {
    const everything = checkSubmissionCompleteness({ hierarchyLevel: 'dataset' } as never)
      .concat(checkSubmissionCompleteness({} as never));
    for (const f of everything) {
      const key = `completeness.need.${f.path}` as keyof typeof ID_MESSAGES;
      expect(ID_MESSAGES[key]).toBe(f.message);
      expect(EN_MESSAGES[key]).toMatch(/^[A-Z]/);
    }
  });
});

describe('bounding boxes across the antimeridian and the public page link', () => {
  it('reads West > East as crossing 180° and draws it east of 180°', () => {
    const fiji = { west: 177, east: -178, south: -19, north: -16 };
    expect(crossesAntimeridian(fiji)).toBe(true);
    expect(mapCorners(fiji)).toEqual([[-19, 177], [-16, 182]]);
    expect(crossesAntimeridian({ west: 95, east: 141, south: -11, north: 6 })).toBe(false);
    expect(mapCorners({ west: 95, east: 141, south: -11, north: 6 })).toEqual([[-11, 95], [6, 141]]);
  });

  it('brings a drag across 180° back to stored longitudes', () => {
    expect(wrapLongitude(182)).toBe(-178);
    expect(wrapLongitude(-185)).toBe(175);
    expect(wrapLongitude(180)).toBe(180);
    expect(drawnBox(177, 182, -19, -16)).toEqual({ west: 177, east: -178, south: -19, north: -16 });
    expect(drawnBox(-200, 200, -95, 95)).toEqual({ west: -180, east: 180, south: -90, north: 90 });
  });

  it('links the public page by the public identifier, percent-encoded', () => {
    expect(publicPageUrl({ id: 'kunci-1', fileIdentifier: 'urn:x:y/z #1' })).toBe('/collections/metadata/items/urn%3Ax%3Ay%2Fz%20%231');
    expect(publicPageUrl({ id: 'kunci-1' })).toBe('/collections/metadata/items/kunci-1');
  });
});

describe('a record without a bounding box can be saved', () => {
  it('makes the sides of the box required only within the box', () => {
    const sides = sections.flatMap((s) => s.fields).filter((f) => f.name.startsWith('extent.bbox.'));
    expect(sides.map((f) => [f.name, f.rules.required, f.rules.requiredWithin])).toEqual([
      ['extent.bbox.west', true, 'extent.bbox'], ['extent.bbox.east', true, 'extent.bbox'],
      ['extent.bbox.south', true, 'extent.bbox'], ['extent.bbox.north', true, 'extent.bbox'],
    ]);
    // a field required at the top stays simply required
    expect(sections.flatMap((s) => s.fields).find((f) => f.name === 'title')?.rules.requiredWithin).toBeUndefined();
  });
});
