import { parseArgs } from 'node:util';
import { PROJECTION_COLUMNS, PROJECTION_KINDS, projectRecord } from '../../libs/catalogue/search-projection';
import { projectionTarget } from '../../libs/db/projection-columns';
import { createRenderer, RENDER_FORMATS, type RenderFormat } from '../../libs/render';
import { orgId, recordValues } from './content';
import { copyNullable, copyText, copyTextArray, NULL } from './copy-text';
import { buildTemplates, documentOf, slotValues, synthesize, templateOf, themeSlotsOf, type Template } from './templates';

/**
 * One load stream: writes to stdout the psql script that loads records [from, to) of an
 * n-record catalogue — `COPY records … FROM STDIN`, its rows, `COPY record_renders …`, its
 * rows — in one transaction. The loader (load.ts) pipes several of these into their own psql
 * sessions at once: generating and storing the rows is CPU work, and separate processes share
 * it over the cores. With --freeze (a single stream) the transaction first truncates both
 * tables and copies with FREEZE, so the rows need no VACUUM pass afterwards.
 *
 *   tsx bench/fast-load/copy-stream.ts --from 0 --to 1000000 [--freeze] | psql -f - …
 */

/** printed by psql after the COMMIT: the loader checks that each stream got that far */
export const COMMITTED_MARK = 'gk-fast-load-committed';

export const ownerId = (k: number): string => `usr-${String(k).padStart(2, '0')}`;

// file_identifier: the loader's records are keyed by their public identifier (as records from
// before migration 040 are); the fill trigger does not run during COPY (replica role)
export const RECORD_COLUMNS = ['id', 'file_identifier', 'status', 'organisation_id', 'owner_id', 'reviewer_id', 'version', 'doc', 'created_at', 'updated_at', 'published_at', ...PROJECTION_COLUMNS.map(projectionTarget)];

/** one records row in COPY text format, the projection computed as the repositories compute it */
function recordLine(i: number, t: Template): string {
  const v = recordValues(i, themeSlotsOf(t));
  const doc = documentOf(t, v);
  const p = projectRecord(doc, v.id);
  const cells = [v.id, v.id, 'PUBLISHED', orgId(v.organisationIndex), ownerId(v.organisationIndex), NULL, '1', copyText(JSON.stringify(doc)), v.updatedAt, v.updatedAt, v.updatedAt];
  for (const c of PROJECTION_COLUMNS) {
    const value = p[c];
    const kind = PROJECTION_KINDS[c];
    if (kind === 'text-list') cells.push(copyTextArray(value as string[]));
    else if (kind === 'boolean') cells.push(value ? 't' : 'f');
    else if (kind === 'wkt') cells.push(value === null ? NULL : copyText(`SRID=4326;${value as string}`));
    else cells.push(copyNullable(value as string | null));
  }
  return `${cells.join('\t')}\n`;
}

/** the record's render rows, one per form (version 1; rendered_at takes its default, now()) */
function renderLines(i: number, t: Template, texts: Record<string, string[]>, forms: readonly RenderFormat[]): string {
  const v = recordValues(i, themeSlotsOf(t));
  const values = slotValues(v, copyText);
  let out = '';
  for (const f of forms) out += `${v.id}\t${f}\t1\t${synthesize(t.renders[f], values, texts[f])}\n`;
  return out;
}

/** `--forms gmd,dc-brief`: the stored forms to write (default: every form the render job stores) */
export function parseForms(v: string | undefined): RenderFormat[] {
  if (!v) return [...RENDER_FORMATS];
  const forms = v.split(',').map((f) => f.trim()).filter(Boolean);
  const unknown = forms.filter((f) => !(RENDER_FORMATS as readonly string[]).includes(f));
  if (unknown.length || forms.length === 0) throw new Error(`--forms: bentuk tidak dikenal ${unknown.join(', ')} (pilih dari ${RENDER_FORMATS.join(', ')})`);
  return forms as RenderFormat[];
}

/** writes to stdout, waiting while the pipe is full */
function write(s: string): Promise<void> {
  return process.stdout.write(s) ? Promise.resolve() : new Promise((resolve) => process.stdout.once('drain', () => resolve()));
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { from: { type: 'string' }, to: { type: 'string' }, freeze: { type: 'boolean', default: false }, forms: { type: 'string' } } });
  const forms = parseForms(values.forms);
  const from = Number(values.from);
  const to = Number(values.to);
  if (!Number.isInteger(from) || !Number.isInteger(to) || from < 0 || to <= from) throw new Error('--from dan --to harus bilangan bulat, 0 ≤ from < to');
  const label = `[aliran ${from}–${to}]`;
  const log = (s: string): void => { process.stderr.write(`${label} ${new Date().toISOString().slice(11, 19)} ${s}\n`); };
  const templates = buildTemplates(await createRenderer());
  const texts = new Map(templates.map((t) => [t, Object.fromEntries(RENDER_FORMATS.map((f) => [f, t.renders[f].texts.map(copyText)]))]));
  const freeze = values.freeze ? ' WITH (FREEZE)' : '';
  await write(values.freeze ? 'BEGIN;\nTRUNCATE records, record_renders CASCADE;\n' : 'BEGIN;\n');
  const total = to - from;
  let lastLog = performance.now();
  const pass = async (what: string, line: (i: number, t: Template) => string): Promise<void> => {
    const t0 = performance.now();
    const batch = 500;
    for (let a = from; a < to; a += batch) {
      let chunk = '';
      for (let i = a; i < Math.min(to, a + batch); i++) chunk += line(i, templateOf(templates, i));
      await write(chunk);
      const done = Math.min(to, a + batch) - from;
      if (performance.now() - lastLog > 30_000 || done === total) {
        lastLog = performance.now();
        log(`${what}: ${done}/${total}, ${(done / ((performance.now() - t0) / 1000)).toFixed(0)}/s`);
      }
    }
  };
  await write(`COPY records (${RECORD_COLUMNS.join(', ')}) FROM STDIN${freeze};\n`);
  await pass('records', recordLine);
  await write(`\\.\nCOPY record_renders (record_id, format, version, xml) FROM STDIN${freeze};\n`);
  await pass('record_renders', (i, t) => renderLines(i, t, texts.get(t)!, forms));
  await write(`\\.\nCOMMIT;\n\\echo ${COMMITTED_MARK}\n`);
}

if (require.main === module) {
  // no process.exit on success: it could cut off what is still queued for stdout (the COMMIT)
  main().then(() => { process.exitCode = 0; }, (err: unknown) => {
    process.stderr.write(`aliran muat gagal: ${(err as Error)?.stack ?? String(err)}\n`);
    process.exit(1);
  });
}
