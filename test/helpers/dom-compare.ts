/**
 * The differences between two DOM trees as the render's readers see them (node types and names,
 * prefixes, namespaces, attributes in order with their values, character data), for comparing
 * the light DOM of trusted-parse.ts with xmldom's tree of the same text. Empty when equal.
 */
interface AnyNode {
  nodeType: number; nodeName: string; prefix?: string | null; localName?: string | null; namespaceURI?: string | null;
  nodeValue?: string | null; firstChild: AnyNode | null; nextSibling: AnyNode | null;
  attributes?: { length: number; item(i: number): { name: string; prefix?: string | null; localName: string | null; namespaceURI: string | null; value: string } | null };
}

export function domDifferences(a: AnyNode, b: AnyNode, path = '', out: string[] = [], max = 10): string[] {
  const here = `${path}/${a.nodeName}`;
  const fields = ['nodeType', 'nodeName', 'prefix', 'localName', 'namespaceURI', 'nodeValue'] as const;
  for (const f of fields) {
    if ((a[f] ?? null) !== (b[f] ?? null)) out.push(`${here} ${f}: ${JSON.stringify(a[f])} ≠ ${JSON.stringify(b[f])}`);
  }
  if (a.nodeType === 1) {
    const la = a.attributes!.length, lb = b.attributes!.length;
    if (la !== lb) out.push(`${here} attributes: ${la} ≠ ${lb}`);
    for (let i = 0; i < Math.min(la, lb); i++) {
      const x = a.attributes!.item(i)!, y = b.attributes!.item(i)!;
      for (const f of ['name', 'prefix', 'localName', 'namespaceURI', 'value'] as const) {
        if ((x[f] ?? null) !== (y[f] ?? null)) out.push(`${here}/@${x.name} ${f}: ${JSON.stringify(x[f])} ≠ ${JSON.stringify(y[f])}`);
      }
    }
  }
  let x = a.firstChild, y = b.firstChild;
  while ((x || y) && out.length < max) {
    if (!x || !y) { out.push(`${here}: ${x ? 'extra' : 'missing'} child ${(x ?? y)!.nodeName}`); break; }
    domDifferences(x, y, here, out, max);
    x = x.nextSibling; y = y.nextSibling;
  }
  return out;
}
