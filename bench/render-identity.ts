/**
 * Proof that a change to the renderer or the crosswalk stylesheets leaves every render byte for
 * byte as it was (issue 19, render speed): `--write DIR` writes every form of a fixed set of
 * records, one file per record and form; `--compare DIR` renders the same set again and lists
 * every form whose bytes differ (exit code 1 if any).
 *   npx tsx bench/render-identity.ts --write /tmp/render-before
 *   npx tsx bench/render-identity.ts --compare /tmp/render-before
 * The set: the 177 ISO corpus files with their stored documents (both crosswalk directions:
 * 19139/19115-2 → 19115-3 and 19115-3 → 19139), 300 generated JSON-only records, and 300
 * generated records whose stored document is their own gmd render (19139), a third of them
 * whose stored document is their mdb2018 render instead (19115-3 → 19139 on generated input).
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import type { MetadataRecord } from '../libs/catalogue/record.types';
import { importMetadataXml } from '../libs/import';
import { RENDER_FORMATS, createRenderer } from '../libs/render';
import type { RenderInput } from '../libs/render/document-forms';
import { ISO_CORPUS_DIR } from '../test/helpers/test-data';
import { generateRecord } from '../test/helpers/sample-records';

const argAfter = (name: string): string | undefined => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};

const NOW = '2026-01-01T00:00:00.000Z';

function corpusRecords(): RenderInput[] {
  const files = readdirSync(ISO_CORPUS_DIR, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.xml')).sort();
  return files.flatMap((f, i): RenderInput[] => {
    const r = importMetadataXml(readFileSync(path.join(ISO_CORPUS_DIR, f), 'utf8'));
    const id = `korpus-${String(i).padStart(3, '0')}`;
    const record: MetadataRecord = {
      ...r.doc, fileIdentifier: r.doc.fileIdentifier ?? id, id, status: 'PUBLISHED', organisationId: 'org', ownerId: 'u',
      reviewerId: null, version: 1, createdAt: NOW, updatedAt: NOW, publishedAt: NOW,
    };
    return [r.document ? { ...record, isoDocument: { xml: r.document.xml, schema: r.document.schema } } : record];
  });
}

async function main(): Promise<void> {
  const writeDir = argAfter('write');
  const compareDir = argAfter('compare');
  const dir = writeDir ?? compareDir;
  if (!dir) throw new Error('--write DIR atau --compare DIR');
  const renderer = await createRenderer();
  const records: RenderInput[] = corpusRecords();
  for (let i = 0; i < 300; i++) records.push(generateRecord(i));
  // generated records with a stored document: their own render, so the document is realistic and varied
  for (let i = 300; i < 600; i++) {
    const base = generateRecord(i);
    const own = renderer.renderAll(base);
    const viaMdb = i % 3 === 0;
    records.push({ ...base, id: `${base.id}-doc`, isoDocument: viaMdb ? { xml: own.mdb2018, schema: 'iso19115-3-2018' } : { xml: own.gmd, schema: 'iso19139' } });
  }
  mkdirSync(dir, { recursive: true });
  let differ = 0;
  let forms = 0;
  for (const record of records) {
    const set = renderer.renderAll(record);
    for (const f of RENDER_FORMATS) {
      forms++;
      const file = path.join(dir, `${record.id}.${f}.xml`);
      if (writeDir) writeFileSync(file, set[f]);
      else if (!existsSync(file) || readFileSync(file, 'utf8') !== set[f]) {
        differ++;
        if (differ <= 20) console.log(`BEDA: ${path.basename(file)}`);
      }
    }
  }
  console.log(`${records.length} rekaman, ${forms} bentuk ${writeDir ? 'ditulis' : `dibandingkan: ${differ} berbeda`}`);
  if (differ) process.exit(1);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
