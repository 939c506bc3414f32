import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, parseEnvironment } from '#server/config.ts';
import { connectDatabase, sqliteFileIn, type DatabaseHandle } from '#server/db/connection.ts';
import { createObjectStore } from '#server/storage/create-store.ts';
import type { ObjectStore } from '#server/storage/object-store.ts';

/** The database and store the server would use, opened for the backup and restore commands. */
export interface SiteData {
  database: DatabaseHandle;
  store: ObjectStore;
  storeKind: 'local' | 's3';
  /** DATA_DIR, resolved: where a running server keeps its presence file (server/site-presence.ts). */
  dataDir: string;
  /** Where the data lives, without credentials. */
  description: string;
  close(): Promise<void>;
}

/**
 * Reads the same variables as the server (DATABASE_URL or DATA_DIR, STORAGE_DRIVER and S3_*), and
 * only those: the commands need no SESSION_SECRET and must not generate one. A backup refuses a
 * missing SQLite file rather than backing up a new, empty one.
 */
export function openSiteData(env: NodeJS.ProcessEnv, purpose: 'backup' | 'restore'): SiteData {
  const parsed = parseEnvironment(env);
  if (parsed.STORAGE_DRIVER === 's3' && !parsed.S3_BUCKET)
    throw new ConfigError('Invalid environment: S3_BUCKET is required when STORAGE_DRIVER=s3');
  const dataDir = path.resolve(parsed.DATA_DIR);
  if (!parsed.DATABASE_URL) {
    const file = sqliteFileIn(dataDir);
    if (purpose === 'backup' && !existsSync(file)) throw new ConfigError(`No database at ${file} (set DATA_DIR or DATABASE_URL)`);
    mkdirSync(dataDir, { recursive: true });
  }
  const database = connectDatabase({ databaseUrl: parsed.DATABASE_URL, dataDir });
  // The local store signs upload URLs with this; backup and restore never issue any.
  const store = createObjectStore({ ...parsed, DATA_DIR: dataDir, SESSION_SECRET: randomBytes(32).toString('hex') });
  const where = parsed.STORAGE_DRIVER === 's3' ? `s3://${parsed.S3_BUCKET}` : path.join(dataDir, 'objects');
  return {
    database,
    store,
    storeKind: parsed.STORAGE_DRIVER,
    dataDir,
    description: `${database.description} and ${where}`,
    async close() {
      store.close();
      await database.close();
    },
  };
}
