import { readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import type { ValidateFunction } from 'ajv';
import { insertRecord } from '../../libs/db/record.repository';
import { upsertRenders } from '../../libs/db/render.repository';
import { createOrganisation } from '../../libs/db/organisation.repository';
import { loadSuiteRecords } from './csw-golden-loader';
import { createFixtureUser } from './fixtures';
import { docOf, SAMPLE_RECORDS } from './sample-records';
import type { TestApp } from './test-app';
import { OAREC_SCHEMAS_DIR } from './test-data';

const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
const compiled = new Map<string, ValidateFunction>();

/** A validator of one bundled schema (draft-07, as the bundles declare). */
export function oarecSchema(name: 'landingPage' | 'confClasses' | 'catalogs' | 'collection' | 'recordCollectionGeoJSON' | 'recordGeoJSON' | 'exception'): ValidateFunction {
  let v = compiled.get(name);
  if (!v) {
    v = ajv.compile(JSON.parse(readFileSync(path.join(OAREC_SCHEMAS_DIR, `${name}.json`), 'utf8')) as object);
    compiled.set(name, v);
  }
  return v;
}

/** `[]` when `value` is valid against the schema, else the errors (for a readable failure) */
export function schemaErrors(name: Parameters<typeof oarecSchema>[0], value: unknown): string[] {
  const v = oarecSchema(name);
  return v(value) ? [] : (v.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ''} ${JSON.stringify(e.params)}`);
}

/**
 * The golden data set of the CSW suites (cite, apiso) plus the PUBLISHED sample records, each
 * stored with its renders as the worker would: the records OARec must serve. Returns the ids
 * of every PUBLISHED record.
 */
export async function seedOarecCatalogue(t: TestApp): Promise<string[]> {
  const ids: string[] = [];
  for (const suite of ['cite', 'apiso']) {
    const res = await loadSuiteRecords(t.db, t.deps.renderer, suite);
    ids.push(...res.loaded.map((l) => l.id));
  }
  const org = await createOrganisation(t.db, { name: 'Organisasi sampel OARec' });
  const owner = await createFixtureUser(t.db, 'oarec-sample-admin', 'ADMIN', org.id);
  for (const r of SAMPLE_RECORDS) {
    const rec = await insertRecord(t.db, {
      id: r.id, status: r.status, organisationId: org.id, ownerId: owner.id, reviewerId: null, doc: docOf(r), publishedAt: r.publishedAt,
    });
    if (!rec) throw new Error(`sample ${r.id} exists`);
    await upsertRenders(t.db, rec.id, rec.version, await t.deps.renderer.renderAll(rec));
    if (r.status === 'PUBLISHED') ids.push(rec.id);
  }
  return ids.sort();
}
