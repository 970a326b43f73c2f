import type { MetadataRecord } from '../../catalogue/record.types';
import type { RichView } from '../../catalogue/rich-view.types';
import type { ServiceHttpResponse } from '../../response-cache/response-cache';
import { OarecError } from '../oarec-error';
import type { OarecFormat } from '../request/oarec-request';
import { recordFeature } from '../responses/record-geojson';
import { GEOJSON_TYPE, json, XML_TYPE } from '../responses/oarec-response';
import type { OarecHandlerDeps } from './handler-deps';

/** The stored ISO render of a published record, rendered on the spot when it is missing or behind the record. */
async function iso(deps: OarecHandlerDeps, id: string, format: 'gmd' | 'mdb2018'): Promise<string> {
  const [row] = await deps.store.publishedWithRenders([id], format);
  if (!row) throw new OarecError(404, 'NotFound', `Rekaman "${id.slice(0, 100)}" tidak ditemukan.`);
  if (row.xml !== null && (row.renderVersion === null || row.renderVersion >= row.version)) return row.xml;
  // like CSW: a render behind its record is rendered on the spot, a stale one is better than none
  if (deps.renderIso) {
    const record = await deps.store.publishedRecord(id);
    if (record) {
      try {
        return await deps.renderIso(record, format);
      } catch (err) {
        deps.logger?.error({ err, recordId: id, format }, 'OARec: rekaman tidak dapat dirender');
      }
    }
  }
  if (row.xml !== null) return row.xml;
  throw new OarecError(404, 'NotFound', `Render ${format} rekaman ini belum tersedia; coba lagi sebentar lagi.`);
}

/** /collections/metadata/items/{id}: the GeoJSON record, or its ISO 19139 / ISO 19115-3 document. */
export async function recordResponse(deps: OarecHandlerDeps, id: string, format: OarecFormat): Promise<ServiceHttpResponse> {
  if (format === 'iso19139' || format === 'iso19115-3') {
    return { status: 200, contentType: XML_TYPE, body: await iso(deps, id, format === 'iso19139' ? 'gmd' : 'mdb2018') };
  }
  const record = await deps.store.publishedRecord(id);
  if (!record) throw new OarecError(404, 'NotFound', `Rekaman "${id.slice(0, 100)}" tidak ditemukan.`);
  return json(recordFeature(record, deps.baseUrl, await richView(deps, record)), GEOJSON_TYPE);
}

/**
 * The rich view of the record's document; a document that cannot be read (it was stored, so this
 * is not expected) is logged and the record is served with the model's properties alone.
 */
async function richView(deps: OarecHandlerDeps, record: MetadataRecord): Promise<RichView | undefined> {
  if (!deps.richView) return undefined;
  try {
    return await deps.richView(record);
  } catch (err) {
    deps.logger?.warn({ err, recordId: record.id }, 'OARec: dokumen ISO rekaman tidak dapat dibaca untuk tampilan lengkap');
    return undefined;
  }
}
