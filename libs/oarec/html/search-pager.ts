import { html, type SafeHtml } from './html-escape';
import { formatCount } from './labels';
import { PATHS, linksFrom } from './page-context';
import { MAX_OFFSET } from '../request/item-query';

/**
 * Page numbers under the results: the first and last page, two either side of the current one,
 * and "…" for the gaps; Previous/Next around them. Offsets, so every page is a plain link that
 * works without JavaScript. When the count is not exact (numberMatched left out past the count
 * budget) the pages stop at the next one.
 */
export const DEFAULT_LIMIT = 10;
const AROUND = 2;

/** The page numbers to show (1-based), with 0 for a gap. */
export function pageNumbers(current: number, last: number): number[] {
  const want = new Set([1, last]);
  for (let p = current - AROUND; p <= current + AROUND; p += 1) if (p >= 1 && p <= last) want.add(p);
  const sorted = [...want].sort((a, b) => a - b);
  const out: number[] = [];
  for (const p of sorted) {
    const prev = out[out.length - 1];
    if (prev !== undefined && p - prev === 2) out.push(p - 1); // a gap of one page: show it, not "…"
    else if (prev !== undefined && p - prev > 2) out.push(0);
    out.push(p);
  }
  return out;
}

export function pager(state: Record<string, string | undefined>, matched: number | undefined, returned: number): SafeHtml {
  const limit = Math.max(1, Number(state.limit) || DEFAULT_LIMIT);
  const offset = Math.max(0, Number(state.offset) || 0);
  const current = Math.floor(offset / limit) + 1;
  const hasNext = matched !== undefined ? offset + returned < matched : returned >= limit;
  // never a link the service would refuse (offset ≤ MAX_OFFSET)
  const reachable = Math.floor(MAX_OFFSET / limit) + 1;
  const last = Math.min(reachable, matched !== undefined ? Math.max(1, Math.ceil(matched / limit)) : current + (hasNext ? 1 : 0));
  if (last <= 1 && offset === 0) return html``;
  const link = linksFrom(PATHS.items, state);
  const at = (page: number) => link({ offset: page > 1 ? String((page - 1) * limit) : undefined });
  const prev = offset > 0 ? link({ offset: offset - limit > 0 ? String(offset - limit) : undefined }) : undefined;
  const next = hasNext && current < last ? at(current + 1) : undefined;
  return html`<nav class="pager" aria-label="Halaman hasil">
<p class="pager-status">Halaman ${formatCount(current)}${matched !== undefined ? html` dari ${formatCount(last)}` : ''}</p>
<ul>
${prev ? html`<li><a rel="prev" href="${prev}">‹ Sebelumnya</a></li>` : ''}
${pageNumbers(current, last).map((p) => (p === 0
    ? html`<li class="gap" aria-hidden="true">…</li>`
    : p === current
      ? html`<li><a href="${at(p)}" aria-current="page" aria-label="Halaman ${formatCount(p)}, halaman ini">${formatCount(p)}</a></li>`
      : html`<li><a href="${at(p)}" aria-label="Halaman ${formatCount(p)}">${formatCount(p)}</a></li>`))}
${next ? html`<li><a rel="next" href="${next}">Berikutnya ›</a></li>` : ''}
</ul>
</nav>`;
}
