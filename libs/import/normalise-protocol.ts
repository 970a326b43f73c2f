import { getReferenceList, hasCode } from '../catalogue/reference-lists';

/**
 * Online-resource protocols → our PROTOKOL_DISTRIBUSI codes. A value that already is one of our
 * codes is kept exactly — the list includes GeoNetwork's long versioned forms
 * (`OGC:WMS-1.1.1-http-get-map`, `WWW:LINK-1.0-http--link`), which pycsw also serves verbatim, and
 * keeping them makes JSON → gmd → JSON lossless. Other values are mapped only where the meaning
 * is plainly the same: case and punctuation (`ogc:wms`), a version/operation suffix on a known
 * base (`OGC:WMS-1.1.0-http-get-map` → `OGC:WMS`, `OGC:WFS-http-get-feature` → `OGC:WFS`) and bare
 * transport names (`http`, `https` → WWW:LINK). Everything else is unknown: the caller maps it to
 * WWW:LINK with a warning, so a link is never lost.
 */
const key = (s: string): string => s.toLowerCase().replace(/[^a-z0-9]/g, '');

const TRANSPORT: Record<string, string> = { http: 'WWW:LINK', https: 'WWW:LINK', link: 'WWW:LINK', url: 'WWW:LINK' };

let codesByKey: [string, string][] | undefined;

function codes(): [string, string][] {
  codesByKey ??= getReferenceList('PROTOKOL_DISTRIBUSI').map((e): [string, string] => [key(e.kode), e.kode]);
  return codesByKey;
}

export function normaliseProtocol(raw: string): string | undefined {
  const v = raw.trim();
  if (v === '') return undefined;
  if (hasCode('PROTOKOL_DISTRIBUSI', v)) return v;
  const full = key(v);
  const sameCode = codes().find(([k]) => k === full);
  if (sameCode) return sameCode[1];
  // a suffix that starts with a version number, or just an operation suffix (`-http-get-map`)
  for (const base of [v.replace(/[-_ ]+\d+(\.\d+)*([-_ ].*)?$/, ''), v.replace(/-+(https?|ftp)\b.*$/i, '')]) {
    if (base === v) continue;
    const baseKey = key(base);
    const byBase = codes().find(([k]) => k === baseKey);
    if (byBase) return byBase[1];
  }
  const t = TRANSPORT[full];
  if (t && hasCode('PROTOKOL_DISTRIBUSI', t)) return t;
  return undefined;
}
