import { html, type SafeHtml } from './html-escape';
import { facetTitle, facetValueLabel, formatCount } from './labels';
import { PATHS, urlWith } from './page-context';
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

/**
 * Facets as plain links: each value links to the current search narrowed by `name=value`
 * (paging reset), a chosen value links back without it. Links, not checkboxes, so they work
 * without JavaScript and every state is a shareable URL.
 */
export function facetsPanel(groups: FacetGroup[], state: Record<string, string | undefined>): SafeHtml {
  if (groups.length === 0) return html``;
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
      const href = urlWith(PATHS.items, { ...state, [g.name]: undefined, offset: undefined });
      return html`<li class="chosen"><a href="${href}" aria-label="Hapus saringan ${g.title ?? facetTitle(g.name)}: ${label}"><span aria-hidden="true">✕</span> ${label}</a> <span class="count">${formatCount(v.count)}</span></li>`;
    }
    const href = urlWith(PATHS.items, { ...state, [g.name]: v.value, offset: undefined });
    return html`<li><a href="${href}">${label}</a> <span class="count" aria-label="${formatCount(v.count)} rekaman">${formatCount(v.count)}</span></li>`;
  })}
</ul>
</section>`;
  };
  return html`<div class="facets"><h2 class="facets-title">Saring hasil</h2>${groups.map(section)}</div>`;
}
