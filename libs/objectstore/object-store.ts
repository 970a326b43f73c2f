/**
 * A small blob store: browse graphics (thumbnails) today, other attachments later. Two
 * backends share this interface: an S3-compatible bucket (OBJECTSTORE_URL) and a directory
 * under DATA_DIR/objects when no bucket is configured.
 */
export interface StoredObject {
  body: Buffer;
  contentType: string;
}

export interface ObjectStore {
  /** 's3' or 'directory', for the status page and logs */
  readonly kind: 'directory' | 's3';
  /** a human-readable location (bucket URL without credentials, or the directory path) */
  readonly location: string;
  /** writes (or replaces) the object at `key` */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** undefined when there is no object at `key` */
  get(key: string): Promise<StoredObject | undefined>;
  /** removing a missing object is not an error */
  delete(key: string): Promise<void>;
  /** resolves when the store is reachable and usable (bucket exists, directory writable) */
  check(opts?: { signal?: AbortSignal }): Promise<void>;
  /** releases sockets (S3); the store is unusable afterwards */
  close(): Promise<void>;
}

export class InvalidObjectKeyError extends Error {
  constructor(readonly key: string, reason: string) {
    super(`Kunci objek tidak valid (${reason}): ${JSON.stringify(key.slice(0, 80))}`);
    this.name = 'InvalidObjectKeyError';
  }
}

const MAX_KEY_BYTES = 1024; // S3's own limit

/**
 * Keys are `/`-separated segments. Both backends refuse the same keys, so a key that works in
 * development works against the bucket too: no leading or trailing `/`, no empty, `.` or `..`
 * segment, no control characters, at most 1024 bytes.
 */
export function assertValidKey(key: string): void {
  if (typeof key !== 'string' || key === '') throw new InvalidObjectKeyError(String(key), 'kosong');
  if (Buffer.byteLength(key, 'utf8') > MAX_KEY_BYTES) throw new InvalidObjectKeyError(key, `lebih dari ${MAX_KEY_BYTES} byte`);
  if (/[\u0000-\u001f\u007f\\]/.test(key)) throw new InvalidObjectKeyError(key, 'berisi karakter kendali atau garis miring terbalik');
  for (const seg of key.split('/')) {
    if (seg === '' || seg === '.' || seg === '..') throw new InvalidObjectKeyError(key, 'segmen kosong, "." atau ".."');
  }
}
