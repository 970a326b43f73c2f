/**
 * PostgreSQL COPY text format. The loader pipes it through `psql` (the project has no COPY
 * client library): psql reads a script on stdin whose COPY … FROM STDIN data follows each COPY
 * statement up to a `\.` line.
 */

/** a value of a text column in COPY text format (backslash, tab, newline and CR escaped) */
export function copyText(s: string): string {
  return /[\\\t\n\r]/.test(s) ? s.replace(/[\\\t\n\r]/g, (c) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[c]!) : s;
}

export const NULL = '\\N';

export const copyNullable = (s: string | null | undefined): string => (s === null || s === undefined ? NULL : copyText(s));

/** a text[] value: an array literal with every element quoted, then COPY-escaped */
export function copyTextArray(xs: readonly string[]): string {
  return copyText(`{${xs.map((x) => `"${x.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(',')}}`);
}
