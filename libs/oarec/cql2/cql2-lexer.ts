import { matchAt as sticky, readQuoted } from '../../search/filter/lexer-text';
import { badParameter } from '../oarec-error';
import { MAX_CQL2_LENGTH } from './cql2-ast';

/** Tokens of CQL2 text. Positions are 0-based offsets into the text (reported 1-based). */
export type Cql2TokenKind = 'ident' | 'string' | 'number' | 'op' | '(' | ')' | ',' | 'eof';

export interface Cql2Token {
  kind: Cql2TokenKind;
  /** identifiers and operators as written; strings without quotes, `''` unescaped */
  text: string;
  pos: number;
  /** a "quoted identifier": never a keyword */
  quoted?: boolean;
}

export const cql2Error = (pos: number, message: string): Error =>
  badParameter('filter', `kesalahan sintaks CQL2 pada posisi ${pos + 1}: ${message}`);

const NUMBER_RE = /(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/y;
const IDENT_RE = /[A-Za-z_][A-Za-z0-9_:.]*/y;
const OPS = ['<>', '<=', '>=', '=', '<', '>', '+', '-', '*', '/'];

function quoted(text: string, start: number, q: string): { value: string; end: number } {
  const run = readQuoted(text, start, q);
  if (!run) throw cql2Error(start, `${q === "'" ? 'string' : 'nama properti'} tidak ditutup dengan ${q}.`);
  return run;
}

export function tokenizeCql2(text: string): Cql2Token[] {
  if (text.length > MAX_CQL2_LENGTH) throw badParameter('filter', `teks CQL2 melebihi ${MAX_CQL2_LENGTH} karakter.`);
  const out: Cql2Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (c === "'" || c === '"') {
      const { value, end } = quoted(text, i, c);
      out.push(c === "'" ? { kind: 'string', text: value, pos: i } : { kind: 'ident', text: value, pos: i, quoted: true });
      i = end;
      continue;
    }
    if (c === '(' || c === ')' || c === ',') {
      out.push({ kind: c, text: c, pos: i });
      i++;
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
    const op = OPS.find((o) => text.startsWith(o, i));
    if (op) {
      out.push({ kind: 'op', text: op, pos: i });
      i += op.length;
      continue;
    }
    throw cql2Error(i, `karakter "${c}" tidak diharapkan.`);
  }
  out.push({ kind: 'eof', text: '', pos: text.length });
  return out;
}
