/**
 * String-level XML writing for the protocol responses (CSW, OAI-PMH). Responses are assembled
 * as strings (stored renders are embedded verbatim, which a DOM builder would have to
 * re-parse), so every value that did not come from a stored render goes through these functions.
 */

import { INVALID_XML_CHARS } from './xml-chars';

// Characters XML 1.0 forbids even when escaped. A hostile KVP value echoed into an exception
// text must not make the whole response unparseable, so they are written as visible `\uXXXX`
// text (U+FFFD would be legal too, but strict parsers warn about it as an encoding problem).

export function sanitizeXmlChars(s: string): string {
  return s.replace(INVALID_XML_CHARS, (c) => `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`);
}

export function escapeText(s: string): string {
  return sanitizeXmlChars(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function escapeAttr(s: string): string {
  return sanitizeXmlChars(s)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/\t/g, '&#9;')
    .replace(/\n/g, '&#10;')
    .replace(/\r/g, '&#13;');
}

export type Attrs = Record<string, string | number | undefined>;

function attrString(attrs: Attrs | undefined): string {
  if (!attrs) return '';
  let out = '';
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined) out += ` ${k}="${escapeAttr(String(v))}"`;
  return out;
}

/** An element whose children are already-serialised XML strings. */
export function el(name: string, attrs?: Attrs, ...children: string[]): string {
  const body = children.join('');
  return body === '' ? `<${name}${attrString(attrs)}/>` : `<${name}${attrString(attrs)}>${body}</${name}>`;
}

/** An element holding escaped text. */
export function textEl(name: string, text: string, attrs?: Attrs): string {
  return `<${name}${attrString(attrs)}>${escapeText(text)}</${name}>`;
}

export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';

/**
 * A stored render as an embeddable fragment: no BOM, no XML declaration, no leading
 * comments/whitespace problems (a declaration in the middle of a document is an error).
 */
export function asFragment(xml: string): string {
  let s = xml.replace(/^\uFEFF/, '').trimStart();
  if (s.startsWith('<?xml')) {
    const end = s.indexOf('?>');
    s = end >= 0 ? s.slice(end + 2).trimStart() : s;
  }
  return s.trimEnd();
}
