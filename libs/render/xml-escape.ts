/**
 * SaxonJS's XML serializer's escaping, which the TypeScript writers (element-sets.ts,
 * dublin-core/, crosswalk/) reproduce so that their text is byte for byte what the retired stylesheets wrote.
 */
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&#34;' };
// SaxonJS writes C0 controls other than tab and line feed (in practice the carriage return),
// C1 controls and U+2028 as decimal character references, in text and attribute values alike
const TEXT_SPECIAL = /[&<>\u0000-\u0008\u000B-\u001F\u007F-\u009F\u2028]/g;
const ATTR_SPECIAL = /[&<>"\u0000-\u0008\u0009-\u001F\u007F-\u009F\u2028]/g;
const reference = (c: string): string => ESCAPES[c] ?? `&#${c.charCodeAt(0)};`;
// most values need no escape at all: a search first costs less than a replace that finds nothing
const TEXT_NEEDS = new RegExp(TEXT_SPECIAL.source);
const ATTR_NEEDS = new RegExp(ATTR_SPECIAL.source);
export const escText = (s: string): string => (TEXT_NEEDS.test(s) ? s.replace(TEXT_SPECIAL, reference) : s);
export const escAttr = (s: string): string => (ATTR_NEEDS.test(s) ? s.replace(ATTR_SPECIAL, reference) : s);
