import type { MetadataDoc } from '../../libs/catalogue/record.types';
import { PROJECTION_COLUMNS, PROJECTION_KINDS, projectRecord, type SearchProjection } from '../../libs/catalogue/search-projection';
import { projectionSqlType, projectionTarget } from '../../libs/db/projection-columns';
import { BATCH_ROW_SOURCE } from '../../libs/db/record-batch.repository';
import { docAssignments } from '../../libs/db/record.repository';
import { generateRecord } from '../helpers/sample-records';

/**
 * Issue 11 point 6: the search projection is written by two writers (one record, a batch) that
 * once each kept their own list of text[] columns; a new array column added to the projection
 * but not to both lists would have been written as text. Both now derive from PROJECTION_KINDS.
 * These tests hold the table, the projected values and both writers to one answer per column.
 */

const { id, ...full } = generateRecord(3);
const docs: [string, MetadataDoc, string][] = [
  ['a full record', full as MetadataDoc, id],
  ['an empty record', {} as MetadataDoc, 'kosong'],
];

/** What the value projectRecord produced needs as an SQL type. */
const sqlTypeOfValue = (v: unknown): string => (Array.isArray(v) ? 'text[]' : typeof v === 'boolean' ? 'boolean' : 'text');

describe('the search projection table and its writers agree on every column', () => {
  it('lists exactly the columns projectRecord produces', () => {
    expect([...PROJECTION_COLUMNS].sort()).toEqual(Object.keys(projectRecord(full as MetadataDoc, id)).sort());
  });

  it.each(docs)("%s: each column's kind matches the value projected (array ⇔ text[], boolean ⇔ boolean)", (_what, doc, recordId) => {
    const p = projectRecord(doc, recordId);
    const mismatches = PROJECTION_COLUMNS.filter((c) => p[c] !== null && sqlTypeOfValue(p[c]) !== projectionSqlType(c));
    expect(mismatches).toEqual([]);
  });

  it('the full sample fills every array column, so the check above really saw arrays', () => {
    const p = projectRecord(full as MetadataDoc, id);
    const arrays = PROJECTION_COLUMNS.filter((c) => PROJECTION_KINDS[c] === 'text-list');
    expect(arrays.length).toBeGreaterThanOrEqual(6);
    for (const c of arrays) expect((p[c] as string[]).length).toBeGreaterThan(0);
  });

  it.each(docs)('%s: the single-record writer casts each value to the type it has', (_what, doc, recordId) => {
    const params: unknown[] = [];
    const assignments = new Map(docAssignments(doc, recordId, params));
    const p = projectRecord(doc, recordId);
    for (const c of PROJECTION_COLUMNS) {
      const expr = assignments.get(projectionTarget(c));
      expect({ c, expr }).toEqual({ c, expr: expect.stringContaining(`::${sqlTypeOfValue(p[c] ?? '')}`) });
      // the cast closes the parameter: `$n::text` is not a prefix of `$n::text[]`
      expect({ c, expr }).toEqual({ c, expr: expect.stringMatching(new RegExp(`\\$\\d+::${sqlTypeOfValue(p[c] ?? '').replace(/[[\]]/g, '\\$&')}(\\)|,|$)`)) });
    }
    expect(params).toHaveLength(1 + PROJECTION_COLUMNS.length);
  });

  it('the batch writer reads each column from the JSON rows with the type of its value', () => {
    const p = projectRecord(full as MetadataDoc, id);
    const declared = new Map([...BATCH_ROW_SOURCE.matchAll(/(\w+) (text\[\]|text|boolean|jsonb)(?=[,)])/g)].map((m) => [m[1]!, m[2]!]));
    for (const c of PROJECTION_COLUMNS) expect({ c, type: declared.get(c) }).toEqual({ c, type: sqlTypeOfValue((p as SearchProjection)[c] ?? '') });
  });

  it('writes the footprint into the PostGIS column', () => {
    expect(projectionTarget('extent_wkt')).toBe('extent');
    const assignments = new Map(docAssignments(full as MetadataDoc, id, []));
    expect(assignments.get('extent')).toMatch(/^ST_GeomFromText\(\$\d+::text, 4326\)$/);
  });
});
