import SQLite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

export type SqliteDriverName = 'better-sqlite3' | 'node:sqlite';

// @types/node 20 does not describe node:sqlite: this is the part of it used here (Node 24 API).
interface NodeSqliteStatement {
  columns(): unknown[];
  all(...parameters: unknown[]): unknown[];
  run(...parameters: unknown[]): { changes: number | bigint; lastInsertRowid: number | bigint };
  iterate(...parameters: unknown[]): IterableIterator<unknown>;
}
interface NodeSqliteDatabase {
  exec(sql: string): void;
  prepare(sql: string): NodeSqliteStatement;
  close(): void;
}
interface NodeSqliteModule {
  DatabaseSync: new (file: string, options?: { timeout?: number; readOnly?: boolean }) => NodeSqliteDatabase;
}

export interface OpenSqliteOptions {
  /** Refuses writes (a backup reading a snapshot copy); the journal mode is left as the file has it. */
  readOnly?: boolean;
  driver?: SqliteDriverName;
}

const BUSY_TIMEOUT_MS = 5000;
const READ_PRAGMAS = ['foreign_keys = ON', `busy_timeout = ${BUSY_TIMEOUT_MS}`];
const WRITE_PRAGMAS = [
  'journal_mode = WAL',
  // WAL with NORMAL sync is durable against process crashes (a committed write survives SIGKILL).
  'synchronous = NORMAL',
];

/**
 * better-sqlite3 12 wraps its statements in node::ObjectWrap. From Node 24.19 that wrapper's
 * destructor needs a current JavaScript context, and a garbage collection started inside a promise
 * job has none: the first dropped statement collected there aborts the process. Kysely prepares a
 * statement per query, so Node 24 uses its built-in node:sqlite (no such wrapper); Node 20 and 22
 * keep better-sqlite3 (decision 031).
 */
export function sqliteDriverFor(nodeVersion: string): SqliteDriverName {
  return Number(nodeVersion.split('.')[0]) >= 24 ? 'node:sqlite' : 'better-sqlite3';
}

/**
 * Opens a database file with the driver this Node version runs safely, in the shape Kysely's
 * SqliteDialect takes. Every SQLite connection of the project goes through here (ESLint refuses
 * better-sqlite3 elsewhere).
 */
export function openSqlite(file: string, options: OpenSqliteOptions = {}): SqliteDatabase {
  const { readOnly = false, driver = sqliteDriverFor(process.versions.node) } = options;
  const pragmas = readOnly ? READ_PRAGMAS : [...READ_PRAGMAS, ...WRITE_PRAGMAS];
  if (driver === 'better-sqlite3') {
    const database = new SQLite(file, { readonly: readOnly });
    pragmas.forEach((pragma) => database.pragma(pragma));
    return database;
  }
  const nodeSqlite = process.getBuiltinModule('node:sqlite') as NodeSqliteModule | undefined;
  if (!nodeSqlite) throw new Error(`node:sqlite is not available in Node ${process.versions.node}`);
  const database = new nodeSqlite.DatabaseSync(file, { timeout: BUSY_TIMEOUT_MS, readOnly });
  pragmas.forEach((pragma) => database.exec(`PRAGMA ${pragma}`));
  return {
    prepare: (sql: string): SqliteStatement => {
      const statement = database.prepare(sql);
      // node:sqlite takes parameters as arguments where better-sqlite3 takes the array Kysely passes.
      return {
        reader: statement.columns().length > 0,
        all: (parameters) => statement.all(...parameters),
        run: (parameters) => statement.run(...parameters),
        iterate: (parameters) => statement.iterate(...parameters),
      };
    },
    close: () => database.close(),
  };
}
