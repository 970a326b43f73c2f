import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { jsonEqual } from '../../libs/catalogue/merge-patch';
import type { MetadataDoc } from '../../libs/catalogue/record.types';
import { documentPatcher } from '../../libs/assembly/document-patcher';
import { importMetadataXml } from '../../libs/import';
import { FIELD_TABLE, fieldValue } from '../../libs/import/doc-patch/field-table';
import { cutFieldElements } from '../../libs/import/doc-patch/patch-document';
import { scanXml } from '../../libs/import/doc-patch/xml-ranges';
import { isoSchemaOf, type IsoSchema } from '../../libs/render/crosswalk';
import { leafValues } from '../helpers/leaf-values';
import { ISO_CORPUS_DIR } from '../helpers/test-data';
import { validateXsdMany, type XsdSchema } from '../helpers/xsd';
import KNOWN_EXCEPTIONS from './document-patch.known-exceptions.json';

/**
 * KNOWN EXCEPTIONS (unfixed at the deadline, doc-patch-2): `check|field` → the records that still
 * fail that check, with the reason. Narrow by construction: only the named record × field × check
 * is excused; any other failure fails the test. Remove entries as the patcher/table is fixed.
 */
const KNOWN = KNOWN_EXCEPTIONS as Record<string, { reason: string; files: string[] }>;
/** every listed `check|field|file` that excused a failure in this run: a listed pair that no longer fails must leave the list */
const usedExceptions = new Set<string>();
const excused = (check: string, field: string, failures: string[]): string[] =>
  failures.filter((f) => {
    const file = (KNOWN[`${check}|${field}`]?.files ?? []).find((x) => f === x || f.startsWith(`${x}:`) || f.startsWith(`${x} ×`));
    if (file !== undefined) usedExceptions.add(`${check}|${field}|${file}`);
    return file === undefined;
  });

/*
 * Element-level editing (issue 19 §4) over the real-world corpus: for every record × editable
 * field, the edit changes only that field's elements. The leaf values (test/helpers/leaf-values.ts,
 * by occurrence) outside the field's paths are the same before and after; the import mapping of
 * the patched document has the edited value; a document valid against the official XSD stays valid.
 *
 * The values are today's fields (the gmd render writes them on main); the grown model's fields
 * (edition, operatesOn, translations …) have table entries but wait for their render (H3b).
 */
interface Doc { file: string; xml: string; schema: IsoSchema; before: MetadataDoc }
const docs: Doc[] = ['iso19139', 'iso19115-2', 'iso19115-3'].flatMap((sub) =>
  readdirSync(path.join(ISO_CORPUS_DIR, sub)).filter((f) => f.endsWith('.xml')).sort().flatMap((file) => {
    const xml = readFileSync(path.join(ISO_CORPUS_DIR, sub, file), 'utf8').replace(/^\uFEFF/, '');
    try {
      return [{ file: `${sub}/${file}`, xml, schema: isoSchemaOf(xml) as IsoSchema, before: importMetadataXml(xml).doc }];
    } catch {
      return []; // a record the import refuses has no JSON to edit
    }
  }));

