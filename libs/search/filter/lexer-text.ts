/**
 * The character-level pieces both text filter languages share: CQL as CSW clients send it
 * (libs/csw/filter/cql-lexer.ts) and CQL2 text of OGC API – Records (libs/oarec/cql2). Their
 * token sets, number and identifier rules and error answers differ and stay in each lexer;
 * reading a quoted run and matching a token at a position are the same job.
 */

/** The match of a sticky (`y`) regex starting exactly at `pos`, if any. */
export function matchAt(re: RegExp, text: string, pos: number): string | undefined {
  re.lastIndex = pos;
  return re.exec(text)?.[0];
}

/**
 * A run quoted with `q` starting at `start` (where `text[start] === q`), with a doubled quote
 * standing for one (`'it''s'` → `it's`), and the offset just after the closing quote.
 * undefined when the quote is never closed: each language words that error itself.
 */
export function readQuoted(text: string, start: number, q: string): { value: string; end: number } | undefined {
  let value = '';
  let i = start + 1;
  for (;;) {
    const j = text.indexOf(q, i);
    if (j < 0) return undefined;
    value += text.slice(i, j);
    if (text[j + 1] === q) {
      value += q;
      i = j + 2;
    } else return { value, end: j + 1 };
  }
}
