import { DOMParser, type Document, type Element } from '@xmldom/xmldom';
import { AppError } from '../errors';
import { hasInvalidXmlChar } from './xml-chars';

/**
 * The one way untrusted XML enters the system (CSW POST bodies, ISO imports).
 * - any DOCTYPE is refused before parsing: no DTD, so no entity can be declared, expanded
 *   or fetched (XXE, billion laughs), and nothing is ever read from disk or the network;
 * - every parser warning or error is fatal (xmldom otherwise logs and continues);
 * - size and nesting depth are bounded so a hostile document cannot exhaust the process.
 * Throws XmlInputError; callers map it to a 400 problem or an OWS exception.
 */
export class XmlInputError extends Error {
  constructor(message: string, readonly reason: 'doctype' | 'malformed' | 'too-large' | 'too-deep' | 'empty') {
    super(message);
    this.name = 'XmlInputError';
  }
}

export interface SafeParseOptions {
  maxBytes?: number;
  maxDepth?: number;
  maxAttributes?: number;
  /** elements in the whole document (start tags), counted before any DOM is built */
  maxElements?: number;
}

const DEFAULT_MAX_BYTES = 10 * 1024 * 1024;
const DEFAULT_MAX_DEPTH = 128;
const DEFAULT_MAX_ATTRIBUTES = 256;
/**
 * An ISO 19139 record has a few hundred to a few thousand elements; xmldom builds about 100,000
 * elements a second here, so 50,000 bounds one parse to well under a second. Callers with
 * smaller documents (CSW requests) pass a lower bound.
 */
export const DEFAULT_MAX_ELEMENTS = 50_000;
/** parser messages can quote the whole input (e.g. every unclosed tag): keep them short */
const MAX_MESSAGE = 200;
const short = (msg: string): string => (msg.length > MAX_MESSAGE ? `${msg.slice(0, MAX_MESSAGE)}…` : msg);

export function parseXmlSafely(text: string, opts: SafeParseOptions = {}): Document {
  const maxBytes = opts.maxBytes ?? DEFAULT_MAX_BYTES;
  if (Buffer.byteLength(text, 'utf8') > maxBytes) throw new XmlInputError(`Dokumen XML melebihi ${maxBytes} byte.`, 'too-large');
  if (text.trim() === '') throw new XmlInputError('Dokumen XML kosong.', 'empty');
  if (/<!DOCTYPE/i.test(text) || /<!ENTITY/i.test(text)) {
    throw new XmlInputError('Dokumen XML dengan DOCTYPE atau deklarasi ENTITY tidak diterima.', 'doctype');
  }
  if (hasInvalidXmlChar(text)) throw notXmlChars();
  preScan(text, opts.maxDepth ?? DEFAULT_MAX_DEPTH, opts.maxAttributes ?? DEFAULT_MAX_ATTRIBUTES, opts.maxElements ?? DEFAULT_MAX_ELEMENTS);
  let doc: Document;
  // xmldom wraps what onError throws in its own error, whose message names our class
  // ("… caused XmlInputError: …"): keep the first one we raised and answer with it alone
  let first: XmlInputError | undefined;
  try {
    doc = new DOMParser({
      onError: (level: string, msg: string) => {
        first ??= new XmlInputError(`XML tidak valid (${level}): ${short(String(msg).split('\n')[0] ?? '')}`, 'malformed');
        throw first;
      },
    }).parseFromString(text, 'application/xml');
  } catch (err) {
    if (first) throw first;
    if (err instanceof XmlInputError) throw err;
    throw new XmlInputError(`XML tidak valid: ${short(publicMessage(err))}`, 'malformed');
  }
  if (!doc.documentElement) throw new XmlInputError('Dokumen XML tidak memiliki elemen akar.', 'empty');
  checkTree(doc.documentElement, opts.maxDepth ?? DEFAULT_MAX_DEPTH);
  return doc;
}

/**
 * XML 1.0 forbids NUL, most C0 controls and lone surrogates even as character references;
 * xmldom accepts `&#0;` and `&#xD800;`, and the value would then fail deep inside PostgreSQL.
 */
const notXmlChars = (): XmlInputError =>
  new XmlInputError('XML tidak valid: memuat karakter yang tidak diizinkan XML 1.0 (mis. NUL, karakter kendali, surrogate tunggal).', 'malformed');

