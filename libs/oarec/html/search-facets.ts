import { html, type SafeHtml } from './html-escape';
import { facetTitle, facetValueLabel, formatCount } from './labels';
import { PATHS, linksFrom } from './page-context';
import type { FacetGroup, Facets } from './record-feature.types';

/** The order facet groups appear in; groups the routes send under other names follow. */
const ORDER = ['type', 'topicCategory', 'keywords', 'organisation', 'format'];

export function facetGroups(f: Facets | undefined | null): FacetGroup[] {
  if (!f) return [];
  const groups: FacetGroup[] = Array.isArray(f)
    ? f
    : Object.entries(f).map(([name, values]) => ({ name, values: Array.isArray(values) ? values : [] }));
  const rank = (n: string) => {
    const i = ORDER.indexOf(n);
    return i < 0 ? ORDER.length : i;
  };
  return [...groups].sort((a, b) => rank(a.name) - rank(b.name));
}

/** a count estimated from a sample of a large result says so (libs/search/facet-counts.ts) */
const countText = (v: { count: number; approximate?: boolean }): string => `${v.approximate ? 'sekitar ' : ''}${formatCount(v.count)}`;

/**
 * Facets as plain links: each value links to the current search narrowed by `name=value`
 * (paging reset), a chosen value links back without it. Links, not checkboxes, so they work
 * without JavaScript and every state is a shareable URL.
 */
export function facetsPanel(groups: FacetGroup[], state: Record<string, string | undefined>): SafeHtml {
  if (groups.length === 0) return html``;
  const link = linksFrom(PATHS.items, state);
  const section = (g: FacetGroup, i: number) => {
    const chosen = state[g.name];
    const values = g.values.filter((v) => v.count > 0 || v.value === chosen);
    if (values.length === 0) return '';
    const id = `facet-${i}`;
    return html`<section class="facet" aria-labelledby="${id}">
<h3 id="${id}">${g.title ?? facetTitle(g.name)}</h3>
<ul>
${values.map((v) => {
    const label = v.title ?? facetValueLabel(g.name, v.value);
    if (v.value === chosen) {
      const href = link({ [g.name]: undefined, offset: undefined });
      return html`<li class="chosen"><a href="${href}" aria-label="Hapus saringan ${g.title ?? facetTitle(g.name)}: ${label}"><span aria-hidden="true">✕</span> ${label}</a> <span class="count">${countText(v)}</span></li>`;
    }
    const href = link({ [g.name]: v.value, offset: undefined });
    const count = countText(v);
    return html`<li><a href="${href}">${label}</a> <span class="count" aria-label="${count} rekaman">${count}</span></li>`;
  })}
</ul>
</section>`;
  };
  const estimated = groups.some((g) => g.values.some((v) => v.approximate));
  return html`<div class="facets"><h2 class="facets-title">Saring hasil</h2>${estimated ? html`<p class="facets-note">Jumlah per nilai adalah perkiraan dari sebagian hasil.</p>` : ''}${groups.map(section)}</div>`;
}
