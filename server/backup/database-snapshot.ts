import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { once } from 'node:events';
import { Kysely, SqliteDialect, sql } from 'kysely';
import type { Dialect } from '#server/db/connection.ts';
import { openSqlite } from '#server/db/sqlite-driver.ts';
import { appliedMigrations, describeTables, readRows, tableNames, type AnyDatabase, type Row, type TableInfo } from './tables.ts';

export interface TableFile {
  table: TableInfo;
  /** The rows as NDJSON, in a temporary folder. */
  path: string;
  rows: number;
  size: number;
  sha256: string;
}

export interface DatabaseSnapshot {
  migrations: string[];
  tables: TableFile[];
}

/** Values a row may hold and every dialect reads back the same: JSON's own scalars. */
function checkValue(table: string, column: string, value: unknown): void {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return;
  if (typeof value === 'number' && Number.isFinite(value)) return;
  throw new Error(`${table}.${column} holds a value a backup cannot carry portably (${typeof value})`);
}

async function writeTable(db: AnyDatabase, table: TableInfo, folder: string, onRow?: (row: Row) => void): Promise<TableFile> {
  const file = path.join(folder, `${table.name}.ndjson`);
  const out = createWriteStream(file);
  const hash = createHash('sha256');
  let rows = 0;
  let size = 0;
  try {
    for await (const row of readRows(db, table)) {
      for (const column of table.columns) checkValue(table.name, column, row[column]);
      onRow?.(row);
      const line = Buffer.from(`${JSON.stringify(row)}\n`);
      hash.update(line);
      size += line.length;
      rows++;
      if (!out.write(line)) await once(out, 'drain');
    }
  } finally {
    out.end();
    await once(out, 'close');
  }
  return { table, path: file, rows, size, sha256: hash.digest('hex') };
}

async function writeAllTables(db: AnyDatabase, dialect: Dialect, folder: string, onRow?: (table: string, row: Row) => void) {
  const migrations = await appliedMigrations(db, await tableNames(db, dialect));
  const tables: TableFile[] = [];
  for (const table of await describeTables(db, dialect)) {
    tables.push(await writeTable(db, table, folder, onRow && ((row) => onRow(table.name, row))));
  }
  return { migrations, tables };
}

/**
 * Copies every table's rows to NDJSON files in `folder`, all from one consistent moment while the
 * site keeps writing: SQLite is first copied whole with `VACUUM INTO` (one read transaction, which
 * WAL lets run beside writers) and read from the copy; PostgreSQL is read inside one
 * REPEATABLE READ, READ ONLY transaction.
 */
export async function snapshotDatabase(
  db: AnyDatabase,
  dialect: Dialect,
  folder: string,
  onRow?: (table: string, row: Row) => void,
): Promise<DatabaseSnapshot> {
  // The app's connection turns snake_case into camelCase; a backup keeps the columns' real names.
  const plain = db.withoutPlugins();
  if (dialect === 'postgres') {
    return plain
      .transaction()
      .setIsolationLevel('repeatable read')
      .setAccessMode('read only')
      .execute((trx) => writeAllTables(trx, dialect, folder, onRow));
  }
  const copyFile = path.join(folder, 'snapshot.db');
  await sql`vacuum into ${copyFile}`.execute(plain);
  const copy = new Kysely<unknown>({ dialect: new SqliteDialect({ database: openSqlite(copyFile, { readOnly: true }) }) });
  try {
    return await writeAllTables(copy, dialect, folder, onRow);
  } finally {
    await copy.destroy();
  }
}
