import { invalid } from '../csw-error';

/**
 * The KVP NAMESPACE parameter: `xmlns(p=uri),xmlns(q=uri)`, or `xmlns(uri)` for the
 * default namespace. URIs may themselves contain commas and parentheses, so the value is
 * split only at `),xmlns(` boundaries, never at every comma.
 * Returns prefix → URI; the default namespace is stored under the empty prefix.
 */
export function parseNamespaceParam(value: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (value === undefined || value.trim() === '') return out;
  const v = value.trim();
  if (!/^xmlns\(/i.test(v) || !v.endsWith(')')) {
    throw invalid('namespace', `NAMESPACE harus berbentuk xmlns(awalan=uri),xmlns(awalan=uri).`);
  }
  const inner = v.slice('xmlns('.length, -1);
  for (const part of inner.split(/\)\s*,\s*xmlns\(/i)) {
    const eq = part.indexOf('=');
    // a URI never starts with "name=", but "http://x?a=b" contains '=': only a leading NCName counts as a prefix
    const prefix = eq > 0 && /^[A-Za-z_][\w.-]*$/.test(part.slice(0, eq).trim()) ? part.slice(0, eq).trim() : '';
    const uri = (prefix ? part.slice(eq + 1) : part).trim();
    if (uri === '') throw invalid('namespace', `NAMESPACE "${part}" tidak memiliki URI.`);
    out[prefix] = uri;
  }
  return out;
}
