import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { importMetadataXml } from '../../libs/import';
import { createRenderer, type RenderSet } from '../../libs/render';
import { DOCUMENT_FORMS, embeddable, FULL_FORM } from '../../libs/render/document-forms';
import type { MetadataRecord } from '../../libs/catalogue/record.types';
import { parseXmlSafely } from '../../libs/xml/safe-parse';
import { compareLeafValues, leafValues, normaliseLeaf } from '../helpers/leaf-values';
import { ISO_CORPUS_DIR } from '../helpers/test-data';
import { validateXsdMany } from '../helpers/xsd';

/**
 * Issue 19: the forms the renderer takes from a stored document, over every record of the
 * real-world corpus (ISO 19139, gmi:MI_Metadata in both namespaces, ISO 19115-3): the full form
 * is the document itself; the brief and summary element sets are projections of it (every
 * value they hold is the document's, and they parse with every prefix declared); the three Dublin
 * Core records made from 19139 / 19115-2 documents validate against record.xsd and carry the
 * document's identifier.
 */
const FILES = ['iso19139', 'iso19115-2', 'iso19115-3'].flatMap((d) => readdirSync(path.join(ISO_CORPUS_DIR, d)).filter((f) => f.endsWith('.xml')).sort().map((f) => path.join(ISO_CORPUS_DIR, d, f)));

interface Rendered { file: string; xml: string; schema: keyof typeof FULL_FORM; id: string; set: RenderSet }
let rendered: Rendered[];

beforeAll(async () => {
  const renderer = await createRenderer();
  rendered = FILES.map((file) => {
    const xml = readFileSync(file, 'utf8');
    const imp = importMetadataXml(xml);
    const doc = imp.document!;
    const record = {
      ...imp.doc, id: `k-${path.basename(file)}`, status: 'PUBLISHED', organisationId: 'o', ownerId: 'u', reviewerId: null, version: 1,
      createdAt: '2024-01-01T00:00:00Z', updatedAt: '2024-01-01T00:00:00Z', publishedAt: null,
    } as MetadataRecord;
    return { file, xml: doc.xml, schema: doc.schema, id: imp.doc.fileIdentifier!, set: renderer.renderAll({ ...record, isoDocument: { xml: doc.xml, schema: doc.schema } }) };
  });
}, 600_000);

it('serves the document itself as its own schema\'s full form', () => {
  for (const r of rendered) expect({ file: r.file, same: r.set[FULL_FORM[r.schema]] === embeddable(r.xml) }).toEqual({ file: r.file, same: true });
});

it('cuts the brief and summary element sets from the document: they parse and hold nothing the document does not', () => {
  for (const r of rendered) {
    const full = leafValues(r.set[FULL_FORM[r.schema]]);
    for (const f of DOCUMENT_FORMS[r.schema].filter((x) => /^(gmd|mdb2018)-(brief|summary)$/.test(x))) {
      const xml = r.set[f];
      const root = parseXmlSafely(xml).documentElement!;
      expect({ file: r.file, f, root: root.localName }).toEqual({ file: r.file, f, root: expect.stringMatching(/^M[DI]_Metadata$/) });
      const inside = compareLeafValues(leafValues(xml), full);
      expect({ file: r.file, f, lost: inside.lost }).toEqual({ file: r.file, f, lost: [] });
      // the record's identifier is in every element set (a document without one has none to keep)
      if (r.id) expect({ file: r.file, f, id: leafValues(xml).has(`text\u0000${normaliseLeaf(r.id)}`) }).toEqual({ file: r.file, f, id: true });
    }
  }
});

it('writes the three Dublin Core records of 19139 and 19115-2 documents from the document, valid against record.xsd', () => {
  const gmdFamily = rendered.filter((r) => r.schema === 'iso19139' || r.schema === 'iso19115-2');
  expect(gmdFamily.length).toBe(116 + 22);
  for (const f of ['dc-full', 'dc-summary', 'dc-brief'] as const) {
    const results = validateXsdMany(gmdFamily.map((r) => r.set[f]), 'csw-record');
    expect(results.flatMap((res, i) => (res.valid ? [] : [`${gmdFamily[i]!.file} ${f}: ${res.errors}`]))).toEqual([]);
  }
  for (const r of gmdFamily) {
    const id = parseXmlSafely(r.set['dc-full']).getElementsByTagNameNS('http://purl.org/dc/elements/1.1/', 'identifier')[0]?.textContent;
    if (r.id) expect({ file: r.file, id: id?.trim() }).toEqual({ file: r.file, id: r.id });
  }
}, 300_000);
