import type { MetadataDoc, MetadataRecord } from '../../libs/catalogue/record.types';
import { importMetadataXml } from '../../libs/import';
import { buildGmd } from '../../libs/render/gmd-builder';
import { validateMetadataDoc } from '../../libs/catalogue/validate-record';
import { docOf } from '../helpers/sample-records';
import { GROWN_DATASET, GROWN_SERVICE } from '../helpers/grown-records';

/**
 * JSON → ISO 19139 → JSON for the fields of issue 19 §4 (the model contract): the render writes
 * them (libs/render) and the import reads them back (libs/import). Written with the render,
 * before the import side landed: it passes once both halves of the contract are merged.
 *
 * Left to the contract's reading rules, so not compared field for field: the licence text (the
 * import joins the otherConstraints texts), the order of citation-placed and other contacts,
 * and a conformity date's type when it is the default (publication).
 */
function normalised(doc: MetadataDoc): MetadataDoc {
  const d = structuredClone(doc) as MetadataDoc;
  if (d.constraints) delete d.constraints.license;
  d.contacts?.sort((a, b) => (a.organisationName < b.organisationName ? -1 : 1));
  d.conformity = d.conformity?.map((c) => ({ ...c, specificationDateType: c.specificationDateType ?? 'publication' }));
  return d;
}

function roundTrip(record: MetadataRecord): MetadataDoc {
  const r = importMetadataXml(buildGmd(record));
  expect(r.sourceFormat).toBe('gmd');
  expect(validateMetadataDoc(r.doc).ok).toBe(true);
  return r.doc;
}

it('keeps every grown field of a dataset', () => {
  const doc = roundTrip(GROWN_DATASET);
  expect(doc.constraints?.license).toContain('CC BY 4.0');
  expect(normalised(doc)).toEqual(normalised(docOf(GROWN_DATASET)));
});

it('keeps every grown field of a service', () => {
  expect(normalised(roundTrip(GROWN_SERVICE))).toEqual(normalised(docOf(GROWN_SERVICE)));
});
