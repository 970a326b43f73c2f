import { mdbNamespaces } from './xml-namespaces';

/**
 * ISO 19115-3 2018 render → 2016 render (see render-plan.ts for why this is not a stylesheet).
 * Only the namespace declarations of the root start tag change; this is exact because
 * gmd-to-mdb2018.xsl declares every namespace on the root and nowhere else (the render tests
 * check that no descendant declares one, and validate the result against the 2016 schemas).
 */
const NS2018 = mdbNamespaces(2018);
const NS2016 = mdbNamespaces(2016);
const CHANGED: ReadonlyMap<string, string> = new Map(
  Object.keys(NS2018).filter((p) => NS2018[p] !== NS2016[p]).map((p) => [NS2018[p] as string, NS2016[p] as string]),
);
const DECLARATION = /(\sxmlns(?::[\w.-]+)?=")([^"]*)(")/g;

export function mdb2018ToMdb2016(mdb2018: string): string {
  const end = mdb2018.indexOf('>');
  if (!mdb2018.startsWith('<mdb:MD_Metadata') || end < 0) {
    throw new Error('Render mdb2018 tidak diawali elemen mdb:MD_Metadata');
  }
  const root = mdb2018.slice(0, end).replace(DECLARATION, (m, pre: string, uri: string, post: string) => {
    const to = CHANGED.get(uri);
    return to ? `${pre}${to}${post}` : m;
  });
  return root + mdb2018.slice(end);
}
