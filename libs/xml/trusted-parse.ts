import {
  CDATA_SECTION_NODE, COMMENT_NODE, LightAttr, LightCharacterData, LightDocument, LightElement, type LightParent,
  PROCESSING_INSTRUCTION_NODE, TEXT_NODE, XML_NAMESPACE, XMLNS_NAMESPACE, lightCopy,
} from './light-dom';
import { parseXmlSafely } from './safe-parse';

/**
 * A fast parse of XML the catalogue already trusts, into the read-only light DOM (light-dom.ts):
 * documents that passed parseXmlSafely when they came in (a stored ISO document) and the
 * catalogue's own output (a crosswalk's result). It is for the render, which parses every stored
 * document and its crosswalked forms again and again; anything that comes from outside goes
 * through parseXmlSafely, which refuses what is unsafe and reports what is wrong.
 *
 * It builds the tree xmldom builds from the same text (test/unit/trusted-parse.test.ts compares
 * both over every corpus document and the crosswalks' outputs): line ends normalised over the
 * whole text as xmldom does (CR LF, CR, NEL, LS and PS become LF), literal tab, LF and CR in
 * attribute values read as spaces, the five predefined entities and character references
 * decoded, CDATA sections, comments and processing instructions kept as nodes, white space
 * outside the root dropped.
 *
 * It checks less than a validating parser: anything it does not expect — a DOCTYPE, another
 * entity, an undeclared prefix, a mismatched end tag, a stray '<' or '&' — throws
 * TrustedParseError, and the caller parses the text with parseXmlSafely instead (never an
 * unchecked tree). No entity is ever expanded, nothing is read from anywhere.
 */
export class TrustedParseError extends Error {
  constructor(message: string, readonly at: number) {
    super(`${message} (posisi ${at})`);
    this.name = 'TrustedParseError';
  }
}

const LINE_ENDS = /[\r\u0085\u2028\u2029]/;
const normalizeLineEnds = (s: string): string =>
  LINE_ENDS.test(s) ? s.replace(/\r[\n\u0085]/g, '\n').replace(/[\r\u0085\u2028\u2029]/g, '\n') : s;

