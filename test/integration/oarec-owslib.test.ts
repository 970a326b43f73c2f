import { execFile } from 'node:child_process';
import type { Server } from 'node:http';
import { promisify } from 'node:util';
import { checkOwslib, PYTHON } from '../helpers/csw-clients';
import { freePort } from '../helpers/private-servers';
import { seedOarecCatalogue } from '../helpers/oarec-support';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * A real client: OWSLib's owslib.ogcapi.records.Records (Debian python3-owslib, what QGIS
 * MetaSearch is built on) as a child process against the app on a real port: conformance,
 * collections, queryables, items with q / bbox / limit+offset paging to the end / sortby /
 * filter, and one record.
 */
const run = promisify(execFile);
let t: TestApp;
let server: Server;
let url: string;
let ids: string[];

const SESSION = String.raw`
import json, sys, warnings
warnings.simplefilter('ignore')
from owslib.ogcapi.records import Records
url = sys.argv[1]
r = Records(url, timeout=60)
out = {}
out['conformance'] = r.conformance()['conformsTo']
out['records'] = r.records()
out['collection'] = r.collection('metadata')['itemType']
out['queryables'] = sorted(r.collection_queryables('metadata')['properties'].keys())
ids, offset, pages = [], 0, 0
while True:
    page = r.collection_items('metadata', limit=4, offset=offset, sortby='-updated')
    ids += [f['id'] for f in page['features']]
    pages += 1
    offset += page['numberReturned']
    if page['numberReturned'] == 0 or offset >= page['numberMatched'] or pages > 100:
        break
out['paged'] = ids
out['matched'] = page['numberMatched']
out['q'] = [f['id'] for f in r.collection_items('metadata', q='lorem', limit=100)['features']]
out['bbox'] = [f['id'] for f in r.collection_items('metadata', bbox=[175, -15, -175, -12], limit=100)['features']]
out['filter'] = [f['id'] for f in r.collection_items('metadata', filter="title LIKE 'Lorem%'", limit=100)['features']]
out['title_sorted'] = [f['properties'].get('title') for f in r.collection_items('metadata', sortby='title', limit=100)['features']]
rec = r.collection_item('metadata', 'rec-full')
out['record'] = {'id': rec['id'], 'title': rec['properties']['title'], 'geometry': rec['geometry']['type']}
print(json.dumps(out))
`;

beforeAll(async () => {
  const check = await checkOwslib();
  if (!check.ok) throw new Error(`OWSLib: ${check.problem}`);
  const port = await freePort();
  t = await startTestApp('server', { BASE_URL: `http://127.0.0.1:${port}` });
  ids = await seedOarecCatalogue(t);
  server = await new Promise<Server>((resolve) => {
    const s = t.app.listen(port, '127.0.0.1', () => resolve(s));
  });
  url = `http://127.0.0.1:${port}/`;
}, 600_000);

afterAll(async () => {
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  await t?.close();
});

describe('OWSLib owslib.ogcapi.records.Records', () => {
  it('reads the catalogue, pages through every record, searches, sorts, filters and reads one record', async () => {
    const { stdout } = await run(PYTHON, ['-c', SESSION, url], { timeout: 300_000, maxBuffer: 16 * 1024 * 1024 });
    const out = JSON.parse(stdout) as {
      conformance: string[]; records: string[]; collection: string; queryables: string[]; paged: string[]; matched: number;
      q: string[]; bbox: string[]; filter: string[]; title_sorted: (string | null)[]; record: { id: string; title: string; geometry: string };
    };
    expect(out.conformance).toContain('http://www.opengis.net/spec/ogcapi-records-1/1.0/conf/record-core');
    expect(out.records).toEqual(['metadata']);
    expect(out.collection).toBe('record');
    expect(out.queryables).toEqual(expect.arrayContaining(['title', 'updated', 'geometry', 'keywords']));
    expect(out.matched).toBe(ids.length);
    expect([...out.paged].sort()).toEqual(ids);
    expect(new Set(out.paged).size).toBe(ids.length);
    expect(out.q.length).toBeGreaterThanOrEqual(5);
    expect(out.bbox).toContain('rec-antimeridian');
    expect(out.filter).toHaveLength(2);
    const titles = out.title_sorted.filter((x): x is string => !!x);
    expect(titles).toEqual([...titles].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(out.record).toEqual({ id: 'rec-full', title: 'Peta Rupabumi Indonesia Skala 1:25.000 Lembar Bogor', geometry: 'Polygon' });
  });
});
