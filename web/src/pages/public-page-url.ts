import type { RecordView } from '../api/records.api';

/**
 * The record's page on the public site. The public pages (like CSW, OGC API – Records and
 * OAI-PMH) name a record by its public identifier (fileIdentifier), which differs from the
 * internal key for imported and harvested records; it may hold any character, so it is
 * percent-encoded as one path segment.
 */
export function publicPageUrl(rec: Pick<RecordView, 'id'> & { fileIdentifier?: unknown }): string {
  const publicId = typeof rec.fileIdentifier === 'string' && rec.fileIdentifier !== '' ? rec.fileIdentifier : rec.id;
  return `/collections/metadata/items/${encodeURIComponent(publicId)}`;
}