/** One new value per field, none of them in any corpus record. */
const ALL_NEW_VALUES: Record<string, unknown | ((d: MetadataDoc) => unknown)> = {
  'title': 'Judul hasil suntingan uji',
  'abstract': 'Abstrak hasil suntingan uji',
  'purpose': 'Tujuan hasil suntingan uji',
  'language': 'ind',
  'topicCategories': ['farming', 'oceans'],
  'keywords': [{ type: 'theme', values: ['kata kunci uji satu', 'kata kunci uji dua'] }],
  'dates.creation': '2001-02-03',
  'progressStatus': 'onGoing',
  'maintenanceFrequency': 'biannually',
  'thumbnailUrl': 'https://contoh.go.id/gambar-uji.png',
  'spatialRepresentationType': 'grid',
  'spatialResolution': { scaleDenominator: 123457 },
  // an additional scale (distance) only reads back as one beside a primary scale (distance): the
  // import's rule (the first scale and the first distance are spatialResolution)
  'additionalResolutions': (d: MetadataDoc) => [
    ...(d.spatialResolution?.distance === undefined ? [] : [{ distance: 2.5, distanceUom: 'm' }]),
    ...(d.spatialResolution?.scaleDenominator === undefined && d.spatialResolution?.distance !== undefined ? [] : [{ scaleDenominator: 7654321 }]),
  ],
  'referenceSystem': 'EPSG:23830',
  'extent.bbox': { west: 95.5, east: 141.25, south: -11.125, north: 6.0625 },
  'extent.additionalBboxes': [{ west: 100.5, east: 101.25, south: -2.5, north: -1.75 }],
  'extent.temporal': { start: '1999-01-02', end: '2003-04-05' },
  'constraints.useLimitation': 'Batasan penggunaan uji',
  'constraints.classification': 'restricted',
  'lineage': 'Silsilah hasil suntingan uji',
  'formats': ['Format uji'],
  'distributions': [{ protocol: 'WWW:LINK', url: 'https://contoh.go.id/unduh-uji', name: 'Tautan uji' }],
  'contacts': [{ role: 'custodian', organisationName: 'Badan Uji Suntingan', email: 'uji@contoh.go.id' }],
  // the grown model's fields (issue 19 §4; their import and render are on main)
  'translations': { title: { eng: 'Edited test title' } },
  'alternateTitles': ['Judul lain uji'],
  'edition': 'Edisi uji 7',
  'resourceIdentifiers': [{ code: 'ID-UJI-0001', codeSpace: 'https://contoh.go.id/id' }],
  'parentIdentifier': 'induk-uji-0001',
  'conformity': [{ specification: 'Spesifikasi uji', specificationDate: '2010-12-08', specificationDateType: 'publication', explanation: 'Penjelasan uji', pass: true }],
  'constraints.legal': { accessConstraints: ['otherRestrictions'], otherConstraints: [{ text: 'Batasan hukum uji' }] },
  'processSteps': ['Langkah proses uji satu', 'Langkah proses uji dua'],
  'associatedResources': [{ associationType: 'crossReference', identifier: 'sumber-terkait-uji', title: 'Sumber terkait uji' }],
  'operatesOn': [{ uuidref: 'data-uji-0001', href: 'https://contoh.go.id/csw?id=data-uji-0001', title: 'Data uji' }],
  'distributors': [{ role: 'distributor', organisationName: 'Distributor Uji', email: 'distributor@contoh.go.id' }],
  'formatVersions': (d: MetadataDoc) => [{ format: d.formats?.[0] ?? 'GeoTIFF', version: '9.9-uji' }],
  // not an EPSG code: the import reads the first EPSG code as `referenceSystem` wherever it stands,
  // so an EPSG code as the only entry of this list (a record without an EPSG system) cannot read
  // back as this field from any document; the list is for the identifiers that are not that code
  'additionalReferenceSystems': [{ code: 'Sistem Grid Uji', codeSpace: 'contoh.go.id' }],
  'extent.vertical': { minimum: -12.5, maximum: 340, crs: 'urn:ogc:def:crs:EPSG::5715' },
};

/**
 * For iterating on a few fields (177 records × every field is slow): `DOC_PATCH_FIELDS=a,b`
 * restricts the run to those fields. Unset (the default, and in CI) every field runs.
 */
const SELECTED = process.env.DOC_PATCH_FIELDS?.split(',').map((f) => f.trim()).filter(Boolean);
const NEW_VALUES = SELECTED?.length
  ? Object.fromEntries(Object.entries(ALL_NEW_VALUES).filter(([f]) => SELECTED.includes(f)))
  : ALL_NEW_VALUES;

/** A field's new value for one record (a format version belongs to a format the record names). */
const newValue = (field: string, d: MetadataDoc): unknown => {
  const v = NEW_VALUES[field];
  return typeof v === 'function' ? (v as (x: MetadataDoc) => unknown)(d) : v;
};

/** Properties only a service identification has: a dataset record keeps the edit in its JSON only. */
const SERVICE_ONLY = new Set(['operatesOn']);

