import { randomBytes } from 'node:crypto';

/*
 * Image files that are only their headers plus filler: enough for the upload route, which reads
 * the type and the declared size from the header and never decodes pixels.
 */

/** PNG signature and IHDR declaring width × height, then `filler` random bytes */
export function pngHeader(width: number, height: number, filler = 200): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA, deflate, no filter method, no interlace
  return Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), ihdr, Buffer.alloc(4), randomBytes(filler)]);
}

/** JPEG: SOI, a JFIF APP0 segment, then a baseline SOF0 declaring width × height */
export function jpegHeader(width: number, height: number, filler = 200): Buffer {
  const app0 = Buffer.from('ffe000104a46494600010100000100010000', 'hex');
  const sof = Buffer.from('ffc0001108000000000301220002110103110100', 'hex');
  sof.writeUInt16BE(height, 5);
  sof.writeUInt16BE(width, 7);
  return Buffer.concat([Buffer.from('ffd8', 'hex'), app0, sof.subarray(0, 19), randomBytes(filler)]);
}

/** lossless WebP (VP8L) declaring width × height (1–16384 each) */
export function webpHeader(width: number, height: number, filler = 100): Buffer {
  const bits = Buffer.alloc(4);
  bits.writeUInt32LE(((width - 1) & 0x3fff) | (((height - 1) & 0x3fff) << 14), 0);
  const body = Buffer.concat([Buffer.from([0x2f]), bits, randomBytes(filler)]);
  const size = Buffer.alloc(4);
  size.writeUInt32LE(body.length, 0);
  const riffSize = Buffer.alloc(4);
  riffSize.writeUInt32LE(4 + 8 + body.length, 0);
  return Buffer.concat([Buffer.from('RIFF'), riffSize, Buffer.from('WEBPVP8L'), size, body]);
}