const PREDEFINED: Readonly<Record<string, string>> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
const REFERENCE = /&(?:(lt|gt|amp|quot|apos)|#x([0-9a-fA-F]+)|#([0-9]+));/g;

/** a '&' that does not start one of those references: an entity we do not expand, or a bare '&' */
const OTHER_AMPERSAND = /&(?!(?:lt|gt|amp|quot|apos|#x[0-9a-fA-F]+|#[0-9]+);)/;

function decode(s: string, at: number): string {
  if (s.indexOf('&') < 0) return s;
  if (OTHER_AMPERSAND.test(s)) throw new TrustedParseError('referensi entitas tidak dikenal', at);
  return s.replace(REFERENCE, (_m, name: string | undefined, hex: string | undefined, dec: string | undefined) =>
    name ? PREDEFINED[name]! : String.fromCodePoint(parseInt(hex ?? dec!, hex ? 16 : 10)));
}

const isSpace = (c: number): boolean => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;

/** Namespace scopes: each element that declares something gets a map whose prototype is its parent's. */
// not frozen: a document may declare `xmlns:xml` itself, which is set on a map inheriting from this one
const ROOT_SCOPE: Readonly<Record<string, string>> = Object.assign(Object.create(null) as Record<string, string>, { xml: XML_NAMESPACE });

function nameEnd(s: string, i: number): number {
  for (;;) {
    const c = s.charCodeAt(i);
    if (Number.isNaN(c) || isSpace(c) || c === 0x2f /* / */ || c === 0x3e /* > */ || c === 0x3d /* = */) return i;
    i++;
  }
}

interface RawAttr { name: string; value: string }

export function parseTrustedXml(input: string): LightDocument {
  const s = normalizeLineEnds(input);
  const doc = new LightDocument();
  let parent: LightParent = doc;
  const scopes: Record<string, string>[] = [ROOT_SCOPE as Record<string, string>];
  let pos = 0;
  for (;;) {
    const lt = s.indexOf('<', pos);
    const textEnd = lt < 0 ? s.length : lt;
    if (textEnd > pos) {
      const raw = s.slice(pos, textEnd);
      if (parent === doc) {
        if (/[^ \t\n\r]/.test(raw)) throw new TrustedParseError('teks di luar elemen akar', pos);
      } else {
        parent.append(new LightCharacterData(TEXT_NODE, '#text', decode(raw, pos)));
      }
    }
    if (lt < 0) break;
    const c = s.charCodeAt(lt + 1);
    if (c === 0x2f /* </ */) {
      const gt = s.indexOf('>', lt + 2);
      if (gt < 0 || parent === doc) throw new TrustedParseError('tag penutup tanpa pembuka', lt);
      const name = s.slice(lt + 2, gt).replace(/[ \t\n\r]+$/, '');
      if (name !== (parent as LightElement).nodeName) throw new TrustedParseError(`tag penutup </${name}> tidak cocok`, lt);
      if ((parent as LightElement).declared) scopes.pop();
      parent = parent.parentNode as LightParent;
      pos = gt + 1;
    } else if (c === 0x21 /* <! */) {
      if (s.startsWith('<!--', lt)) {
        const end = s.indexOf('-->', lt + 4);
        if (end < 0) throw new TrustedParseError('komentar tidak ditutup', lt);
        parent.append(new LightCharacterData(COMMENT_NODE, '#comment', s.slice(lt + 4, end)));
        pos = end + 3;
      } else if (s.startsWith('<![CDATA[', lt) && parent !== doc) {
        const end = s.indexOf(']]>', lt + 9);
        if (end < 0) throw new TrustedParseError('CDATA tidak ditutup', lt);
        parent.append(new LightCharacterData(CDATA_SECTION_NODE, '#cdata-section', s.slice(lt + 9, end)));
        pos = end + 3;
      } else {
        throw new TrustedParseError('DOCTYPE atau deklarasi tidak diterima', lt);
      }
    } else if (c === 0x3f /* <? */) {
      const end = s.indexOf('?>', lt + 2);
      if (end < 0) throw new TrustedParseError('instruksi pemrosesan tidak ditutup', lt);
      const body = s.slice(lt + 2, end);
      const m = /^([^ \t\n\r]+)[ \t\n\r]*/.exec(body);
      if (!m) throw new TrustedParseError('instruksi pemrosesan tanpa target', lt);
      const target = m[1]!;
      // the XML declaration is not a node (xmldom keeps none either)
      if (!(parent === doc && target.toLowerCase() === 'xml')) {
        parent.append(new LightCharacterData(PROCESSING_INSTRUCTION_NODE, target, body.slice(m[0].length), target));
      }
      pos = end + 2;
    } else {
      pos = startTag(s, lt, scopes, (el, empty) => {
        parent.append(el);
        if (parent === doc) {
          if (doc.documentElement) throw new TrustedParseError('lebih dari satu elemen akar', lt);
          doc.documentElement = el;
        }
        if (!empty) parent = el;
        else if (el.declared) scopes.pop();
      });
    }
  }
  if (parent !== doc) throw new TrustedParseError(`elemen <${(parent as LightElement).nodeName}> tidak ditutup`, s.length);
  if (!doc.documentElement) throw new TrustedParseError('tidak ada elemen akar', 0);
  return doc;
}

/** Reads the start tag at `lt`, hands the element to `add`, returns the position after the tag. */
function startTag(s: string, lt: number, scopes: Record<string, string>[],
  add: (el: LightElement, empty: boolean) => void): number {
  let i = nameEnd(s, lt + 1);
  const qname = s.slice(lt + 1, i);
  if (!qname) throw new TrustedParseError("'<' tanpa nama elemen", lt);
  let raw: RawAttr[] | null = null;
  let empty = false;
  for (;;) {
    while (isSpace(s.charCodeAt(i))) i++;
    const c = s.charCodeAt(i);
    if (c === 0x3e /* > */) { i++; break; }
    if (c === 0x2f /* / */ && s.charCodeAt(i + 1) === 0x3e) { empty = true; i += 2; break; }
    const nameStart = i;
    i = nameEnd(s, i);
    const name = s.slice(nameStart, i);
    while (isSpace(s.charCodeAt(i))) i++;
    if (!name || s.charCodeAt(i) !== 0x3d /* = */) throw new TrustedParseError(`atribut tanpa nilai di <${qname}>`, i);
    i++;
    while (isSpace(s.charCodeAt(i))) i++;
    const quote = s[i];
    if (quote !== '"' && quote !== "'") throw new TrustedParseError(`nilai atribut tanpa tanda kutip di <${qname}>`, i);
    const close = s.indexOf(quote, i + 1);
    if (close < 0) throw new TrustedParseError(`nilai atribut tidak ditutup di <${qname}>`, i);
    const rawValue = s.slice(i + 1, close);
    if (rawValue.indexOf('<') >= 0) throw new TrustedParseError(`'<' di nilai atribut di <${qname}>`, i);
    (raw ??= []).push({ name, value: decode(rawValue.replace(/[\t\n\r]/g, ' '), i) });
    i = close + 1;
  }

  // namespace declarations first: they are in scope for the element's own name and attributes
  let scope = scopes[scopes.length - 1]!;
  let declared: Record<string, string> | null = null;
  if (raw) {
    for (const a of raw) {
      const p = a.name === 'xmlns' ? '' : a.name.startsWith('xmlns:') ? a.name.slice(6) : undefined;
      if (p === undefined) continue;
      if (!declared) {
        declared = Object.create(null) as Record<string, string>;
        scope = Object.create(scope) as Record<string, string>;
      }
      declared[p] = a.value;
      scope[p] = a.value;
    }
  }
  let attrs: LightAttr[] | null = null;
  if (raw) {
    attrs = [];
    for (const a of raw) {
      const colon = a.name.indexOf(':');
      if (a.name === 'xmlns') attrs.push(new LightAttr(a.name, null, 'xmlns', XMLNS_NAMESPACE, a.value));
      else if (colon < 0) attrs.push(new LightAttr(a.name, null, a.name, null, a.value));
      else {
        const prefix = a.name.slice(0, colon);
        const uri = prefix === 'xmlns' ? XMLNS_NAMESPACE : scope[prefix];
        if (uri === undefined || uri === '') throw new TrustedParseError(`prefiks ${prefix} tidak dideklarasikan`, lt);
        attrs.push(new LightAttr(a.name, prefix, a.name.slice(colon + 1), uri, a.value));
      }
    }
  }
  const colon = qname.indexOf(':');
  const prefix = colon < 0 ? null : qname.slice(0, colon);
  const uri = scope[prefix ?? ''];
  if (prefix !== null && (uri === undefined || uri === '')) throw new TrustedParseError(`prefiks ${prefix} tidak dideklarasikan`, lt);
  const el = new LightElement(qname, prefix, colon < 0 ? qname : qname.slice(colon + 1), uri ? uri : null, attrs, declared);
  if (declared) scopes.push(scope);
  add(el, empty);
  return i;
}

/**
 * The render's parse: the light parser, and for a text it refuses (TrustedParseError, or any
 * other failure, such as a character reference beyond Unicode), the safe parser's tree copied
 * into the light DOM — so a stored document the light parser does not expect still renders, and
 * one that is not XML fails with parseXmlSafely's XmlInputError.
 */
export function parseForRender(text: string): LightDocument {
  try {
    return parseTrustedXml(text);
  } catch {
    return lightCopy(parseXmlSafely(text) as unknown as Parameters<typeof lightCopy>[0]);
  }
}
