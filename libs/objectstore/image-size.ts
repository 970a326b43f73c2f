import type { ThumbnailType } from './image-type';

/**
 * Width and height an image declares in its header, read without decoding it. A browse graphic
 * is small on disk (2 MB) but its header may declare 60,000 × 60,000 pixels: every browser that
 * shows it would allocate gigabytes. The upload route refuses images over a pixel budget, and
 * images whose size cannot be read at all (no decoder could show them either).
 */
export interface ImageSize {
  width: number;
  height: number;
}

export function imageSize(bytes: Buffer, type: ThumbnailType): ImageSize | undefined {
  const size = type === 'image/png' ? pngSize(bytes) : type === 'image/jpeg' ? jpegSize(bytes) : webpSize(bytes);
  return size && size.width > 0 && size.height > 0 ? size : undefined;
}

/** PNG: the IHDR chunk comes first; width and height are its first two big-endian uint32 */
function pngSize(b: Buffer): ImageSize | undefined {
  if (b.length < 24) return undefined;
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}

/** Start-of-frame markers (SOF0–SOF15 without DHT C4, JPG C8 and DAC CC): they carry the frame size. */
const isStartOfFrame = (m: number): boolean => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;

/**
 * JPEG: walks the marker segments after SOI up to the first start-of-frame (height, then width,
 * big-endian uint16). The frame header precedes the scan data, so reaching SOS (DA) or the end
 * first means there is no readable size.
 */
function jpegSize(b: Buffer): ImageSize | undefined {
  let i = 2;
  while (i + 4 <= b.length) {
    if (b[i] !== 0xff) return undefined;
    const marker = b[i + 1]!;
    if (marker === 0xff) { i += 1; continue; } // fill byte
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) { i += 2; continue; } // no length
    if (marker === 0xda || marker === 0xd9) return undefined;
    const length = b.readUInt16BE(i + 2);
    if (length < 2) return undefined;
    if (isStartOfFrame(marker)) {
      if (i + 9 > b.length) return undefined;
      return { height: b.readUInt16BE(i + 5), width: b.readUInt16BE(i + 7) };
    }
    i += 2 + length;
  }
  return undefined;
}

/**
 * WebP: the first chunk after "WEBP" (offset 12) tells the layout. VP8X holds the canvas
 * size (24-bit, minus one); VP8L holds 14-bit sizes (minus one) after its 0x2f signature;
 * VP8 holds 14-bit sizes after the key frame's start code 9d 01 2a.
 */
function webpSize(b: Buffer): ImageSize | undefined {
  if (b.length < 30) return undefined;
  const chunk = b.toString('latin1', 12, 16);
  if (chunk === 'VP8X') return { width: 1 + b.readUIntLE(24, 3), height: 1 + b.readUIntLE(27, 3) };
  if (chunk === 'VP8L') {
    if (b[20] !== 0x2f) return undefined;
    const bits = b.readUInt32LE(21);
    return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >>> 14) & 0x3fff) };
  }
  if (chunk === 'VP8 ') {
    if (b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a) return undefined;
    return { width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
  }
  return undefined;
}
