import { matchAt as sticky, readQuoted } from '../../search/filter/lexer-text';
import { invalid } from '../csw-error';

/** Tokens of OGC CQL as CSW clients send it. Positions are 0-based offsets into the text. */
export type TokenKind = 'ident' | 'string' | 'number' | 'date' | 'op' | '(' | ')' | ',' | 'eof';

export interface Token {
  kind: TokenKind;
  /** identifiers and operators as written; strings without quotes, `''` unescaped */
  text: string;
  pos: number;
  /** a "quoted identifier": never a keyword */
  quoted?: boolean;
}

export const MAX_CQL_LENGTH = 64 * 1024;

export const cqlError = (pos: number, message: string): Error =>
  invalid('constraint', `Kesalahan sintaks CQL pada posisi ${pos + 1}: ${message}`);

const DATE_RE = /\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?(?![\w:.])/y;
const NUMBER_RE = /[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?(?![\w:])/y;
const IDENT_RE = /[A-Za-z_@/][A-Za-z0-9_:./@]*/y;

function quoted(text: string, start: number, q: string, what: string): { value: string; end: number } {
  const run = readQuoted(text, start, q);
  if (!run) throw cqlError(start, `${what} tidak ditutup dengan ${q}.`);
  return run;
}

export function tokenize(text: string): Token[] {
  if (text.length > MAX_CQL_LENGTH) throw invalid('constraint', `Teks CQL melebihi ${MAX_CQL_LENGTH} karakter.`);
  const out: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (c === "'") {
      const { value, end } = quoted(text, i, "'", 'String');
      out.push({ kind: 'string', text: value, pos: i });
      i = end;
      continue;
    }
    if (c === '"') {
      const { value, end } = quoted(text, i, '"', 'Nama properti bertanda kutip');
      out.push({ kind: 'ident', text: value, pos: i, quoted: true });
      i = end;
      continue;
    }
    if (c === '(' || c === ')' || c === ',') {
      out.push({ kind: c, text: c, pos: i });
      i++;
      continue;
    }
    const two = text.slice(i, i + 2);
    if (two === '<=' || two === '>=' || two === '<>' || two === '!=') {
      out.push({ kind: 'op', text: two === '!=' ? '<>' : two, pos: i });
      i += 2;
      continue;
    }
    if (c === '=' || c === '<' || c === '>') {
      out.push({ kind: 'op', text: c, pos: i });
      i++;
      continue;
    }
    const date = sticky(DATE_RE, text, i);
    if (date) {
      out.push({ kind: 'date', text: date, pos: i });
      i += date.length;
      continue;
    }
    const num = sticky(NUMBER_RE, text, i);
    if (num) {
      out.push({ kind: 'number', text: num, pos: i });
      i += num.length;
      continue;
    }
    const ident = sticky(IDENT_RE, text, i);
    if (ident) {
      out.push({ kind: 'ident', text: ident, pos: i });
      i += ident.length;
      continue;
    }
    throw cqlError(i, `karakter "${c}" tidak dikenal.`);
  }
  out.push({ kind: 'eof', text: '', pos: text.length });
  return out;
}
