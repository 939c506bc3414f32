import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { access, mkdir, mkdtemp, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { storageKey } from '#common/object-keys.ts';
import type { Dialect } from '#server/db/connection.ts';
import type { ObjectStore, StoredObject } from '#server/storage/object-store.ts';
import { snapshotDatabase } from './database-snapshot.ts';
import { ignoreProgress, type ProgressListener } from './progress.ts';
import {
  BACKUP_FORMAT,
  FORMAT_VERSION,
  HEAD_ENTRY,
  MANIFEST_ENTRY,
  objectEntry,
  tableEntry,
  type BackupHead,
  type Manifest,
  type ObjectRecord,
} from './manifest.ts';
import { END_OF_ARCHIVE, entryHeader, padding } from './tar.ts';
import type { AnyDatabase, Row } from './tables.ts';

export interface BackupSource {
  db: AnyDatabase;
  dialect: Dialect;
  store: ObjectStore;
  /** Recorded in the manifest: where the objects came from. */
  storeKind: 'local' | 's3';
}

export type BackupOutcome =
  | { kind: 'written'; file: string; bytes: number; manifest: Manifest; warnings: string[] }
  /** A backup never replaces a file. */
  | { kind: 'file-exists' };

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}

/** Registered uploads, as the database snapshot names them: these objects must be in the backup. */
function collectRegisteredObjects(into: Set<string>) {
  return (table: string, row: Row) => {
    if (table === 'uploaded_objects' && row.status === 'registered' && typeof row.key === 'string') into.add(storageKey(row.key));
  };
}

/**
 * Writes one archive file holding the database and every stored object, while the site runs
 * (the format: server/backup/manifest.ts). The database is read first, from one consistent
 * snapshot; the objects are listed after it. Objects are written once under new keys and never
 * changed, so every object the snapshot refers to is there, unless it was deleted while the backup
 * ran: that is reported as a warning. Objects are streamed through, never held whole in memory.
 * The archive is written under a temporary name and renamed only when complete. `progress` hears
 * of the objects as they are copied.
 */
export async function createBackup(
  source: BackupSource,
  outFile: string,
  { now = new Date(), progress = ignoreProgress }: { now?: Date; progress?: ProgressListener } = {},
): Promise<BackupOutcome> {
  const out = path.resolve(outFile);
  if (await exists(out)) return { kind: 'file-exists' };
  const partial = `${out}.partial`;
  await mkdir(path.dirname(out), { recursive: true });
  const work = await mkdtemp(path.join(path.dirname(out), '.studio-backup-'));
  const warnings: string[] = [];
  try {
    const referenced = new Set<string>();
    const snapshot = await snapshotDatabase(source.db, source.dialect, work, collectRegisteredObjects(referenced));
    const listed: StoredObject[] = [];
    for await (const object of source.store.list()) listed.push(object);
    const listedKeys = new Set(listed.map((object) => object.key));
    const missing = [...referenced].filter((key) => !listedKeys.has(key));
    if (missing.length > 0) {
      const some = missing.slice(0, 5).join(', ') + (missing.length > 5 ? ', …' : '');
      warnings.push(`${missing.length} registered object(s) were not in the store (deleted while the backup ran?): ${some}`);
    }

    const head: BackupHead = {
      format: BACKUP_FORMAT,
      formatVersion: FORMAT_VERSION,
      createdAt: now.toISOString(),
      source: { dialect: source.dialect, store: source.storeKind },
      migrations: snapshot.migrations,
    };
    const mtime = Math.floor(now.getTime() / 1000);
    const objects: ObjectRecord[] = [];
    let manifest: Manifest | undefined;

    function* jsonEntry(name: string, value: unknown) {
      const body = Buffer.from(`${JSON.stringify(value, null, 2)}\n`);
      yield entryHeader(name, body.length, mtime);
      yield body;
      yield padding(body.length);
    }

    async function* objectEntryChunks(key: string) {
      const info = await source.store.stat(key);
      if (!info) {
        warnings.push(`object ${key} was deleted while the backup ran; it is not in the archive`);
        progress.advance({ objects: 1 });
        return;
      }
      const file = objectEntry(key);
      yield entryHeader(file, info.size, mtime);
      const hash = createHash('sha256');
      let written = 0;
      for await (const chunk of await source.store.read(key)) {
        const bytes = chunk as Uint8Array;
        written += bytes.length;
        if (written > info.size) throw new Error(`object ${key} grew while it was being backed up`);
        hash.update(bytes);
        progress.advance({ bytes: bytes.length });
        yield bytes;
      }
      if (written !== info.size) throw new Error(`object ${key} ended after ${written} of ${info.size} bytes`);
      yield padding(info.size);
      objects.push({ key, file, size: info.size, sha256: hash.digest('hex') });
      progress.advance({ objects: 1 });
    }

    async function* archive() {
      yield* jsonEntry(HEAD_ENTRY, head);
      for (const table of snapshot.tables) {
        yield entryHeader(tableEntry(table.table.name), table.size, mtime);
        yield* createReadStream(table.path);
        yield padding(table.size);
      }
      for (const { key } of listed) yield* objectEntryChunks(key);
      manifest = {
        ...head,
        tables: snapshot.tables.map((table) => ({
          name: table.table.name,
          file: tableEntry(table.table.name),
          columns: table.table.columns,
          rows: table.rows,
          size: table.size,
          sha256: table.sha256,
        })),
        objects,
      };
      yield* jsonEntry(MANIFEST_ENTRY, manifest);
      yield END_OF_ARCHIVE;
    }

    progress.begin('Backing up', { objects: listed.length, bytes: listed.reduce((sum, object) => sum + object.size, 0) });
    // Readable by its owner alone, wherever it is written: it holds password hashes and client data.
    await pipeline(Readable.from(archive()), createWriteStream(partial, { flags: 'wx', mode: 0o600 }));
    progress.end();
    const handle = await open(partial, 'r+');
    let bytes: number;
    try {
      await handle.sync();
      bytes = (await handle.stat()).size;
    } finally {
      await handle.close();
    }
    await rename(partial, out);
    return { kind: 'written', file: out, bytes, manifest: manifest as Manifest, warnings };
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
