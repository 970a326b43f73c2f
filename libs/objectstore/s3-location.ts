/**
 * OBJECTSTORE_URL → what an S3 client needs. Two forms:
 *
 *   http(s)://ACCESS:SECRET@host:port/bucket[/prefix]?region=us-east-1[&pathStyle=false]
 *     any S3-compatible server (MinIO, Ceph RGW, Garage, SeaweedFS, s3rver …); path-style
 *     addressing unless pathStyle=false;
 *   s3://[ACCESS:SECRET@]bucket[/prefix]?region=ap-southeast-3
 *     Amazon S3 itself (virtual-hosted addressing); without credentials the SDK's default
 *     chain (instance role, shared profile) is used.
 *
 * Access key and secret are percent-decoded (a secret with `/` is written `%2F`). A prefix
 * puts every key under `prefix/` inside the bucket, so one bucket can serve several
 * deployments.
 */
export interface S3Location {
  endpoint: string | undefined;
  bucket: string;
  prefix: string;
  region: string;
  forcePathStyle: boolean;
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** the URL without credentials, safe to show and log */
  display: string;
}

export class ObjectStoreUrlError extends Error {
  constructor(message: string) {
    super(`OBJECTSTORE_URL tidak valid: ${message}`);
    this.name = 'ObjectStoreUrlError';
  }
}

const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

export function parseS3Location(raw: string): S3Location {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    throw new ObjectStoreUrlError('bukan URL');
  }
  const isAws = u.protocol === 's3:';
  if (!isAws && u.protocol !== 'http:' && u.protocol !== 'https:') throw new ObjectStoreUrlError('skema harus http, https atau s3');

  const pathSegs = u.pathname.split('/').filter(Boolean).map(decodeURIComponent);
  const [bucket, ...prefixSegs] = isAws ? [decodeURIComponent(u.hostname), ...pathSegs] : pathSegs;
  if (!bucket) throw new ObjectStoreUrlError('nama bucket tidak ada (http://host:port/<bucket>)');
  if (!BUCKET_NAME.test(bucket)) throw new ObjectStoreUrlError(`nama bucket "${bucket}" tidak sesuai aturan S3`);

  const user = decodeURIComponent(u.username);
  const pass = decodeURIComponent(u.password);
  if ((user === '') !== (pass === '')) throw new ObjectStoreUrlError('isi access key dan secret key bersama-sama (ACCESS:SECRET@)');
  if (!isAws && user === '') throw new ObjectStoreUrlError('access key dan secret key wajib untuk server S3 non-AWS');

  const pathStyle = u.searchParams.get('pathStyle');
  if (pathStyle !== null && pathStyle !== 'true' && pathStyle !== 'false') throw new ObjectStoreUrlError('pathStyle harus true atau false');

  const prefix = prefixSegs.length ? `${prefixSegs.join('/')}/` : '';
  const region = u.searchParams.get('region') ?? 'us-east-1';
  const endpoint = isAws ? undefined : `${u.protocol}//${u.host}`;
  return {
    endpoint,
    bucket,
    prefix,
    region,
    forcePathStyle: isAws ? pathStyle === 'true' : pathStyle !== 'false',
    credentials: user ? { accessKeyId: user, secretAccessKey: pass } : undefined,
    display: `${isAws ? 's3://' : `${endpoint}/`}${bucket}/${prefix}`,
  };
}
