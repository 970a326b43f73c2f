import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DOMParser } from '@xmldom/xmldom';
import { CSW_SUITES_DIR as SUITES_DIR } from '../helpers/test-data';

/** Shared by the test/unit/csw-*.test.ts files of the CSW protocol layer (not a test itself). */

export interface SuiteRequest {
  suite: string;
  name: string;
  method: 'GET' | 'POST';
  /** POST body */
  body?: string;
  /** GET query string */
  queryString?: string;
  /** `suite/expected/<get|post>_<name>.xml` */
  expectedFile: string;
}

export function suiteRequests(): SuiteRequest[] {
  const out: SuiteRequest[] = [];
  for (const suite of readdirSync(SUITES_DIR).sort()) {
    const postDir = path.join(SUITES_DIR, suite, 'post');
    try {
      for (const f of readdirSync(postDir).filter((x) => x.endsWith('.xml')).sort()) {
        const name = f.replace(/\.xml$/, '');
        out.push({ suite, name, method: 'POST', body: readFileSync(path.join(postDir, f), 'utf8'), expectedFile: path.join(SUITES_DIR, suite, 'expected', `post_${name}.xml`) });
      }
    } catch {
      /* suite without POST requests */
    }
    try {
      const lines = readFileSync(path.join(SUITES_DIR, suite, 'get', 'requests.txt'), 'utf8').split('\n');
      for (const line of lines) {
        const comma = line.indexOf(',');
        if (comma <= 0) continue;
        const name = line.slice(0, comma).trim();
        out.push({ suite, name, method: 'GET', queryString: line.slice(comma + 1).trim(), expectedFile: path.join(SUITES_DIR, suite, 'expected', `get_${name}.xml`) });
      }
    } catch {
      /* suite without GET requests */
    }
  }
  return out;
}

/** A query string → the map a Node query parser gives (repeated names → arrays). */
export function queryMap(qs: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of new URLSearchParams(qs)) {
    const prev = out[k];
    out[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
  }
  return out;
}

export interface ExpectedAnswer {
  root: string;
  exception?: { code: string; locator: string | undefined; text: string };
}

export function expectedAnswer(file: string): ExpectedAnswer | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  if (!text.trimStart().startsWith('<')) return { root: 'non-xml' };
  const doc = new DOMParser({ onError: () => undefined }).parseFromString(text, 'application/xml');
  const root = doc.documentElement;
  if (!root) return { root: 'non-xml' };
  const ex = root.localName === 'ExceptionReport' ? root.getElementsByTagNameNS('*', 'Exception')[0] : undefined;
  return {
    root: root.localName ?? '',
    exception: ex
      ? { code: ex.getAttribute('exceptionCode') ?? '', locator: ex.getAttribute('locator') ?? undefined, text: (ex.textContent ?? '').trim() }
      : undefined,
  };
}

/** moved to test/helpers/csw-xsd.ts (the golden suite and the integration tests use it too) */
export { validateWithIsoRecords } from '../helpers/csw-xsd';
