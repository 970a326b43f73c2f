import type { XmlNodeBuilder as XMLBuilder } from './gmd-tree';
import { GMX_CODELISTS } from './xml-namespaces';
import type { IsoDate } from './gmd-values';
import { INVALID_XML_CHARS } from '../xml/xml-chars';

/**
 * The small vocabulary every ISO 19139 property is written with: a property element that
 * wraps a gco value, a code-list value, or a nil reason. Keeping these in one place is what
 * keeps every property the same shape (and schema-valid) across the builder.
 */

// a record that contains characters XML 1.0 forbids (pasted text, imports) must still render

/**
 * Text for xmlbuilder2's txt(). xmlbuilder2 leaves an "&" that already starts an entity
 * reference ("&amp;", "&#65;") unescaped, so text that contains one would come back decoded:
 * every "&" is escaped here first (xmlbuilder2 then keeps those "&amp;" as they are), and a
 * carriage return becomes a character reference, which XML parsers would otherwise turn into
 * a line feed.
 */
export function xmlText(s: string): string {
  return s.replace(INVALID_XML_CHARS, '').replace(/&/g, '&amp;').replace(/\r/g, '&#13;');
}

/** The same for attribute values, where parsers also normalise tabs and line feeds to spaces. */
export function xmlAttr(s: string): string {
  return xmlText(s).replace(/\n/g, '&#10;').replace(/\t/g, '&#9;');
}

export type NilReason = 'missing' | 'unknown' | 'inapplicable' | 'withheld';

/** `<name gco:nilReason="…"/>`: the schema's way of saying a mandatory property has no value. */
export function nil(parent: XMLBuilder, name: string, reason: NilReason = 'missing'): void {
  parent.ele(name, { 'gco:nilReason': reason });
}

/** `<name><gco:CharacterString>text</gco:CharacterString></name>`, or nothing for empty text. */
export function str(parent: XMLBuilder, name: string, text: string | undefined | null): void {
  if (text === undefined || text === null || text.trim() === '') return;
  parent.ele(name).ele('gco:CharacterString').txt(xmlText(text));
}

/**
 * A character string that names a concept by URI (a thesaurus keyword, a thesaurus title):
 * gmx:Anchor with xlink:href when the URI is known, else gco:CharacterString.
 */
export function anchorOrStr(parent: XMLBuilder, name: string, text: string | undefined | null, href: string | undefined): void {
  if (text === undefined || text === null || text.trim() === '') return;
  if (href === undefined || href.trim() === '') return str(parent, name, text);
  parent.ele(name).ele('gmx:Anchor', { 'xlink:href': xmlAttr(href) }).txt(xmlText(text));
}

/** Like str, but a mandatory property: empty text becomes a nil reason. */
export function strOrNil(parent: XMLBuilder, name: string, text: string | undefined | null, reason: NilReason = 'missing'): void {
  if (text === undefined || text === null || text.trim() === '') nil(parent, name, reason);
  else str(parent, name, text);
}

/** A code-list property: `<name><gmd:X codeList="…#X" codeListValue="v">v</gmd:X></name>`. */
export function code(parent: XMLBuilder, name: string, list: string, value: string): void {
  const v = value.trim();
  parent.ele(name).ele(`gmd:${list}`, { codeList: `${GMX_CODELISTS}#${list}`, codeListValue: xmlAttr(v) }).txt(xmlText(v));
}

/** A code-list property of another namespace than gmd (srv:DCPList, srv:SV_CouplingType). */
export function codeIn(parent: XMLBuilder, name: string, prefix: 'srv', list: string, value: string): void {
  const v = value.trim();
  parent.ele(name).ele(`${prefix}:${list}`, { codeList: `${GMX_CODELISTS}#${list}`, codeListValue: xmlAttr(v) }).txt(xmlText(v));
}

/** `<name><gco:Date>…</gco:Date></name>` or gco:DateTime. */
export function date(parent: XMLBuilder, name: string, d: IsoDate): void {
  parent.ele(name).ele(`gco:${d.kind}`).txt(d.value);
}

/** `<name><gco:Decimal>…</gco:Decimal></name>` (or another gco number type). */
export function num(parent: XMLBuilder, name: string, type: 'Decimal' | 'Integer' | 'Real', value: string): void {
  parent.ele(name).ele(`gco:${type}`).txt(value);
}
