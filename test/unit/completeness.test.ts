import { checkSubmissionCompleteness } from '../../libs/catalogue/completeness';
import type { MetadataDoc } from '../../libs/catalogue/record.types';
import { validateMetadataDoc } from '../../libs/catalogue/validate-record';

const complete = (): MetadataDoc => ({
  title: 'Batas Wilayah Administrasi Desa',
  abstract: 'Batas desa seluruh Indonesia hasil delineasi kartometrik.',
  language: 'ind',
  hierarchyLevel: 'dataset',
  topicCategories: ['boundaries'],
  contacts: [{ role: 'custodian', organisationName: 'Badan Informasi Geospasial' }],
  dates: { publication: '2023-06-01' },
  extent: { bbox: { west: 95, east: 141, south: -11, north: 6 } },
});

const paths = (doc: MetadataDoc): string[] => checkSubmissionCompleteness(doc).map((e) => e.path);

describe('checkSubmissionCompleteness', () => {
  it('accepts a complete dataset (which is also schema-valid)', () => {
    expect(validateMetadataDoc(complete()).ok).toBe(true);
    expect(checkSubmissionCompleteness(complete())).toEqual([]);
  });

  it('reports everything missing from a bare draft, with Indonesian messages', () => {
    const errors = checkSubmissionCompleteness({ title: 'Draf' });
    expect(errors.map((e) => e.path)).toEqual(['/abstract', '/language', '/hierarchyLevel', '/contacts', '/dates']);
    for (const e of errors) expect(e.message).toMatch(/wajib/i);
    // each finding is coded, so a client in another language words it by its path (issue 20 §4)
    for (const e of errors) expect(e.code).toBe('incomplete');
  });

  it('reports a blank title and abstract', () => {
    expect(paths({ ...complete(), title: '  ', abstract: '\n' })).toEqual(['/title', '/abstract']);
  });

  it('reports missing language and hierarchy level', () => {
    const { language: _l, hierarchyLevel: _h, ...rest } = complete();
    expect(paths(rest)).toEqual(['/language', '/hierarchyLevel']);
  });

  it('requires at least one contact with an organisation name', () => {
    expect(paths({ ...complete(), contacts: [] })).toEqual(['/contacts']);
    expect(paths({ ...complete(), contacts: [{ role: 'author', organisationName: '  ', individualName: 'Budi' }] })).toEqual(['/contacts']);
    expect(paths({ ...complete(), contacts: [
      { role: 'author', organisationName: '' }, { role: 'publisher', organisationName: 'Penerbit X' },
    ] })).toEqual([]);
  });

  it('requires at least one of creation, publication or revision date', () => {
    expect(paths({ ...complete(), dates: undefined })).toEqual(['/dates']);
    expect(paths({ ...complete(), dates: {} })).toEqual(['/dates']);
    for (const k of ['creation', 'publication', 'revision'] as const) {
      expect(paths({ ...complete(), dates: { [k]: '2020' } })).toEqual([]);
    }
  });

  it.each(['dataset', 'series'])('requires a topic category and a bbox for %s', (level) => {
    expect(paths({ ...complete(), hierarchyLevel: level, topicCategories: [], extent: undefined })).toEqual([
      '/topicCategories', '/extent/bbox',
    ]);
    expect(paths({ ...complete(), hierarchyLevel: level, extent: { temporal: { start: '2020' } } })).toEqual(['/extent/bbox']);
  });

  it.each(['service', 'nonGeographicDataset', 'document'])('does not require topic or bbox for %s', (level) => {
    expect(paths({ ...complete(), hierarchyLevel: level, topicCategories: undefined, extent: undefined })).toEqual([]);
  });
});
