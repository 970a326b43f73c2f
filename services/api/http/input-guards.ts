import type { RequestHandler } from 'express';
import { AppError } from '../../../libs/errors';

/**
 * Checks on what the REST API receives, before any route sees it. JSON.parse accepts any
 * nesting and any string, but PostgreSQL refuses NUL characters (text) and lone UTF-16
 * surrogates (jsonb), and code that walks a body recursively (JSON merge patch, equality)
 * overflows the stack on 100,000 levels: each of these would otherwise surface as a 500.
 */

/** Far deeper than any document of ours (a metadata record nests four levels). */
export const MAX_JSON_DEPTH = 64;

/** NUL, or a surrogate that is not half of a pair */
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const hasUnstorableText = (s: string): boolean => UNSTORABLE.test(s);

/** What is wrong with a parsed JSON value, if anything; iterative, so any depth is safe to ask about. */
export function jsonInputProblem(value: unknown, maxDepth = MAX_JSON_DEPTH): string | undefined {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (typeof v === 'string') {
      if (hasUnstorableText(v)) return 'Teks memuat karakter yang tidak diizinkan (NUL atau surrogate UTF-16 tunggal).';
      continue;
    }
    if (typeof v !== 'object' || v === null) continue;
    if (depth + 1 > maxDepth) return `JSON bersarang lebih dari ${maxDepth} tingkat.`;
    for (const [k, child] of Array.isArray(v) ? v.entries() : Object.entries(v)) {
      if (typeof k === 'string' && hasUnstorableText(k)) return 'Nama properti memuat karakter yang tidak diizinkan.';
      stack.push([child, depth + 1]);
    }
  }
  return undefined;
}

/** 400 for a JSON body nested too deep or carrying text PostgreSQL cannot store. */
export function guardJsonInput(maxDepth = MAX_JSON_DEPTH): RequestHandler {
  return (req, _res, next) => {
    const problem = typeof req.body === 'object' && req.body !== null ? jsonInputProblem(req.body, maxDepth) : undefined;
    next(problem ? new AppError('BAD_REQUEST', problem) : undefined);
  };
}

/** 400 for a NUL anywhere in the path or query (it would reach SQL as an id, `q`, a filter). */
export const rejectNulInUrl: RequestHandler = (req, _res, next) => {
  next(/%00/.test(req.originalUrl) ? new AppError('BAD_REQUEST', 'Alamat permintaan memuat karakter NUL.') : undefined);
};
