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

export interface SchemaStatus {
  /** Migrations of this code the database has not had yet. */
  pending: string[];
  /** Migrations the database has had that this code does not know (it was migrated by a newer version). */
  unknown: string[];
}

/** Where the database's schema stands against this code, changing nothing (the read-only commands ask). */
export async function schemaStatus(db: Kysely<Database>): Promise<SchemaStatus> {
  const known = await (await createMigrator(db)).getMigrations();
  const pending = known.filter((migration) => !migration.executedAt).map((migration) => migration.name);
  // Kysely's table exists once anything was applied; a database that has every known migration
  // pending may have none of it.
  if (pending.length === known.length) return { pending, unknown: [] };
  const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
  const names = new Set(known.map((migration) => migration.name));
  return { pending, unknown: rows.map((row) => row.name).filter((name) => !names.has(name)) };
}

/** What a command that needs the current schema tells the operator, or null when the schema is current. */
export function schemaProblem(status: SchemaStatus, where: string): string | null {
  if (status.unknown.length > 0) {
    return `The database at ${where} was migrated by a newer version of the site (${status.unknown.join(', ')}): update the code first.`;
  }
  if (status.pending.length > 0) {
    return (
      `The database at ${where} needs ${status.pending.length} migration(s) this code has (${status.pending.join(', ')}): ` +
      'run `npm run db:migrate` first (the site also migrates when it starts).'
    );
  }
  return null;
}