/** A DOM error's message without the class names xmldom puts in front ("NamespaceError: …"). */
function publicMessage(err: unknown): string {
  const line = (err instanceof Error ? err.message : String(err)).split('\n')[0] ?? '';
  return line.replace(/^(?:[A-Za-z]*(?:Error|Exception):\s*)+/, '');
}

/**
 * One linear pass over the text before xmldom sees it. xmldom's DOM builder looks up each new
 * attribute in a list (one element with 90,000 attributes, under 1 MB, blocks the event loop
 * for over a minute) and nests recursively (100,000 levels take seconds before failing), so
 * both are bounded here; checkDepth below stays the exact check on the parsed tree. The element
 * count is bounded here too: a flat 1 MB body of 250,000 empty elements took xmldom 2.4 s to
 * build (blocking every other request) before anything could refuse it; counted here it is
 * refused after the first `maxElements` tags, in about a millisecond. A tag
 * cannot contain '<' (not even in attribute values), so each tag runs from one '<' to the
 * next; comments, CDATA sections and processing instructions are skipped whole.
 */
function preScan(text: string, maxDepth: number, maxAttributes: number, maxElements: number): void {
  let depth = 0;
  let elements = 0;
  let i = text.indexOf('<');
  while (i !== -1 && i < text.length - 1) {
    const c = text[i + 1];
    if (c === '!' || c === '?') {
      const close = text.startsWith('<!--', i) ? '-->' : text.startsWith('<![CDATA[', i) ? ']]>' : '>';
      const end = text.indexOf(close, i + 2);
      if (end === -1) return; // unterminated: the parser reports it
      i = text.indexOf('<', end + close.length);
      continue;
    }
    const next = text.indexOf('<', i + 1);
    if (c === '/') {
      depth -= 1;
    } else {
      elements += 1;
      if (elements > maxElements) throw new XmlInputError(`Dokumen XML dengan lebih dari ${maxElements} elemen tidak diterima.`, 'too-large');
      // attributes are the '=' outside quotes; the tag ends at the first '>' outside quotes
      let quote = '';
      let attributes = 0;
      let selfClosing = false;
      for (let k = i + 1, end = next === -1 ? text.length : next; k < end; k++) {
        const ch = text[k];
        if (quote) {
          if (ch === quote) quote = '';
        } else if (ch === '"' || ch === "'") {
          quote = ch;
        } else if (ch === '=') {
          attributes += 1;
        } else if (ch === '>') {
          selfClosing = text[k - 1] === '/';
          break;
        }
      }
      if (attributes > maxAttributes) throw new XmlInputError(`Elemen XML dengan lebih dari ${maxAttributes} atribut tidak diterima.`, 'too-large');
      if (!selfClosing) depth += 1;
      if (depth > maxDepth) throw new XmlInputError(`XML bersarang lebih dari ${maxDepth} tingkat.`, 'too-deep');
    }
    i = next;
  }
}

/** Exact depth bound on the parsed tree, and no forbidden character decoded from a reference. */
function checkTree(root: Element, maxDepth: number): void {
  // iterative walk: a recursive one would overflow the stack on exactly the inputs we reject
  const stack: [Element, number][] = [[root, 1]];
  while (stack.length) {
    const [el, depth] = stack.pop()!;
    if (depth > maxDepth) throw new XmlInputError(`XML bersarang lebih dari ${maxDepth} tingkat.`, 'too-deep');
    for (let i = 0; i < el.attributes.length; i++) {
      if (hasInvalidXmlChar(el.attributes[i]!.value)) throw notXmlChars();
    }
    for (let c = el.firstChild; c; c = c.nextSibling) {
      if (c.nodeType === 1) stack.push([c as Element, depth + 1]);
      else if ((c.nodeType === 3 || c.nodeType === 4) && hasInvalidXmlChar(c.nodeValue ?? '')) throw notXmlChars();
    }
  }
}

/** Maps XmlInputError to the REST error vocabulary (400, or 413 for size). */
export function xmlInputToAppError(err: XmlInputError): AppError {
  return new AppError(err.reason === 'too-large' ? 'PAYLOAD_TOO_LARGE' : 'BAD_REQUEST', err.message, { extras: { reason: err.reason } });
}
