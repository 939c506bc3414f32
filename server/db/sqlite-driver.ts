import type { SqliteDatabase, SqliteStatement } from 'kysely';
import type * as NodeSqlite from 'node:sqlite';

export interface OpenSqliteOptions {
  /** Refuses writes (a backup reading a snapshot copy); the journal mode is left as the file has it. */
  readOnly?: boolean;
}

/**
 * node:sqlite, loaded on first use. Node 22 announces it with an ExperimentalWarning on stderr (24
 * does not): that one warning is held back, so the operators' commands and the start-up errors stay
 * one clean line on the supported Node 22 too. Every other warning goes out as usual.
 */
function nodeSqlite(): typeof NodeSqlite {
  const emitWarning = process.emitWarning;
  process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
    if (String(warning).startsWith('SQLite is an experimental feature')) return;
    (emitWarning as (...args: unknown[]) => void).call(process, warning, ...rest);
  }) as typeof process.emitWarning;
  try {
    return process.getBuiltinModule('node:sqlite');
  } finally {
    process.emitWarning = emitWarning;
  }
}

const BUSY_TIMEOUT_MS = 5000;
/** The queries of the site are a few hundred texts; `in (...)` lists of every length make more, which come and go. */
const MAX_KEPT_STATEMENTS = 500;
const READ_PRAGMAS = ['foreign_keys = ON'];
const WRITE_PRAGMAS = [
  'journal_mode = WAL',
  // WAL with NORMAL sync is durable against process crashes (a committed write survives SIGKILL).
  'synchronous = NORMAL',
];

/**
 * Opens a database file with Node's built-in SQLite (node:sqlite), in the shape Kysely's
 * SqliteDialect takes. Every SQLite connection of the project goes through here, so the pragmas are
 * set in one place. node:sqlite replaced better-sqlite3 with the Node 22 baseline (decision 060):
 * no native module to compile at install, and none that aborts on Node 24 (decision 031).
 */
/** Statements that change the schema: what was prepared before them is prepared again after. */
const SCHEMA_CHANGE = /^\s*(?:create|alter|drop)\b/i;

export function openSqlite(file: string, options: OpenSqliteOptions = {}): SqliteDatabase {
  const { readOnly = false } = options;
  const pragmas = readOnly ? READ_PRAGMAS : [...READ_PRAGMAS, ...WRITE_PRAGMAS];
  const database = new (nodeSqlite().DatabaseSync)(file, { timeout: BUSY_TIMEOUT_MS, readOnly });
  pragmas.forEach((pragma) => database.exec(`PRAGMA ${pragma}`));
  // Kysely prepares every query anew; preparing costs more than running a small read (a quarter of a
  // slot list's time), so statements are kept by their text. Kysely runs one query at a time on the
  // connection. A schema change (a migration) drops what was kept: Node 24's SQLite prepares a kept
  // statement again by itself, Node 22's answered a `select *` kept from before with the old columns.
  const kept = new Map<string, SqliteStatement>();
  return {
    prepare: (sql: string): SqliteStatement => {
      if (SCHEMA_CHANGE.test(sql)) kept.clear();
      const found = kept.get(sql);
      if (found) return found;
      const statement = database.prepare(sql);
      // node:sqlite takes parameters as arguments where Kysely passes an array.
      const wrapped: SqliteStatement = {
        reader: statement.columns().length > 0,
        all: (parameters) => statement.all(...(parameters as never[])),
        run: (parameters) => statement.run(...(parameters as never[])),
        iterate: (parameters) => statement.iterate(...(parameters as never[])),
      };
      if (kept.size >= MAX_KEPT_STATEMENTS) kept.delete(kept.keys().next().value as string);
      kept.set(sql, wrapped);
      return wrapped;
    },
    close: () => {
      kept.clear();
      database.close();
    },
  };
}
