import { createInterface } from 'node:readline';
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '#server/db/connection.ts';
import { migrateTo, migrateToLatest } from '#server/db/migrate.ts';
import { migrations as knownMigrations } from '#server/db/migrations/index.ts';
import type { Database } from '#server/db/schema.ts';
import type { ObjectStore } from '#server/storage/object-store.ts';
import { BackupArchive } from './archive-reader.ts';
import type { Manifest, TableRecord } from './manifest.ts';
import { ignoreProgress, type ProgressListener } from './progress.ts';
import { ArchiveError } from './tar.ts';
import { describeTables, type AnyDatabase, type Row, type TableInfo } from './tables.ts';

export interface RestoreTarget {
  db: Kysely<Database>;
  dialect: Dialect;
  store: ObjectStore;
}

export type RestoreOutcome =
  | { kind: 'restored'; manifest: Manifest; rows: number; objectBytes: number }
  /** Damaged, truncated, altered or not a backup; nothing was changed. */
  | { kind: 'invalid-archive'; problem: string }
  /** Written by code with migrations this code does not have. */
  | { kind: 'newer-schema'; unknownMigrations: string[] }
  /** The target already holds data, and `force` was not given. */
  | { kind: 'not-empty'; tablesWithRows: string[]; hasObjects: boolean }
  /** Failed after objects were written; the database was left as it was. */
  | { kind: 'failed-partway'; problem: string; objectsWritten: number };

/** The contents type recorded nowhere in the archive: serving reads the type from the database. */
const OBJECT_CONTENT_TYPE = 'application/octet-stream';

/** Migrations the archive was written under that this code lacks, and the last one it has, in code order. */
function schemaOf(head: { migrations: string[] }) {
  const order = Object.keys(knownMigrations);
  const unknown = head.migrations.filter((name) => !order.includes(name));
  const last = order.filter((name) => head.migrations.includes(name)).at(-1);
  const skipped = last ? order.slice(0, order.indexOf(last)).filter((name) => !head.migrations.includes(name)) : [];
  return { unknown, last, skipped };
}

async function contentsOf(db: AnyDatabase, tables: TableInfo[], store: ObjectStore) {
  const tablesWithRows: string[] = [];
  for (const table of tables) {
    if (
      await db
        .selectFrom(table.name)
        .select(sql`1`.as('one'))
        .limit(1)
        .executeTakeFirst()
    )
      tablesWithRows.push(table.name);
  }
  const objects: string[] = [];
  for await (const object of store.list()) objects.push(object.key);
  return { tablesWithRows, objects };
}

/** Every archived table must exist with every archived column, once migrated to the archive's schema. */
function checkFits(manifest: Manifest, tables: TableInfo[]): void {
  for (const record of manifest.tables) {
    const table = tables.find((candidate) => candidate.name === record.name);
    if (!table) throw new ArchiveError(`table ${record.name} does not exist in this schema`);
    const unknown = record.columns.find((column) => !table.columns.includes(column));
    if (unknown) throw new ArchiveError(`column ${record.name}.${unknown} does not exist in this schema`);
  }
}

async function restoreObjects(
  archive: BackupArchive,
  manifest: Manifest,
  store: ObjectStore,
  written: { count: number },
  progress: ProgressListener,
) {
  const total = manifest.objects.reduce((sum, object) => sum + object.size, 0);
  progress.begin('Restoring', { objects: manifest.objects.length, bytes: total });
  const moved = (count: number) => progress.advance({ bytes: count });
  for (const object of manifest.objects) {
    try {
      await store.writeStream(object.key, archive.entry(object.file, moved), object.size, OBJECT_CONTENT_TYPE);
    } catch (error) {
      await store.delete(object.key).catch(() => {});
      throw error;
    }
    written.count++;
    progress.advance({ objects: 1 });
  }
  progress.end();
  return total;
}

function parseRow(line: string, record: TableRecord, lineNumber: number): Row {
  const where = `${record.file} line ${lineNumber}`;
  let row: unknown;
  try {
    row = JSON.parse(line);
  } catch {
    throw new ArchiveError(`${where} is not valid JSON`);
  }
  if (!row || typeof row !== 'object' || Array.isArray(row)) throw new ArchiveError(`${where} is not a row`);
  for (const [column, value] of Object.entries(row)) {
    if (!record.columns.includes(column)) throw new ArchiveError(`${where} has a column the manifest does not list: ${column}`);
    if (value !== null && typeof value === 'object') throw new ArchiveError(`${where}: ${column} is not a plain value`);
  }
  return row as Row;
}

