import { XmlInputError } from '../xml/safe-parse';

/**
 * A forward-only XML tag scanner for listing pages (CSW GetRecords, OAI-PMH ListRecords): it
 * finds where each element starts and ends and resolves namespaces of the shallow elements,
 * without building a DOM. A harvest re-run hashes each record's raw text and builds a DOM only
 * for records that changed; building a DOM of every 3–4 MB page (and serialising every record
 * back to hash it) was most of an unchanged re-run's cost.
 *
 * Safety is the same as parseXmlSafely's: any DOCTYPE / ENTITY declaration is refused (no DTD, so
 * no entity can be declared, expanded or fetched); only the five predefined entities and
 * character references are decoded; nesting depth is bounded. Tags must balance and the document
 * must end with its root closed (a truncated page is an error, never a shorter listing). What is
 * checked only when a record is parsed for real (by parseXmlSafely): attribute syntax and text of
 * elements deeper than `nsDepth`, and the XML character range.
 */
export interface StartTag {
  /** root = 0 */
  depth: number;
  /** namespace URI (null: none); resolved only for depth ≤ nsDepth, else undefined */
  ns: string | null | undefined;
  local: string;
  qname: string;
  /** offset of '<' */
  start: number;
  /** offset just after '>' */
  end: number;
  selfClosing: boolean;
  /** namespace bindings in scope for this element's children (prefix '' = default); only for depth ≤ nsDepth */
  scope: NsScope | undefined;
  /** attributes (qualified name → decoded value); only for depth ≤ nsDepth */
  attrs: Record<string, string> | undefined;
}

/** Prefix → URI; an object whose prototype chain is the enclosing scope (cheap to open per element). */
export type NsScope = Record<string, string>;

export interface ScanVisitor {
  onStart(tag: StartTag): void;
  /** `end` = offset just after the element's last '>' */
  onEnd(depth: number, end: number): void;
  /** character data directly inside an element of depth ≤ nsDepth (decoded) */
  onText?(depth: number, text: string): void;
}

export interface ScanOptions {
  /** elements up to this depth get namespaces, attributes and text; deeper ones only balance */
  nsDepth: number;
  maxDepth?: number;
}

const XML_NS = 'http://www.w3.org/XML/1998/namespace';
const ROOT_SCOPE: NsScope = Object.assign(Object.create(null) as NsScope, { xml: XML_NS });

const malformed = (what: string): XmlInputError => new XmlInputError(`XML tidak valid: ${what}`, 'malformed');

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** Decodes the predefined entities and character references; any other entity is an error (no DTD). */
export function decodeXmlText(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(/&([^;&\s]{0,12});?/g, (m, name: string) => {
    if (!m.endsWith(';')) throw malformed(`'&' tanpa ';' (${m.slice(0, 14)})`);
    if (name.startsWith('#')) {
      const code = name[1] === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      if (!Number.isFinite(code) || code < 1 || code > 0x10ffff) throw malformed(`referensi karakter ${m} tidak sah`);
      return String.fromCodePoint(code);
    }
    const v = ENTITIES[name];
    if (v === undefined) throw malformed(`entitas ${m} tidak dikenal (DTD tidak diterima)`);
    return v;
  });
}

