import {
  DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, PutObjectCommand, S3Client, S3ServiceException,
} from '@aws-sdk/client-s3';
import { assertValidKey, type ObjectStore, type StoredObject } from './object-store';
import { parseS3Location } from './s3-location';

const isNotFound = (err: unknown): boolean =>
  (err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.$metadata.httpStatusCode === 404))
  || (err as { name?: string })?.name === 'NoSuchKey';

/**
 * Objects in an S3-compatible bucket (see s3-location.ts for the URL form). The bucket is
 * expected to exist: creating it is an operator's decision (policy, lifecycle, region).
 */
export function createS3ObjectStore(url: string): ObjectStore {
  const loc = parseS3Location(url);
  const client = new S3Client({
    region: loc.region,
    endpoint: loc.endpoint,
    forcePathStyle: loc.forcePathStyle,
    credentials: loc.credentials,
    // S3-compatible servers often lack the newer CRC checksums the SDK adds by default
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
  });
  const fullKey = (key: string): string => {
    assertValidKey(key);
    return loc.prefix + key;
  };

  return {
    kind: 's3',
    location: loc.display,

    async put(key, body, contentType) {
      await client.send(new PutObjectCommand({ Bucket: loc.bucket, Key: fullKey(key), Body: body, ContentType: contentType }));
    },

    async get(key): Promise<StoredObject | undefined> {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket: loc.bucket, Key: fullKey(key) }));
        if (!res.Body) return undefined;
        const bytes = await res.Body.transformToByteArray();
        return { body: Buffer.from(bytes), contentType: res.ContentType ?? 'application/octet-stream' };
      } catch (err) {
        if (isNotFound(err)) return undefined;
        throw err;
      }
    },

    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: loc.bucket, Key: fullKey(key) }));
    },

    async check(opts = {}) {
      await client.send(new HeadBucketCommand({ Bucket: loc.bucket }), { abortSignal: opts.signal });
    },

    async close() {
      client.destroy();
    },
  };
}
