import { randomBytes } from 'node:crypto';
import pg from 'pg';

/*
 * Each Vitest worker gets a PostgreSQL database of its own for the run (the files of one worker run
 * one after the other), made by pg-worker-database.ts. On one shared database, a file dropping its
 * schema or a table (a rollback, a restore) while a file in the other worker migrates would fail that
 * migration: Kysely's introspection reads every schema of the database and asks about each by name,
 * so one that has gone in between is "does not exist".
 */

/** The name of the database of Vitest worker `poolId` in the run with this prefix. */
export const workerDatabaseName = (prefix: string, poolId: string) => `${prefix}${poolId}`;

/** Vitest global setup: names this run's databases, and drops them once every file is done. */
export default function setup(): (() => Promise<void>) | undefined {
  const databaseUrl = process.env.TEST_DATABASE_URL;
  if (!databaseUrl) return undefined;
  const prefix = `test_run_${randomBytes(4).toString('hex')}_w`;
  // The test files run in processes forked after this, with this environment.
  process.env.TEST_PG_DATABASE_PREFIX = prefix;
  return async () => {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ name: string }>('select datname as name from pg_database where left(datname, length($1)) = $1', [
        prefix,
      ]);
      for (const { name } of rows) await admin.query(`drop database if exists "${name}" with (force)`);
    } finally {
      await admin.end();
    }
  };
}
