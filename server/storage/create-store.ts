import path from 'node:path';
import type { Config } from '#server/config.ts';
import { LocalObjectStore } from './local-store.ts';
import type { ObjectStore } from './object-store.ts';
import { S3ObjectStore } from './s3-store.ts';

export function createObjectStore(config: Config): ObjectStore {
  if (config.STORAGE_DRIVER === 's3') {
    return new S3ObjectStore({
      bucket: config.S3_BUCKET as string,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
    });
  }
  return new LocalObjectStore(path.join(config.DATA_DIR, 'objects'), config.SESSION_SECRET);
}
