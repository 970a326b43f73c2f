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

/** what jsonForScript escapes, and as what */
const SCRIPT_UNSAFE = /[<>&\u2028\u2029]/;
const SCRIPT_UNSAFE_ALL = /[<>&\u2028\u2029]/g;
const SCRIPT_ESCAPES: Record<string, string> = { '<': '\\u003c', '>': '\\u003e', '&': '\\u0026', '\u2028': '\\u2028', '\u2029': '\\u2029' };

/**
 * JSON inside `<script type="application/ld+json">`: the HTML parser ends the element at the
 * first `</script`, and `<!--` changes how it is read, so every `<`, `>` and `&` goes out as a
 * JSON unicode escape (still the same JSON value); U+2028/2029 too, for old JS parsers.
 */
export function jsonForScript(value: unknown): SafeHtml {
  const json = JSON.stringify(value);
  // one pass, and none for text without such characters (a page's footprints: mostly numbers)
  return new SafeHtml(SCRIPT_UNSAFE.test(json) ? json.replace(SCRIPT_UNSAFE_ALL, (c) => SCRIPT_ESCAPES[c]!) : json);
}
