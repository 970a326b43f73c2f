/**
 * XML 1.0 (§2.2) forbids most C0 controls, U+FFFE/U+FFFF and unpaired UTF-16 surrogates.
 * PostgreSQL cannot store NUL or a lone surrogate in text either, so a value carrying one
 * must be refused at the edge (request parameters, parsed XML) or removed before writing XML.
 * One definition here keeps the parser, the KVP reader and the writers in agreement.
 */
export const INVALID_XML_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const INVALID_XML_CHAR = new RegExp(INVALID_XML_CHARS.source);

/** True when the string holds a character XML 1.0 does not allow. */
export function hasInvalidXmlChar(s: string): boolean {
  return INVALID_XML_CHAR.test(s);
}
