/**
 * The one comparison key of a username: NFKC, then each code point's simple lowercase mapping
 * (one code point to one), then NFKC again. It is computed here and stored in
 * `users.username_key`; lookups and uniqueness use the stored key, never PostgreSQL's lower(),
 * so the database and the code cannot fold a name differently.
 *
 * Why simple and not full lowercase: JavaScript's toLowerCase() maps U+0130 (İ) to "i" plus a
 * combining dot, whereas the simple mapping (UnicodeData, also what PostgreSQL's lower()
 * applies) gives plain "i". Names are ASCII ([A-Za-z0-9._-]), so what matters is that every
 * spelling that LOOKS like a stored name folds onto it: "rlf\u0130x", "ＲＬＦＩＸ" (fullwidth)
 * and "rlfix" all get the key "rlfix", reach the same account and the same login limiter key.
 */
export function usernameKey(name: string): string {
  let out = '';
  for (const ch of name.normalize('NFKC')) {
    const lower = ch.toLowerCase();
    // full mappings longer than one code point (only U+0130 when lowercasing) keep their first
    // code point, which is the simple mapping
    out += lower.length > 1 && [...lower].length > 1 ? String.fromCodePoint(lower.codePointAt(0)!) : lower;
  }
  return out.normalize('NFKC');
}
