/**
 * The elements of an XML text with their character ranges, so that a patch can cut and insert
 * text and leave every other byte as written (xmldom's serialiser would rewrite quoting,
 * declarations and layout). The text has already passed parseXmlSafely: it is well-formed and
 * has no DTD, so a plain scan of tags, comments, CDATA and processing instructions is enough.
 */
export interface XmlRange {
  /** qualified name as written */
  qname: string;
  local: string;
  prefix: string;
  /** namespace URI of the element */
  ns: string;
  /** offset of '<' */
  start: number;
  /** offset just after the start tag's '>' */
  openEnd: number;
  /** offset just after the element's end ('>' of the end tag, or of an empty-element tag) */
  end: number;
  /** prefix → URI declared on this element itself */
  declared: Map<string, string>;
  /** prefix → URI in scope at this element ('' = default namespace) */
  scope: Map<string, string>;
  attrs: Map<string, string>;
  parent: XmlRange | undefined;
  children: XmlRange[];
}

const ATTR = /([^\s=/>]+)\s*=\s*("([^"]*)"|'([^']*)')/g;

const unescape = (v: string): string => v
  .replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'")
  .replace(/&#x([0-9a-f]+);/gi, (_m, h: string) => String.fromCodePoint(parseInt(h, 16)))
  .replace(/&#(\d+);/g, (_m, d: string) => String.fromCodePoint(Number(d)))
  .replace(/&amp;/g, '&');

function tagEnd(text: string, from: number): number {
  let quote = '';
  for (let i = from; i < text.length; i++) {
    const c = text[i];
    if (quote) { if (c === quote) quote = ''; continue; }
    if (c === '"' || c === "'") quote = c;
    else if (c === '>') return i;
  }
  throw new Error('tag tidak ditutup');
}

/** The root element of `text` with every descendant element. */
export function scanXml(text: string): XmlRange {
  const stack: XmlRange[] = [];
  let root: XmlRange | undefined;
  let i = 0;
  while (i < text.length) {
    const lt = text.indexOf('<', i);
    if (lt < 0) break;
    if (text.startsWith('<!--', lt)) { i = text.indexOf('-->', lt) + 3; continue; }
    if (text.startsWith('<![CDATA[', lt)) { i = text.indexOf(']]>', lt) + 3; continue; }
    if (text.startsWith('<?', lt)) { i = text.indexOf('?>', lt) + 2; continue; }
    if (text.startsWith('<!', lt)) { i = tagEnd(text, lt) + 1; continue; }
    const gt = tagEnd(text, lt);
    if (text[lt + 1] === '/') {
      const el = stack.pop()!;
      el.end = gt + 1;
      i = gt + 1;
      continue;
    }
    const body = text.slice(lt + 1, gt);
    const selfClosing = body.endsWith('/');
    const nameEnd = body.search(/[\s/]|$/);
    const qname = body.slice(0, nameEnd);
    const attrs = new Map<string, string>();
    for (const m of body.slice(nameEnd).matchAll(ATTR)) attrs.set(m[1]!, unescape(m[3] ?? m[4] ?? ''));
    const parent = stack[stack.length - 1];
    const declared = new Map<string, string>();
    for (const [k, v] of attrs) {
      if (k === 'xmlns') declared.set('', v);
      else if (k.startsWith('xmlns:')) declared.set(k.slice(6), v);
    }
    const scope = new Map(parent?.scope ?? []);
    for (const [k, v] of declared) scope.set(k, v);
    const colon = qname.indexOf(':');
    const prefix = colon < 0 ? '' : qname.slice(0, colon);
    const el: XmlRange = {
      qname, prefix, local: colon < 0 ? qname : qname.slice(colon + 1), ns: scope.get(prefix) ?? '',
      start: lt, openEnd: gt + 1, end: gt + 1, declared, scope, attrs, parent, children: [],
    };
    if (parent) parent.children.push(el);
    else root ??= el;
    if (!selfClosing) stack.push(el);
    i = gt + 1;
  }
  if (!root) throw new Error('dokumen tanpa elemen');
  return root;
}

/** The first child element of this local name (any prefix), if any. */
export function childNamed(el: XmlRange | undefined, local: string): XmlRange | undefined {
  return el?.children.find((c) => c.local === local);
}

/** The attribute's value by namespace URI and local name (prefixes differ between documents). */
export function attrNS(el: XmlRange, ns: string, local: string): string | undefined {
  for (const [k, v] of el.attrs) {
    const c = k.indexOf(':');
    if (c > 0 && k.slice(c + 1) === local && el.scope.get(k.slice(0, c)) === ns) return v;
  }
  return undefined;
}

/** The element's text content (no markup), for predicates on codes and values. */
export function textOf(text: string, el: XmlRange): string {
  return unescape(text.slice(el.openEnd, Math.max(el.openEnd, el.end - `</${el.qname}>`.length)).replace(/<[^>]*>/g, ''));
}

/** A property's value as the import reads it (dom.ts propText): its CharacterString/Anchor (else first) child's text, else its own. */
export function propText(text: string, prop: XmlRange | undefined): string | undefined {
  if (!prop) return undefined;
  const kid = prop.children.find((k) => k.local === 'CharacterString' || k.local === 'Anchor') ?? prop.children[0];
  const t = textOf(text, kid ?? prop).trim();
  return t === '' ? undefined : t;
}