const ATTR = /([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/** Scans `text`; throws XmlInputError on what it cannot accept. */
export function scanXml(text: string, visitor: ScanVisitor, opts: ScanOptions): void {
  const maxDepth = opts.maxDepth ?? 128;
  if (/<!DOCTYPE/i.test(text) || /<!ENTITY/i.test(text)) {
    throw new XmlInputError('Dokumen XML dengan DOCTYPE atau deklarasi ENTITY tidak diterima.', 'doctype');
  }
  const names: string[] = [];
  const scopes: NsScope[] = [ROOT_SCOPE];
  let rootSeen = false;
  let i = 0;
  const textAt = (from: number, to: number): void => {
    if (to <= from) return;
    const depth = names.length - 1;
    if (depth < 0) {
      if (text.slice(from, to).trim() !== '') throw malformed('teks di luar elemen akar');
      return;
    }
    if (depth <= opts.nsDepth && visitor.onText) visitor.onText(depth, decodeXmlText(text.slice(from, to)));
  };
  for (;;) {
    const lt = text.indexOf('<', i);
    if (lt === -1) {
      textAt(i, text.length);
      break;
    }
    textAt(i, lt);
    const c = text.charCodeAt(lt + 1);
    if (c === 0x21 /* ! */) {
      if (text.startsWith('<!--', lt)) {
        const e = text.indexOf('-->', lt + 4);
        if (e === -1) throw malformed('komentar tidak ditutup');
        i = e + 3;
        continue;
      }
      if (text.startsWith('<![CDATA[', lt)) {
        const e = text.indexOf(']]>', lt + 9);
        if (e === -1 || names.length === 0) throw malformed('bagian CDATA tidak sah');
        const depth = names.length - 1;
        if (depth <= opts.nsDepth && visitor.onText) visitor.onText(depth, text.slice(lt + 9, e));
        i = e + 3;
        continue;
      }
      throw malformed(`deklarasi ${text.slice(lt, lt + 12)} tidak diterima`);
    }
    if (c === 0x3f /* ? */) {
      const e = text.indexOf('?>', lt + 2);
      if (e === -1) throw malformed('instruksi pemrosesan tidak ditutup');
      i = e + 2;
      continue;
    }
    if (c === 0x2f /* / */) {
      const gt = text.indexOf('>', lt + 2);
      if (gt === -1) throw malformed('tag penutup terpotong');
      const open = names.pop();
      // compared in place (no substring per end tag): the open name, then only white space
      if (open === undefined || !text.startsWith(open, lt + 2) || text.slice(lt + 2 + open.length, gt).trim() !== '') {
        const name = text.slice(lt + 2, gt).trim();
        throw malformed(open === undefined ? `tag penutup </${name}> tanpa pembuka` : `</${name}> menutup <${open}>`);
      }
      if (scopes.length > names.length + 1) scopes.length = names.length + 1;
      visitor.onEnd(names.length, gt + 1);
      i = gt + 1;
      continue;
    }
    // a start tag: it ends at the first '>' outside quotes (a tag cannot contain '<')
    let quote = 0;
    let gt = -1;
    for (let k = lt + 1; k < text.length; k++) {
      const ch = text.charCodeAt(k);
      if (quote) {
        if (ch === quote) quote = 0;
      } else if (ch === 0x22 || ch === 0x27) {
        quote = ch;
      } else if (ch === 0x3e) {
        gt = k;
        break;
      } else if (ch === 0x3c) {
        break;
      }
    }
    if (gt === -1) throw malformed('tag pembuka terpotong');
    const selfClosing = text.charCodeAt(gt - 1) === 0x2f;
    let nameEnd = lt + 1;
    for (; nameEnd < gt; nameEnd++) {
      const ch = text.charCodeAt(nameEnd);
      if (ch === 0x20 || ch === 0x09 || ch === 0x0a || ch === 0x0d || ch === 0x2f) break;
    }
    if (nameEnd === lt + 1) throw malformed(`tag tanpa nama di posisi ${lt}`);
    const qname = text.slice(lt + 1, nameEnd);
    const depth = names.length;
    if (depth === 0 && rootSeen) throw malformed('lebih dari satu elemen akar');
    rootSeen = true;
    if (depth >= maxDepth) throw new XmlInputError(`XML bersarang lebih dari ${maxDepth} tingkat.`, 'too-deep');
    const colon = qname.indexOf(':');
    const prefix = colon === -1 ? '' : qname.slice(0, colon);
    const local = colon === -1 ? qname : qname.slice(colon + 1);
    let ns: string | null | undefined;
    let scope: NsScope | undefined;
    let attrs: Record<string, string> | undefined;
    if (depth <= opts.nsDepth) {
      const parent = scopes[depth]!;
      attrs = {};
      let own: NsScope | undefined;
      const rest = text.slice(nameEnd, selfClosing ? gt - 1 : gt);
      ATTR.lastIndex = 0;
      for (let m = ATTR.exec(rest); m; m = ATTR.exec(rest)) {
        const name = m[1]!;
        const value = decodeXmlText(m[2] ?? m[3] ?? '');
        if (name in attrs) throw malformed(`atribut ${name} berulang pada <${qname}>`);
        attrs[name] = value;
        if (name === 'xmlns' || name.startsWith('xmlns:')) {
          own ??= Object.create(parent) as NsScope;
          own[name === 'xmlns' ? '' : name.slice(6)] = value;
        }
      }
      scope = own ?? parent;
      if (prefix === '') ns = scope[''] || null;
      else {
        ns = scope[prefix];
        if (ns === undefined) throw malformed(`awalan namespace "${prefix}" tidak dideklarasikan (<${qname}>)`);
      }
    }
    visitor.onStart({ depth, ns, local, qname, start: lt, end: gt + 1, selfClosing, scope, attrs });
    if (selfClosing) visitor.onEnd(depth, gt + 1);
    else {
      names.push(qname);
      if (scope) scopes[depth + 1] = scope;
    }
    i = gt + 1;
  }
  if (!rootSeen) throw new XmlInputError('Dokumen XML tidak memiliki elemen akar.', 'empty');
  if (names.length) throw malformed(`dokumen terpotong: <${names.at(-1)}> tidak ditutup`);
}

/** The bindings of a scope (inherited ones included) as xmlns attributes, sorted: what a cut-out element needs to parse alone. */
export function scopeDeclarations(scope: NsScope): string {
  const out: string[] = [];
  for (const p in scope) {
    if (p === 'xml') continue;
    out.push(p === '' ? `xmlns="${escAttr(scope[p]!)}"` : `xmlns:${p}="${escAttr(scope[p]!)}"`);
  }
  return out.sort().join(' ');
}

const escAttr = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
