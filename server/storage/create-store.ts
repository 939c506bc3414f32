import path from 'node:path';
import type { Config } from '#server/config.ts';
import { LocalObjectStore } from './local-store.ts';
import type { ObjectStore } from './object-store.ts';
import { S3ObjectStore } from './s3-store.ts';

/** What a store is built from: the server's config, or a CLI's settings that never issue upload URLs. */
export type StoreConfig = Pick<
  Config,
  | 'STORAGE_DRIVER'
  | 'S3_BUCKET'
  | 'S3_REGION'
  | 'S3_ENDPOINT'
  | 'S3_PUBLIC_ENDPOINT'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
  | 'S3_FORCE_PATH_STYLE'
  | 'DATA_DIR'
  | 'SESSION_SECRET'
>;

export function createObjectStore(config: StoreConfig): ObjectStore {
  if (config.STORAGE_DRIVER === 's3') {
    return new S3ObjectStore({
      bucket: config.S3_BUCKET as string,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      publicEndpoint: config.S3_PUBLIC_ENDPOINT,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
    });
  }
  return new LocalObjectStore(path.join(config.DATA_DIR, 'objects'), config.SESSION_SECRET);
}
