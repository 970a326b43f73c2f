import type { MetadataRecord } from '../catalogue/record.types';
import { RENDER_FORMATS, type RenderFormat } from '../render/formats';
import type { Metrics } from './metrics';

/** The renderer as jobs, export and CSW use it (structural: libs/render's renderer fits). */
export interface CountableRenderer {
  renderAll(record: MetadataRecord): Record<RenderFormat, string> | Promise<Record<RenderFormat, string>>;
  render(record: MetadataRecord, format: RenderFormat): string | Promise<string>;
}

/**
 * The same renderer, counting renders per format into `geokatalog_renders_total`. A `renderAll`
 * that fails stores no form at all, so it counts an error for every format.
 */
export function instrumentRenderer(renderer: CountableRenderer, metrics: Metrics): CountableRenderer {
  const count = (formats: readonly RenderFormat[], outcome: 'ok' | 'error'): void => {
    for (const format of formats) metrics.renders.inc({ format, outcome });
  };
  return {
    async renderAll(record) {
      try {
        const out = await renderer.renderAll(record);
        count(RENDER_FORMATS.filter((f) => typeof out[f] === 'string'), 'ok');
        return out;
      } catch (err) {
        count(RENDER_FORMATS, 'error');
        throw err;
      }
    },
    async render(record, format) {
      try {
        const out = await renderer.render(record, format);
        count([format], 'ok');
        return out;
      } catch (err) {
        count([format], 'error');
        throw err;
      }
    },
  };
}
