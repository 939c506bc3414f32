import path from 'node:path';
import pg from 'pg';
import { CamelCasePlugin, Kysely, PostgresDialect, SqliteDialect, sql, type SqliteDatabase } from 'kysely';
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

/**
 * PostgreSQL limits, so a database that hangs or vanishes fails a request within seconds instead of
 * holding it (and its pooled connection) for as long as the outage lasts.
 */
export interface DatabaseTimeouts {
  /** Waiting for a connection (a new one, or a free one from the pool). */
  connectMs: number;
  /** Enforced by the server (`statement_timeout`); 0 is none. */
  statementMs: number;
  /**
   * Enforced here, for when the server cannot even answer (a network partition): a little past the
   * statement timeout, so a reachable server's own cancellation arrives first. 0 is none.
   */
  queryMs: number;
  /** The server ends a session left inside a transaction this long (`idle_in_transaction_session_timeout`). */
  idleInTransactionMs: number;
  /** TCP keepalive on every connection, so a dead peer is found while the connection is idle. */
  keepAliveDelayMs: number;
}

/** Tools (migrations, backups, the admin CLI) may run long statements: only a connection limit. */
const TOOL_TIMEOUTS: DatabaseTimeouts = { connectMs: 5000, statementMs: 0, queryMs: 0, idleInTransactionMs: 0, keepAliveDelayMs: 10_000 };

/** What the server's requests get: each query is milliseconds, so 5 s means the database is in trouble. */
export const SERVING_TIMEOUTS: DatabaseTimeouts = {
  connectMs: 5000,
  statementMs: 5000,
  queryMs: 7000,
  idleInTransactionMs: 10_000,
  keepAliveDelayMs: 10_000,
};

export interface ConnectOptions {
  databaseUrl?: string;
  dataDir: string;
  /** PostgreSQL schema to use (tests give each file its own). */
  pgSchema?: string;
  /** PostgreSQL only; the server passes SERVING_TIMEOUTS, tools keep the default (no statement limit). */
  timeouts?: Partial<DatabaseTimeouts>;
}

/** Where the site's SQLite database lives in DATA_DIR (its -wal and -shm files beside it). */
export const sqliteFileIn = (dataDir: string) => path.join(dataDir, 'studio.db');

export function connectDatabase(options: ConnectOptions): DatabaseHandle {
  if (options.databaseUrl) return connectPostgres(options.databaseUrl, options.pgSchema, { ...TOOL_TIMEOUTS, ...options.timeouts });
  return connectSqlite(sqliteFileIn(options.dataDir));
}

/**
 * SQLite rolls a transaction back by itself when a write fails for disk reasons (SQLITE_FULL, some
 * SQLITE_IOERR); Kysely's ROLLBACK then fails with "no transaction is active", and that error
 * replaces the real one: a 500 where a full disk deserves a 503. A rollback with nothing left to
 * roll back has done its job.
 */
function withIdempotentRollback(database: SqliteDatabase): SqliteDatabase {
  return {
    close: () => database.close(),
    prepare(sql) {
      const statement = database.prepare(sql);
      if (sql.trim().toLowerCase() !== 'rollback') return statement;
      return {
        reader: statement.reader,
        all: (parameters) => statement.all(parameters),
        iterate: (parameters) => statement.iterate(parameters),
        run(parameters) {
          try {
            return statement.run(parameters);
          } catch (error) {
            if (error instanceof Error && /no transaction is active/.test(error.message)) return { changes: 0, lastInsertRowid: 0 };
            throw error;
          }
        },
      };
    },
  };
}

function connectSqlite(file: string): DatabaseHandle {
  const database = withIdempotentRollback(openSqlite(file));
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database }), plugins: [new CamelCasePlugin()] });
  return { db, dialect: 'sqlite', poolStats: () => ({ total: 1 }), description: `sqlite:${file}`, close: () => db.destroy() };
}

/**
 * A connection that must not go back to the pool: node-postgres gave up waiting on its query
 * (query_timeout) but would keep it, the unanswered query still at its head, so the next request
 * would hang behind it; or the server ended the session (a FATAL error such as 57P01) and the socket
 * has not closed yet. Closing the socket, and saying so where pg-pool looks on release
 * (`_queryable`, its documented stop-gap), makes the pool drop it: the next request gets a fresh one.
 */
function dropBrokenConnections(client: pg.PoolClient): void {
  const internals = client as unknown as {
    query: (...args: unknown[]) => unknown;
    _queryable: boolean;
    connection?: { stream?: { destroy(): void } };
  };
  const query = internals.query.bind(client);
  internals.query = (...args: unknown[]) => {
    const result = query(...args);
    if (result instanceof Promise) {
      result.catch((error: unknown) => {
        const fatal = (error as { severity?: string }).severity === 'FATAL';
        if (fatal || (error instanceof Error && error.message === 'Query read timeout')) {
          internals._queryable = false;
          internals.connection?.stream?.destroy();
        }
      });
    }
    return result;
  };
}

function connectPostgres(url: string, schema: string | undefined, timeouts: DatabaseTimeouts): DatabaseHandle {
  const serverOptions = [
    schema ? `-c search_path=${schema}` : '',
    timeouts.statementMs ? `-c statement_timeout=${timeouts.statementMs}` : '',
    timeouts.idleInTransactionMs ? `-c idle_in_transaction_session_timeout=${timeouts.idleInTransactionMs}` : '',
  ].filter(Boolean);
  const settings: pg.ClientConfig = {
    connectionString: url,
    connectionTimeoutMillis: timeouts.connectMs,
    keepAlive: true,
    keepAliveInitialDelayMillis: timeouts.keepAliveDelayMs,
    ...(timeouts.queryMs ? { query_timeout: timeouts.queryMs } : {}),
    ...(serverOptions.length > 0 ? { options: serverOptions.join(' ') } : {}),
  };
  const pool = new pg.Pool({ ...settings, max: 10 });
  // A client whose connection breaks emits 'error': the pool listens only while the client is idle,
  // and unheard, the event kills the process (pg_terminate_backend, a TCP reset, a failover). With a
  // listener for the client's whole life, the query in flight fails, the pool drops the client on
  // release, and the next request gets a fresh connection.
  pool.on('error', () => {});
  pool.on('connect', (client) => {
    client.on('error', () => {});
    dropBrokenConnections(client);
  });
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
