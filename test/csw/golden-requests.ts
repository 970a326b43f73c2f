import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { CSW_SUITES_DIR } from '../helpers/test-data';

/**
 * The requests of one shared suite as files give them: `post/<name>.xml` bodies and the KVP
 * lines `name,querystring` of `get/requests.txt`, each with its recorded answer
 * `expected/<post|get>_<name>.xml`.
 */
export interface GoldenRequest {
  suite: string;
  /** `post_<name>` or `get_<name>`, the name of the expected answer file */
  key: string;
  method: 'GET' | 'POST';
  body?: string;
  queryString?: string;
  expectedXml: string;
  /** the request asks for an order (SortBy / SORTBY) */
  sorted: boolean;
}

function expected(suite: string, key: string): string {
  try {
    return readFileSync(path.join(CSW_SUITES_DIR, suite, 'expected', `${key}.xml`), 'utf8');
  } catch {
    throw new Error(`${suite}/${key}: no expected answer`);
  }
}

export function goldenRequests(suite: string): GoldenRequest[] {
  const out: GoldenRequest[] = [];
  const postDir = path.join(CSW_SUITES_DIR, suite, 'post');
  let postFiles: string[] = [];
  try {
    postFiles = readdirSync(postDir).filter((f) => f.endsWith('.xml')).sort();
  } catch {
    /* no POST requests in this suite */
  }
  for (const f of postFiles) {
    const key = `post_${f.replace(/\.xml$/, '')}`;
    const body = readFileSync(path.join(postDir, f), 'utf8');
    out.push({ suite, key, method: 'POST', body, expectedXml: expected(suite, key), sorted: /<(\w+:)?SortBy[\s>]/.test(body) });
  }
  let lines: string[] = [];
  try {
    lines = readFileSync(path.join(CSW_SUITES_DIR, suite, 'get', 'requests.txt'), 'utf8').split('\n');
  } catch {
    /* no GET requests in this suite */
  }
  for (const line of lines) {
    const comma = line.indexOf(',');
    if (comma <= 0) continue;
    const key = `get_${line.slice(0, comma).trim()}`;
    const queryString = line.slice(comma + 1).trim();
    out.push({ suite, key, method: 'GET', queryString, expectedXml: expected(suite, key), sorted: /(^|&)sortby=/i.test(queryString) });
  }
  return out;
}
