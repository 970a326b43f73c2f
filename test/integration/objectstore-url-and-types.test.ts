import { parseS3Location, ObjectStoreUrlError } from '../../libs/objectstore/s3-location';
import { sniffImageType } from '../../libs/objectstore/image-type';
import { thumbnailKey } from '../../libs/objectstore/thumbnail-key';
import { assertValidKey } from '../../libs/objectstore/object-store';

// pure parts of the object store (kept next to its integration tests, which use them)

describe('OBJECTSTORE_URL forms', () => {
  it('reads an S3-compatible endpoint with path-style addressing', () => {
    const loc = parseS3Location('http://AKIA:se%2Fcret@minio.local:9000/geokatalog/prod?region=ap-southeast-3');
    expect(loc).toEqual({
      endpoint: 'http://minio.local:9000',
      bucket: 'geokatalog',
      prefix: 'prod/',
      region: 'ap-southeast-3',
      forcePathStyle: true,
      credentials: { accessKeyId: 'AKIA', secretAccessKey: 'se/cret' },
      display: 'http://minio.local:9000/geokatalog/prod/',
    });
  });

  it('reads Amazon S3 (s3://bucket) with virtual-hosted addressing and the default credential chain', () => {
    const loc = parseS3Location('s3://my-bucket?region=eu-west-1');
    expect(loc).toMatchObject({ endpoint: undefined, bucket: 'my-bucket', prefix: '', region: 'eu-west-1', forcePathStyle: false, credentials: undefined });
  });

  it('defaults the region to us-east-1 and allows pathStyle=false', () => {
    expect(parseS3Location('https://k:s@s3.example.org/b-1?pathStyle=false')).toMatchObject({ region: 'us-east-1', forcePathStyle: false });
  });

  it.each([
    ['ftp://k:s@h/b', /skema/],
    ['http://k:s@h', /bucket/],
    ['http://k:s@h/UPPER', /aturan S3/],
    ['http://h:9000/bucket', /wajib/],
    ['http://k@h/bucket', /bersama-sama/],
    ['http://k:s@h/bucket?pathStyle=maybe', /pathStyle/],
  ])('refuses %s', (url, message) => {
    expect(() => parseS3Location(url)).toThrow(ObjectStoreUrlError);
    expect(() => parseS3Location(url)).toThrow(message);
  });
});

describe('image type by content', () => {
  const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001', 'hex');
  const jpeg = Buffer.from('ffd8ffe000104a464946', 'hex');
  const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(8)]);

  it('recognises PNG, JPEG and WebP signatures', () => {
    expect(sniffImageType(png)).toBe('image/png');
    expect(sniffImageType(jpeg)).toBe('image/jpeg');
    expect(sniffImageType(webp)).toBe('image/webp');
  });

  it.each([
    ['HTML named .png', Buffer.from('<html><script>alert(1)</script></html>')],
    ['SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ['GIF', Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1')],
    ['a truncated PNG signature', png.subarray(0, 8)],
    ['a RIFF that is not WebP (WAV)', Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WAVEfmt '), Buffer.alloc(8)])],
    ['empty', Buffer.alloc(0)],
  ])('refuses %s', (_name, bytes) => {
    expect(sniffImageType(bytes)).toBeUndefined();
  });
});

describe('thumbnail keys', () => {
  it.each(['rec-1', '..', '.', 'a/b', 'urn:uuid:1234', 'ü~*', 'x'.repeat(2_000)])('maps the record id %j to one valid key', (id) => {
    const key = thumbnailKey(id);
    expect(() => assertValidKey(key)).not.toThrow();
    expect(key.split('/')).toHaveLength(2);
  });

  it('keeps distinct ids distinct', () => {
    const ids = ['a', 'A', 'a.', 'a%2E', '..', '%2E%2E', 'x'.repeat(2_000), 'x'.repeat(2_001)];
    expect(new Set(ids.map(thumbnailKey)).size).toBe(ids.length);
  });
});
