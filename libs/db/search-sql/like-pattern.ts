/**
 * PropertyIsLike patterns → SQL LIKE patterns with `\` as the escape character.
 * The request chooses its own wildcard, single-character and escape characters (CITE uses
 * `*`, `.` / `?`, `\`); every other character is literal, including SQL's own `%`, `_`
 * and `\`, which are escaped so they stay inert.
 */
export interface LikeChars {
  wildCard: string;
  singleChar: string;
  /** '' = no escape character */
  escapeChar: string;
}

const escapeSqlLike = (c: string): string => (c === '%' || c === '_' || c === '\\' ? `\\${c}` : c);

export function toSqlLike(pattern: string, chars: LikeChars): string {
  let out = '';
  const cs = [...pattern];
  for (let i = 0; i < cs.length; i++) {
    const c = cs[i]!;
    if (chars.escapeChar !== '' && c === chars.escapeChar) {
      // the escaped character is literal; a trailing escape character stands for itself
      const next = cs[i + 1];
      if (next === undefined) out += escapeSqlLike(c);
      else {
        out += escapeSqlLike(next);
        i++;
      }
    } else if (c === chars.wildCard) out += '%';
    else if (c === chars.singleChar) out += '_';
    else out += escapeSqlLike(c);
  }
  return out;
}

/**
 * AnyText LIKE is a "contains" search (clients send bare words or `Aerial%`; the free text
 * is one concatenation of many fields, so anchoring at its start means nothing): make sure
 * the SQL pattern starts and ends with `%`.
 */
export function toContains(sqlPattern: string): string {
  let p = sqlPattern;
  if (!p.startsWith('%')) p = `%${p}`;
  // a trailing `%` that is escaped (`\%`) is a literal percent sign, not a wildcard
  const trailingWild = /(^|[^\\])(\\\\)*%$/.test(p);
  if (!trailingWild) p = `${p}%`;
  return p;
}

/** a literal value as a SQL LIKE pattern that matches exactly that text */
export const literalLike = (value: string): string => [...value].map(escapeSqlLike).join('');