/** Whether the identification the import reads (the first) is a service identification. */
const readsService = (xml: string): boolean =>
  scanXml(xml).children.find((c) => c.local === 'identificationInfo')?.children[0]?.local === 'SV_ServiceIdentification';

/** MD_DataIdentification properties SV_ServiceIdentification does not have. */
const DATA_ONLY = new Set(['language', 'topicCategories', 'spatialRepresentationType', 'spatialResolution', 'additionalResolutions', 'extent.bbox', 'extent.additionalBboxes', 'extent.temporal']);

function withValue(doc: MetadataDoc, field: string, value: unknown): MetadataDoc {
  const out = structuredClone(doc) as Record<string, unknown>;
  const keys = field.split('.');
  let o = out;
  for (const k of keys.slice(0, -1)) o = (o[k] ??= {}) as Record<string, unknown>;
  o[keys[keys.length - 1]!] = value;
  return out as MetadataDoc;
}

const family = (s: IsoSchema): 'gmd' | 'mdb' => (s.startsWith('iso19115-3') ? 'mdb' : 'gmd');
const xsdOf = (s: IsoSchema): XsdSchema => (s === 'iso19139' ? 'gmd' : s === 'iso19115-2' ? 'gmi' : s === 'iso19115-3-2016' ? 'mdb2016' : 'mdb2018');
const sorted = (m: Map<string, number>): [string, number][] => [...m].sort(([a], [b]) => a.localeCompare(b));

interface Outcome { doc: Doc; field: string; xml: string; mapped: MetadataDoc }
const outcomes: Outcome[] = [];

beforeAll(async () => {
  const patch = documentPatcher();
  for (const doc of docs) {
    for (const [field, value] of Object.entries(NEW_VALUES)) {
      const after = withValue(doc.before, field, typeof value === 'function' ? (value as (x: MetadataDoc) => unknown)(doc.before) : value);
      const r = await patch({ xml: doc.xml, schema: doc.schema, after, recordId: 'rekaman-uji', updatedAt: '2026-01-01T00:00:00Z' });
      outcomes.push({ doc, field, xml: r.document.xml, mapped: importMetadataXml(r.document.xml).doc });
    }
  }
}, 900_000);

