/**
 * Browse graphics are accepted by what the bytes are, never by a file name or the declared
 * Content-Type: a renamed HTML or SVG file must not be served back from our origin as an image.
 */
export const THUMBNAIL_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type ThumbnailType = (typeof THUMBNAIL_TYPES)[number];

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The image type the content starts with, or undefined when it is none of PNG, JPEG, WebP. */
export function sniffImageType(bytes: Buffer): ThumbnailType | undefined {
  // PNG: fixed 8-byte signature followed by the IHDR chunk
  if (bytes.length >= 16 && bytes.subarray(0, 8).equals(PNG_SIGNATURE) && bytes.toString('latin1', 12, 16) === 'IHDR') return 'image/png';
  // JPEG: SOI marker then the start of another marker (APPn, DQT, SOF …)
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  // WebP: RIFF container whose form type is WEBP and whose first chunk is VP8 / VP8L / VP8X
  if (
    bytes.length >= 16
    && bytes.toString('latin1', 0, 4) === 'RIFF'
    && bytes.toString('latin1', 8, 12) === 'WEBP'
    && /^VP8[ LX]$/.test(bytes.toString('latin1', 12, 16))
  ) return 'image/webp';
  return undefined;
}

export const isThumbnailType = (t: string): t is ThumbnailType => (THUMBNAIL_TYPES as readonly string[]).includes(t);
