import type { RenderFormat } from '../../render/formats';
import type { PageRow } from '../../search/search.ports';
import { OUTPUT_SCHEMAS } from '../capabilities';
import type { ElementSet } from '../request/csw-request';
import type { CswServiceDeps } from './handler-deps';

/**
 * Which stored render answers (outputSchema, view). An ad hoc ElementName view reads the
 * full render: Dublin Core is then cut to the named elements, ISO is returned whole.
 */
export function renderFormatFor(outputSchema: string, elementSet: ElementSet | undefined): RenderFormat {
  const family = OUTPUT_SCHEMAS[outputSchema] ?? 'dc';
  const set = elementSet ?? 'full';
  if (family === 'dc') return set === 'full' ? 'dc-full' : set === 'summary' ? 'dc-summary' : 'dc-brief';
  if (family === 'gmd') return set === 'full' ? 'gmd' : set === 'summary' ? 'gmd-summary' : 'gmd-brief';
  return set === 'full' ? 'mdb2018' : set === 'summary' ? 'mdb2018-summary' : 'mdb2018-brief';
}

/**
 * The renders of `rows` (records with their stored render, as the repository reads them), in
 * the order of `rows`. Renders that are missing or older than their record (an edit the
 * worker has not rendered yet) go to renderMissing; a stale render it cannot replace is still
 * sent (better late than absent), a missing one is left out (and logged) — the caller counts
 * what it actually got, so numberOfRecordsReturned never disagrees with the children sent.
 */
export async function rendersOf(deps: CswServiceDeps, rows: readonly PageRow[], format: RenderFormat): Promise<string[]> {
  if (rows.length === 0) return [];
  const lagging = rows.filter((r) => r.xml === null || (r.renderVersion !== null && r.renderVersion < r.version)).map((r) => r.id);
  let fresh = new Map<string, string>();
  if (lagging.length > 0 && deps.renderMissing) {
    try {
      fresh = await deps.renderMissing(lagging, format);
    } catch (err) {
      deps.logger?.error({ err, ids: lagging, format }, 'CSW: render yang hilang gagal dibuat');
    }
  }
  const out: string[] = [];
  const lost: string[] = [];
  for (const r of rows) {
    const xml = fresh.get(r.id) ?? r.xml;
    if (xml !== null) out.push(xml);
    else lost.push(r.id);
  }
  if (lost.length > 0) deps.logger?.warn({ ids: lost, format }, 'CSW: rekaman tanpa render dilewati');
  return out;
}