describe('document patch over the corpus', () => {
  it('reads the corpus', () => {
    expect(docs.length).toBeGreaterThanOrEqual(170);
    expect(outcomes).toHaveLength(docs.length * Object.keys(NEW_VALUES).length);
  });

  it.each(Object.keys(NEW_VALUES))('%s: the leaf values outside the field are kept, by occurrence', (field) => {
    const failures: string[] = [];
    for (const o of outcomes.filter((x) => x.field === field)) {
      const was = sorted(leafValues(cutFieldElements(o.doc.xml, family(o.doc.schema), field)));
      const now = sorted(leafValues(cutFieldElements(o.xml, family(o.doc.schema), field)));
      if (!jsonEqual(was, now)) failures.push(o.doc.file);
    }
    expect(excused('kept', field, failures)).toEqual([]);
  });

  it.each(Object.keys(NEW_VALUES))('%s: the mapping of the patched document has the edited value', (field) => {
    const failures: string[] = [];
    // records whose identification the import cannot read (a profile's own element, e.g.
    // sinp:DispositifIdentification) have no title before the edit: their patch is right, their mapping empty
    for (const o of outcomes.filter((x) => x.field === field && x.doc.before.title !== undefined)) {
      const got = fieldValue(o.mapped, field);
      if (jsonEqual(got ?? null, newValue(field, o.doc.before))) continue;
      // a data-only property has no place in a service identification: the edit stays in the JSON
      if (DATA_ONLY.has(field) && /SV_ServiceIdentification/.test(o.doc.xml)) continue;
      // the identification the import reads (the first): a THREDDS record's data identification
      // with further service identifications is no service record (the table patches the first only)
      if (SERVICE_ONLY.has(field) && !readsService(o.doc.xml)) continue;
      // a version belongs to a format the record names (NEW_VALUES); a record naming none has no
      // MD_Format for it, so the render writes none and the edit stays in the JSON (as above)
      if (field === 'formatVersions' && !o.doc.before.formats?.length) continue;
      // a record without a primary resolution reads its first scale as the primary one (NEW_VALUES)
      if (field === 'additionalResolutions' && o.doc.before.spatialResolution === undefined) continue;
      // the import reads extent.bbox as the box around every box it can read: with further boxes
      // (additionalBboxes) the edited first box is not what reads back
      if (field === 'extent.bbox' && o.doc.before.extent?.additionalBboxes?.length) continue;
      // and a record without a first box reads the added box as its first
      if (field === 'extent.additionalBboxes' && !o.doc.before.extent?.bbox) continue;
      failures.push(`${o.doc.file}: ${JSON.stringify(got)}`);
    }
    expect(excused('value', field, failures)).toEqual([]);
  });

  /**
   * Fields the import derives from the same elements: an edit of one legitimately changes the other
   * (the licence text is the otherConstraints joined; a relation is an aggregation's identifier or an
   * operatesOn reference; a format version belongs to a format by name; the first reference system is `referenceSystem` when
   * it is EPSG, else the first of `additionalReferenceSystems`).
   */
  const DERIVED_TOGETHER: Record<string, readonly string[]> = {
    'constraints.legal': ['constraints.license'], 'constraints.license': ['constraints.legal'],
    associatedResources: ['relations'], relations: ['associatedResources', 'operatesOn'],
    // the import puts every operatesOn uuidref (else href) in `relations` too (map-iso.ts)
    operatesOn: ['relations'],
    formats: ['formatVersions'], formatVersions: ['formats'],
    // extent.bbox is the box around every box
    'extent.additionalBboxes': ['extent.bbox'],
    referenceSystem: ['additionalReferenceSystems'], additionalReferenceSystems: ['referenceSystem'],
  };

  it.each(Object.keys(NEW_VALUES))('%s: the other fields of the mapping are unchanged', (field) => {
    const failures: string[] = [];
    for (const o of outcomes.filter((x) => x.field === field)) {
      const others = FIELD_TABLE.filter((e) => e.field !== field && !e.field.startsWith(`${field}.`) && !field.startsWith(`${e.field}.`)
        && !(DERIVED_TOGETHER[field] ?? []).includes(e.field));
      const changed = others.filter((e) => !jsonEqual(fieldValue(o.doc.before, e.field) ?? null, fieldValue(o.mapped, e.field) ?? null));
      if (changed.length) failures.push(`${o.doc.file}: ${changed.map((e) => e.field).join(', ')}`);
    }
    expect(excused('others', field, failures)).toEqual([]);
  });

  it('a document valid against the XSD stays valid after every edit', () => {
    const schemas = [...new Set(docs.map((d) => d.schema))];
    const failures: string[] = [];
    for (const s of schemas) {
      const ofSchema = docs.filter((d) => d.schema === s);
      const valid = new Set(validateXsdMany(ofSchema.map((d) => d.xml), xsdOf(s)).flatMap((r, i) => (r.valid ? [ofSchema[i]!.file] : [])));
      const patched = outcomes.filter((o) => valid.has(o.doc.file));
      validateXsdMany(patched.map((o) => o.xml), xsdOf(s)).forEach((r, i) => {
        if (!r.valid && excused('xsd', patched[i]!.field, [`${patched[i]!.doc.file} ×`]).length) failures.push(`${patched[i]!.doc.file} × ${patched[i]!.field}: ${r.errors.slice(0, 300)}`);
      });
    }
    expect(failures).toEqual([]);
  }, 900_000);

  it('every known exception still fails (a fixed pair leaves the list)', () => {
    // with DOC_PATCH_FIELDS, only the exceptions of the fields that ran can have been used
    const listed = Object.entries(KNOWN).filter(([key]) => key.split('|')[1]! in NEW_VALUES)
      .flatMap(([key, v]) => v.files.map((file) => `${key}|${file}`));
    expect(listed.filter((x) => !usedExceptions.has(x))).toEqual([]);
  });
});
