/**
 * A tiny escaping template for the public pages: `html\`...\`` escapes every interpolated value
 * unless it is already `SafeHtml` (the result of another `html` call, or `raw()` for markup we
 * built ourselves). Arrays are joined, null/undefined/false render nothing. No template engine:
 * the pages are a handful of functions, and one rule (escape by default) keeps them safe.
 */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

const SPECIAL = /[&<>"']/;

/** Text or attribute value → HTML (quotes escaped too, so it is safe inside either quote style). */
export function escapeHtml(text: string): string {
  // most text has nothing to escape: a test is cheaper than a replace that calls back for nothing
  return SPECIAL.test(text) ? text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c) : text;
}


export type HtmlValue = SafeHtml | string | number | boolean | null | undefined | readonly HtmlValue[];

function render(v: HtmlValue): string {
  if (v === null || v === undefined || v === false || v === true) return '';
  if (v instanceof SafeHtml) return v.value;
  if (Array.isArray(v)) return v.map(render).join('');
  return escapeHtml(String(v));
}

export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  let out = strings[0] ?? '';
  for (let i = 0; i < values.length; i += 1) out += render(values[i]) + (strings[i + 1] ?? '');
  return new SafeHtml(out);
}

/** Markup this code built itself (never user data). */
export function raw(markup: string): SafeHtml {
  return new SafeHtml(markup);
}

/**
 * JSON inside `<script type="application/ld+json">`: the HTML parser ends the element at the
 * first `</script`, and `<!--` changes how it is read, so every `<`, `>` and `&` goes out as a
 * JSON unicode escape (still the same JSON value); U+2028/2029 too, for old JS parsers.
 */
export function jsonForScript(value: unknown): SafeHtml {
  const text = JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return new SafeHtml(text);
}