async function insertRows(trx: AnyDatabase, archive: BackupArchive, record: TableRecord): Promise<number> {
  // Well under both dialects' limits on bound parameters per statement.
  const batchSize = Math.max(1, Math.floor(2000 / record.columns.length));
  let batch: Row[] = [];
  let count = 0;
  const flush = async () => {
    if (batch.length > 0) await trx.insertInto(record.name).values(batch).execute();
    batch = [];
  };
  for await (const line of createInterface({ input: archive.entry(record.file), crlfDelay: Infinity })) {
    if (line === '') continue;
    batch.push(parseRow(line, record, ++count));
    if (batch.length >= batchSize) await flush();
  }
  await flush();
  if (count !== record.rows) throw new ArchiveError(`${record.file} holds ${count} rows, its manifest says ${record.rows}`);
  return count;
}

/** New rows must get ids after the restored ones: PostgreSQL's sequences do not follow explicit ids. */
async function advanceSequences(trx: AnyDatabase, tables: TableInfo[]): Promise<void> {
  for (const table of tables) {
    for (const column of table.primaryKey) {
      const quoted = `"${table.name.replaceAll('"', '""')}"`;
      const { rows } = await sql<{ seq: string | null }>`select pg_get_serial_sequence(${quoted}, ${column}) as seq`.execute(trx);
      const sequence = rows[0]?.seq;
      if (!sequence) continue;
      await sql`
        select setval(${sequence}::regclass, coalesce((select max(${sql.ref(column)}) from ${sql.table(table.name)}), 0) + 1, false)
      `.execute(trx);
    }
  }
}

/**
 * All rows in one transaction: either every table is restored (and, with `force`, everything that
 * was there is gone) or the database is left exactly as it was.
 */
async function restoreRows(target: RestoreTarget, archive: BackupArchive, manifest: Manifest, tables: TableInfo[], force: boolean) {
  return (target.db.withoutPlugins() as AnyDatabase).transaction().execute(async (trx) => {
    if (force) for (const table of [...tables].reverse()) await trx.deleteFrom(table.name).execute();
    let rows = 0;
    for (const table of tables) {
      const record = manifest.tables.find((candidate) => candidate.name === table.name);
      if (record) rows += await insertRows(trx, archive, record);
    }
    if (target.dialect === 'postgres') await advanceSequences(trx, tables);
    return rows;
  });
}

/**
 * Restores a backup into the configured database and store. Refuses a target that holds any row or
 * object unless `force` (which then replaces everything), and then any archive that does not
 * verify, before changing anything (the quick refusal first: checking reads the whole archive).
 * The target is migrated to the archive's schema, filled, and then migrated to the latest. Objects
 * go in first, rows last, so the database never refers to an object that is not there. `progress`
 * hears of the check and of the objects as they are written.
 */
export async function restoreBackup(
  target: RestoreTarget,
  file: string,
  options: { force?: boolean; progress?: ProgressListener } = {},
): Promise<RestoreOutcome> {
  const progress = options.progress ?? ignoreProgress;
  let archive: BackupArchive;
  try {
    archive = await BackupArchive.open(file);
  } catch (error) {
    if (error instanceof ArchiveError) return { kind: 'invalid-archive', problem: error.message };
    throw error;
  }
  const written = { count: 0 };
  let committed = false;
  try {
    const schema = schemaOf(archive.head);
    if (schema.unknown.length > 0) return { kind: 'newer-schema', unknownMigrations: schema.unknown };
    if (!schema.last || schema.skipped.length > 0) {
      return { kind: 'invalid-archive', problem: `its schema lacks migration(s) ${schema.skipped.join(', ')} that come before later ones` };
    }
    const plain = target.db.withoutPlugins() as AnyDatabase;
    const before = await contentsOf(plain, await describeTables(plain, target.dialect), target.store);
    if (!options.force && (before.tablesWithRows.length > 0 || before.objects.length > 0)) {
      return { kind: 'not-empty', tablesWithRows: before.tablesWithRows, hasObjects: before.objects.length > 0 };
    }
    const { manifest } = await archive.verify(progress);
    await migrateTo(target.db, schema.last);
    const tables = await describeTables(plain, target.dialect);
    checkFits(manifest, tables);

    const objectBytes = await restoreObjects(archive, manifest, target.store, written, progress);
    const rows = await restoreRows(target, archive, manifest, tables, options.force ?? false);
    committed = true;
    await migrateToLatest(target.db);
    const kept = new Set(manifest.objects.map((object) => object.key));
    for (const key of before.objects) if (!kept.has(key)) await target.store.delete(key);
    return { kind: 'restored', manifest, rows, objectBytes };
  } catch (error) {
    if (committed) throw error;
    const problem = error instanceof Error ? error.message : String(error);
    if (written.count > 0) return { kind: 'failed-partway', problem, objectsWritten: written.count };
    if (error instanceof ArchiveError) return { kind: 'invalid-archive', problem };
    throw error;
  } finally {
    await archive.close();
  }
}
