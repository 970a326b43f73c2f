import { imageSize } from '../../libs/objectstore/image-size';
import { sniffImageType } from '../../libs/objectstore/image-type';
import { jpegHeader, pngHeader, webpHeader } from '../helpers/image-headers';

describe('imageSize: the size an image header declares', () => {
  it('reads PNG IHDR, JPEG SOF and WebP VP8L', () => {
    expect(imageSize(pngHeader(60_000, 60_000), 'image/png')).toEqual({ width: 60_000, height: 60_000 });
    expect(imageSize(jpegHeader(4000, 3000), 'image/jpeg')).toEqual({ width: 4000, height: 3000 });
    expect(imageSize(webpHeader(16_384, 2), 'image/webp')).toEqual({ width: 16_384, height: 2 });
  });

  it('reads lossy WebP (VP8) and extended WebP (VP8X canvas)', () => {
    const vp8 = Buffer.alloc(40);
    vp8.write('RIFF', 0, 'latin1');
    vp8.write('WEBPVP8 ', 8, 'latin1');
    vp8.set([0x9d, 0x01, 0x2a], 23);
    vp8.writeUInt16LE(1024, 26);
    vp8.writeUInt16LE(768, 28);
    expect(sniffImageType(vp8)).toBe('image/webp');
    expect(imageSize(vp8, 'image/webp')).toEqual({ width: 1024, height: 768 });
    const vp8x = Buffer.alloc(40);
    vp8x.write('RIFF', 0, 'latin1');
    vp8x.write('WEBPVP8X', 8, 'latin1');
    vp8x.writeUIntLE(99_999, 24, 3);
    vp8x.writeUIntLE(49_999, 27, 3);
    expect(imageSize(vp8x, 'image/webp')).toEqual({ width: 100_000, height: 50_000 });
  });

  it('skips JPEG segments before the frame header and gives up at the scan or a broken marker', () => {
    const exif = Buffer.concat([Buffer.from('ffd8ffe1000a', 'hex'), Buffer.alloc(8), jpegHeader(640, 480).subarray(2)]);
    expect(imageSize(exif, 'image/jpeg')).toEqual({ width: 640, height: 480 });
    expect(imageSize(Buffer.from('ffd8ffda000c00', 'hex'), 'image/jpeg')).toBeUndefined();
    expect(imageSize(Buffer.from('ffd8ffe000104a464946', 'hex'), 'image/jpeg')).toBeUndefined(); // cut short
    expect(imageSize(Buffer.concat([Buffer.from('ffd8ffe0', 'hex'), Buffer.alloc(30, 0x41)]), 'image/jpeg')).toBeUndefined();
  });

  it('no size for zero dimensions or a truncated header', () => {
    expect(imageSize(pngHeader(0, 10), 'image/png')).toBeUndefined();
    expect(imageSize(pngHeader(10, 10).subarray(0, 20), 'image/png')).toBeUndefined();
    expect(imageSize(Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8L'), Buffer.alloc(20)]), 'image/webp')).toBeUndefined();
  });
});
