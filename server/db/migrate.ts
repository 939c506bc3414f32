import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import type { Database } from './schema.ts';
import { migrations } from './migrations/index.ts';

/**
 * Kysely looks for its bookkeeping tables in every schema it can see; on PostgreSQL it must look only
 * in the schema in use, or a second schema in the same database (parallel test files, each with its
 * own) finds the first one's tables and fails with `relation "kysely_migration_lock" does not exist`.
 */
async function migrationTableSchema(db: Kysely<Database>): Promise<string | undefined> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return undefined;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema;
}

async function createMigrator(db: Kysely<Database>): Promise<Migrator> {
  return new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableSchema: await migrationTableSchema(db),
    // A development database may have run 0004 before 0003 (added in parallel); both orders are fine.
    allowUnorderedMigrations: true,
  });
}

function applied(outcome: Awaited<ReturnType<Migrator['migrateToLatest']>>): string[] {
  const { error, results } = outcome;
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  return applied(await (await createMigrator(db)).migrateToLatest());
}

/**
 * Moves the schema up or down to exactly `name` (a restore puts rows into the schema they were
 * written under, then migrates to the latest).
 */
export async function migrateTo(db: Kysely<Database>, name: string): Promise<string[]> {
  return applied(await (await createMigrator(db)).migrateTo(name));
}
