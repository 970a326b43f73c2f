import path from 'node:path';
import type { Config } from '../config';
import { createDirectoryObjectStore } from './directory-object-store';
import type { ObjectStore } from './object-store';
import { createS3ObjectStore } from './s3-object-store';

/** The bucket when OBJECTSTORE_URL is set, otherwise DATA_DIR/objects. */
export function openObjectStore(config: Pick<Config, 'objectStoreUrl' | 'dataDir'>): ObjectStore {
  return config.objectStoreUrl
    ? createS3ObjectStore(config.objectStoreUrl)
    : createDirectoryObjectStore(path.join(config.dataDir, 'objects'));
}

export type { ObjectStore, StoredObject } from './object-store';
