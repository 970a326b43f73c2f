import type { OaiMetadataFormat } from '../oai-formats';
import { oaiDcFromCswRecord } from '../responses/oai-dc';
import type { OaiItem, OaiRenderer, OaiStore } from '../oai.ports';
import { asFragment } from '../../xml/xml-text';

export interface MetadataDeps {
  store: OaiStore;
  renderer?: OaiRenderer;
  logger?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /** told which records were rendered on the spot, so their stored renders are brought up to date */
  onRenderedOnTheSpot?(records: { id: string; version: number }[]): void;
}

/**
 * The metadata of the (non-deleted) items of one page in the requested format, by item id.
 * A stored render of the record's current version is used as it is; a missing or older one
 * (an edit the worker has not rendered yet) is rendered on the spot, as the export route does,
 * so a harvester never gets content older than the datestamp it was told. An item whose
 * metadata cannot be produced is absent from the map: its record goes out with the header only
 * (and is logged), rather than vanishing from the list.
 */
export async function metadataFor(deps: MetadataDeps, items: readonly OaiItem[], format: OaiMetadataFormat): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const rendered: { id: string; version: number }[] = [];
  for (const item of items) {
    if (item.deleted) continue;
    let xml = item.xml !== null && item.renderVersion !== null && item.version !== null && item.renderVersion >= item.version ? item.xml : null;
    if (xml === null && deps.renderer) {
      try {
        const rec = await deps.store.findPublishedRecord(item.id);
        if (rec) {
          xml = await deps.renderer.render(rec, format.render);
          rendered.push({ id: rec.id, version: rec.version });
        }
      } catch (err) {
        deps.logger?.error({ err, recordId: item.id, format: format.render }, 'OAI-PMH: rekaman tidak dapat dirender');
      }
    }
    // a stale render is still better than none when rendering failed
    xml ??= item.xml;
    if (xml === null) {
      deps.logger?.warn({ recordId: item.id, format: format.render }, 'OAI-PMH: rekaman tanpa render; dikirim header saja');
      continue;
    }
    try {
      out.set(item.id, format.prefix === 'oai_dc' ? oaiDcFromCswRecord(xml) : asFragment(xml));
    } catch (err) {
      deps.logger?.error({ err, recordId: item.id }, 'OAI-PMH: render Dublin Core tidak dapat dibaca');
    }
  }
  if (rendered.length) deps.onRenderedOnTheSpot?.(rendered);
  return out;
}
