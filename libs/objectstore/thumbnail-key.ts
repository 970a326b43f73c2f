import { createHash } from 'node:crypto';

/**
 * Where a record's browse graphic lives in the object store. The record id is one key
 * segment, percent-encoded with `.` too, so ids such as "..", "a/b" or URNs with ":" map to
 * one safe segment. Ids whose encoding would be too long for a key are hashed into a
 * separate folder, so a hashed key can never equal a plain one.
 */
const MAX_ENCODED = 900;

export function thumbnailKey(recordId: string): string {
  const encoded = encodeURIComponent(recordId).replace(/[.!'()*~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return encoded.length <= MAX_ENCODED
    ? `thumbnails/${encoded}`
    : `thumbnails-h/${createHash('sha256').update(recordId, 'utf8').digest('hex')}`;
}
