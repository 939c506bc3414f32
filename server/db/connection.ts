import path from 'node:path';
import pg from 'pg';
import { CamelCasePlugin, Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import type { Database } from './schema.ts';
import { openSqlite } from './sqlite-driver.ts';

export type Dialect = 'sqlite' | 'postgres';

/** Connections as the pool sees them; SQLite has one connection and nothing more to tell. */
export interface DatabasePoolStats {
  total: number;
  idle?: number;
  /** Queries waiting for a free connection. */
  waiting?: number;
}

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  poolStats(): DatabasePoolStats;
  /** Where the data lives, without credentials: for logs and the health check. */
  description: string;
  /**
   * PostgreSQL only: a new connection outside the pool, with the pool's settings (schema included),
   * for a session that must stay open on its own, such as LISTEN. The caller connects and ends it.
   */
  dedicatedClient?: () => pg.Client;
  close(): Promise<void>;
}

// Timestamps come back as ISO strings and JSON as text, so both dialects hand the code the same shapes.
const PG_TIMESTAMPTZ = 1184;
const PG_TIMESTAMP = 1114;
const PG_JSON = 114;
const PG_JSONB = 3802;
const PG_INT8 = 20;
pg.types.setTypeParser(PG_TIMESTAMPTZ, (value) => new Date(value).toISOString());
pg.types.setTypeParser(PG_TIMESTAMP, (value) => new Date(`${value}Z`).toISOString());
pg.types.setTypeParser(PG_JSON, (value) => value);
pg.types.setTypeParser(PG_JSONB, (value) => value);
// count(*) is int8; every count here fits easily in a JS number.
pg.types.setTypeParser(PG_INT8, (value) => Number(value));

export interface ConnectOptions {
  databaseUrl?: string;
  dataDir: string;
  /** PostgreSQL schema to use (tests give each file its own). */
  pgSchema?: string;
}

export function connectDatabase(options: ConnectOptions): DatabaseHandle {
  if (options.databaseUrl) return connectPostgres(options.databaseUrl, options.pgSchema);
  return connectSqlite(path.join(options.dataDir, 'studio.db'));
}

function connectSqlite(file: string): DatabaseHandle {
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: openSqlite(file) }), plugins: [new CamelCasePlugin()] });
  return { db, dialect: 'sqlite', poolStats: () => ({ total: 1 }), description: `sqlite:${file}`, close: () => db.destroy() };
}

function connectPostgres(url: string, schema?: string): DatabaseHandle {
  const settings = { connectionString: url, connectionTimeoutMillis: 5000, ...(schema ? { options: `-c search_path=${schema}` } : {}) };
  const pool = new pg.Pool({ ...settings, max: 10 });
  // An idle client that loses its connection must not crash the process.
  pool.on('error', () => {});
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [new CamelCasePlugin()] });
  const redacted = new URL(url);
  redacted.password = redacted.password ? '***' : '';
  return {
    db,
    dialect: 'postgres',
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    description: redacted.toString(),
    dedicatedClient: () => new pg.Client(settings),
    close: () => db.destroy(),
  };
}

export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}
