import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

/**
 * Real CSW clients as child processes: OWSLib (what QGIS MetaSearch uses) through Debian's
 * python3-owslib, and GDAL's CSW driver through ogrinfo (gdal-bin). Always asynchronous: the
 * server under test runs in the same process and must keep answering while they wait.
 */
const run = promisify(execFile);

/** Debian's python: a pyenv or virtualenv python on PATH does not see python3-owslib */
export const PYTHON = '/usr/bin/python3';

export interface ClientCheck {
  ok: boolean;
  /** how to get it when it is missing */
  problem?: string;
}

export async function checkOwslib(): Promise<ClientCheck> {
  try {
    const { stdout } = await run(PYTHON, ['-c', 'import owslib; print(owslib.__version__)']);
    return { ok: /^\d+\.\d+/.test(stdout.trim()) };
  } catch (err) {
    return { ok: false, problem: `OWSLib tidak tersedia (${(err as Error).message.split('\n')[0]}); pasang dengan: apt-get install -y python3-owslib (scripts/ensure-services.sh)` };
  }
}

export async function checkGdalCsw(): Promise<ClientCheck> {
  try {
    const { stdout } = await run('ogrinfo', ['--formats']);
    if (!/\bCSW\b/.test(stdout)) return { ok: false, problem: 'ogrinfo tidak memiliki driver CSW (GDAL dibangun tanpa libcurl?)' };
    return { ok: true };
  } catch (err) {
    return { ok: false, problem: `ogrinfo tidak tersedia (${(err as Error).message.split('\n')[0]}); pasang dengan: apt-get install -y gdal-bin (scripts/ensure-services.sh)` };
  }
}

/**
 * What a MetaSearch-like session does: read the capabilities, page through an AnyText LIKE
 * search in DC full, read the same search as ISO 19139, look one record up by id, and
 * search by bounding box. Prints one JSON object.
 */
const OWSLIB_SESSION = String.raw`
import json, sys, warnings
warnings.simplefilter('ignore')
from owslib.csw import CatalogueServiceWeb
from owslib.fes import PropertyIsLike, BBox

url, word, page_size = sys.argv[1], sys.argv[2], int(sys.argv[3])
out = {}
csw = CatalogueServiceWeb(url, timeout=60)
out['version'] = csw.version
out['title'] = csw.identification.title
out['provider'] = csw.provider.name
out['operations'] = sorted(op.name for op in csw.operations)

like = PropertyIsLike('csw:AnyText', '%' + word + '%')
pages, ids, titles, start = [], [], [], 0
while True:
    csw.getrecords2(constraints=[like], esn='full', maxrecords=page_size, startposition=start)
    r = csw.results
    pages.append([r['matches'], r['returned'], r['nextrecord']])
    for rec in csw.records.values():
        ids.append(rec.identifier)
        titles.append(rec.title)
    if not r['nextrecord'] or len(pages) > 50:
        break
    start = r['nextrecord']
out['anytext'] = {'pages': pages, 'ids': ids, 'titles': titles}

csw.getrecords2(constraints=[like], esn='full', maxrecords=100, typenames='gmd:MD_Metadata',
                outputschema='http://www.isotc211.org/2005/gmd')
iso = []
for key, md in csw.records.items():
    ident = md.identificationinfo[0] if md.identificationinfo else None
    bb = getattr(getattr(ident, 'extent', None), 'boundingBox', None)
    iso.append({'id': md.identifier, 'title': ident.title if ident else None,
                'bbox': [float(bb.minx), float(bb.miny), float(bb.maxx), float(bb.maxy)] if bb is not None else None})
out['iso'] = {'matches': csw.results['matches'], 'records': iso}

first = ids[0] if ids else 'none'
csw.getrecordbyid(id=[first], esn='full')
out['byId'] = [[rec.identifier, rec.title] for rec in csw.records.values()]
csw.getrecordbyid(id=[first], esn='full', outputschema='http://www.isotc211.org/2005/gmd')
out['byIdIso'] = [md.identifier for md in csw.records.values()]

# as QGIS MetaSearch sends it: lat/lon corners with the EPSG:4326 URN
csw.getrecords2(constraints=[BBox([34, 19, 42, 30], crs='urn:ogc:def:crs:EPSG::4326')], esn='brief', maxrecords=100)
out['bboxUrn'] = {'matches': csw.results['matches'], 'ids': sorted(rec.identifier for rec in csw.records.values())}
# without a CRS: x/y, i.e. lon/lat
csw.getrecords2(constraints=[BBox([19, 34, 30, 42])], esn='brief', maxrecords=100)
out['bboxXy'] = {'matches': csw.results['matches'], 'ids': sorted(rec.identifier for rec in csw.records.values())}
print(json.dumps(out))
`;

export interface OwslibSession {
  version: string;
  title: string;
  provider: string;
  operations: string[];
  anytext: { pages: [number, number, number][]; ids: string[]; titles: string[] };
  iso: { matches: number; records: { id: string; title: string | null; bbox: number[] | null }[] };
  byId: [string, string][];
  byIdIso: string[];
  bboxUrn: { matches: number; ids: string[] };
  bboxXy: { matches: number; ids: string[] };
}

export async function owslibSession(url: string, word: string, pageSize: number): Promise<OwslibSession> {
  const { stdout } = await run(PYTHON, ['-c', OWSLIB_SESSION, url, word, String(pageSize)], { timeout: 120_000, maxBuffer: 16 * 1024 * 1024 });
  return JSON.parse(stdout) as OwslibSession;
}

/** ogrinfo on the CSW driver; extra arguments before the datasource (e.g. -spat) */
export async function ogrinfo(url: string, extra: string[] = []): Promise<string> {
  const { stdout, stderr } = await run('ogrinfo', ['-ro', '-al', '-so', ...extra, `CSW:${url}`], {
    timeout: 120_000,
    maxBuffer: 16 * 1024 * 1024,
    // no proxy between the client and the test server; GDAL's HTTP cache off
    env: { ...process.env, GDAL_HTTP_PROXY: '', http_proxy: '', HTTP_PROXY: '', CPL_VSIL_CURL_USE_CACHE: 'NO' },
  });
  return `${stdout}${stderr}`;
}
