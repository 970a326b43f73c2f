import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { MetadataRecord } from '../../libs/catalogue/record.types';
import type { Agent } from '../helpers/fixtures';
import { leafValues, normaliseLeaf } from '../helpers/leaf-values';
import { ISO_CORPUS_DIR } from '../helpers/test-data';
import { useSeededApp } from '../helpers/seeded-app';

/*
 * Issue 19 §4 through the REST API, in both run modes: an imported corpus record (a service
 * with srv:operatesOn and PT_FreeText texts) is edited with a JSON PATCH of its title; the new
 * document version (origin editor, XML set at once) differs from the imported one only in the
 * title, and the elements the JSON does not carry are still there.
 */
const api = (id: string): string => `/api/metadata/${encodeURIComponent(id)}`;
const corpusXml = readFileSync(path.join(ISO_CORPUS_DIR, 'iso19139', 'owslib__inspire-getrecords-response__rec01.xml'), 'utf8');

async function documentXml(agent: Agent, id: string): Promise<{ origin: string; xml: string }[]> {
  const versions = (await agent.get(`${api(id)}/documents`)).body as { seq: number; origin: string }[];
  const out: { origin: string; xml: string }[] = [];
  for (const v of versions) {
    const doc = await agent.get(`${api(id)}/documents/${v.seq}`).buffer(true).parse((res, cb) => {
      let text = '';
      res.on('data', (c: Buffer) => { text += c.toString(); });
      res.on('end', () => cb(null, text));
    });
    expect(doc.status).toBe(200);
    out.push({ origin: v.origin, xml: doc.body as string });
  }
  return out;
}

const without = (xml: string, texts: string[]): [string, number][] => {
  const drop = new Set(texts.map(normaliseLeaf));
  return [...leafValues(xml)].filter(([k]) => !drop.has(k.slice(k.indexOf('\u0000') + 1))).sort(([a], [b]) => a.localeCompare(b));
};

describe.each(['server', 'embedded'] as const)('an edit patches the stored document (%s mode)', (mode) => {
  const ctx = useSeededApp({ mode });

  it('changes only the title of an imported service record; operatesOn and PT_FreeText stay', async () => {
    const { produsen } = ctx.w.a;
    const created = await produsen.agent.post('/api/metadata').set('Content-Type', 'application/xml').send(corpusXml);
    expect(created.status).toBe(201);
    const rec = created.body as MetadataRecord;
    const oldTitle = rec.title!;
    const newTitle = `Judul suntingan ${mode}`;
    const res = await produsen.agent.patch(api(rec.id)).send({ title: newTitle });
    expect(res.status).toBe(200);
    expect((res.body as MetadataRecord).title).toBe(newTitle);

    const [edited, imported] = await documentXml(produsen.agent, rec.id);
    expect(imported!.origin).toBe('import');
    expect(edited!.origin).toBe('editor');
    expect(edited!.xml).toContain(newTitle);
    expect(edited!.xml).toContain('operatesOn');
    expect(edited!.xml).toContain('PT_FreeText');
    // every other leaf value as imported, by occurrence
    expect(without(edited!.xml, [newTitle, oldTitle])).toEqual(without(imported!.xml, [newTitle, oldTitle]));
    // the text outside the title element is byte for byte the imported one
    const outside = (xml: string, t: string): string => xml.replace(t, '');
    expect(outside(edited!.xml, newTitle)).toBe(outside(imported!.xml.replace(/^\uFEFF/, ''), oldTitle));

    const read = (await produsen.agent.get(api(rec.id))).body as MetadataRecord & { isoDocument: { origin: string } };
    expect(read.title).toBe(newTitle);
    expect(read.isoDocument.origin).toBe('editor');
  });

  it('a distributions edit keeps the service\'s connect points, and a change to one of them is refused, not dropped', async () => {
    const { produsen } = ctx.w.a;
    // the same record under another identifier (the first test holds this one)
    const xml = corpusXml.replace('8dad9c98-0512-4845-a2bf-3ace1c93df6f', `8dad9c98-tautan-${mode}`);
    const created = await produsen.agent.post('/api/metadata').set('Content-Type', 'application/xml').send(xml);
    expect(created.status).toBe(201);
    const rec = created.body as MetadataRecord;
    const links = rec.distributions ?? [];
    const connectPoints = links.filter((d) => d.operation);
    expect(connectPoints.length).toBeGreaterThan(0);
    const added = { protocol: 'WWW:LINK', url: `https://contoh.id/unduh-${mode}`, name: 'Unduhan baru' };

    const res = await produsen.agent.patch(api(rec.id)).send({ distributions: [...links, added] });
    expect(res.status).toBe(200);
    const after = (res.body as MetadataRecord).distributions ?? [];
    expect(after.filter((d) => !d.operation)).toEqual([...links.filter((d) => !d.operation), added]);
    expect(after.filter((d) => d.operation)).toEqual(connectPoints);
    const [edited, imported] = await documentXml(produsen.agent, rec.id);
    expect(edited!.xml).toContain(added.url);
    // each connect point stays where it was written: not copied into the transfer options
    const count = (xml: string, url: string): number => xml.split(url.replace(/&/g, '&amp;')).length - 1;
    for (const c of connectPoints) expect([c.url, count(edited!.xml, c.url)]).toEqual([c.url, count(imported!.xml, c.url)]);

    const refused = await produsen.agent.patch(api(rec.id)).send({ distributions: after.filter((d) => !d.operation) });
    expect(refused.status).toBe(422);
    expect((refused.body as { errors: { path: string }[] }).errors.map((e) => e.path)).toEqual(['/distributions']);
    expect(((await produsen.agent.get(api(rec.id))).body as MetadataRecord).distributions).toEqual(after);
  });
});
