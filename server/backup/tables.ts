import { sql, type Kysely } from 'kysely';
import type { Dialect } from '#server/db/connection.ts';

/** Any table, by its SQL name: a backup copies whatever the migrations made, without naming it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyDatabase = Kysely<any>;

export interface TableInfo {
  name: string;
  columns: string[];
  primaryKey: string[];
  /** Tables this one's foreign keys point at (their rows go in first). */
  parents: string[];
}

export type Row = Record<string, unknown>;

/** Kysely's own bookkeeping: a restore migrates its target itself, so these are never copied. */
const MIGRATION_TABLES = new Set(['kysely_migration', 'kysely_migration_lock']);

const group = <T extends { table: string }>(rows: T[]) => {
  const byTable = new Map<string, T[]>();
  for (const row of rows) byTable.set(row.table, [...(byTable.get(row.table) ?? []), row]);
  return byTable;
};

async function describeSqlite(db: AnyDatabase): Promise<TableInfo[]> {
  const { rows: tables } = await sql<{ name: string }>`
    select name from sqlite_master where type = 'table' and name not like 'sqlite\\_%' escape '\\' order by name
  `.execute(db);
  const described: TableInfo[] = [];
  for (const { name } of tables) {
    const { rows: columns } = await sql<{ name: string; pk: number }>`select name, pk from pragma_table_info(${name}) order by cid`.execute(
      db,
    );
    const { rows: keys } = await sql<{ parent: string }>`select distinct "table" as parent from pragma_foreign_key_list(${name})`.execute(
      db,
    );
    described.push({
      name,
      columns: columns.map((column) => column.name),
      primaryKey: columns
        .filter((column) => column.pk > 0)
        .sort((a, b) => a.pk - b.pk)
        .map((column) => column.name),
      parents: keys.map((key) => key.parent),
    });
  }
  return described;
}

async function describePostgres(db: AnyDatabase): Promise<TableInfo[]> {
  const { rows: columns } = await sql<{ table: string; column: string }>`
    select c.table_name as "table", c.column_name as "column"
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
    order by c.table_name, c.ordinal_position
  `.execute(db);
  const { rows: keys } = await sql<{ table: string; column: string }>`
    select t.relname as "table", a.attname as "column"
    from pg_index i
    join pg_class t on t.oid = i.indrelid
    join pg_namespace n on n.oid = t.relnamespace
    join pg_attribute a on a.attrelid = t.oid and a.attnum = any(i.indkey)
    where i.indisprimary and n.nspname = current_schema()
    order by t.relname, array_position(i.indkey, a.attnum)
  `.execute(db);
  const { rows: references } = await sql<{ table: string; parent: string }>`
    select distinct t.relname as "table", p.relname as parent
    from pg_constraint k
    join pg_class t on t.oid = k.conrelid
    join pg_class p on p.oid = k.confrelid
    join pg_namespace n on n.oid = t.relnamespace
    where k.contype = 'f' and n.nspname = current_schema()
  `.execute(db);
  const keysOf = group(keys);
  const parentsOf = group(references);
  return [...group(columns)].map(([name, list]) => ({
    name,
    columns: list.map((row) => row.column),
    primaryKey: (keysOf.get(name) ?? []).map((row) => row.column),
    parents: (parentsOf.get(name) ?? []).map((row) => row.parent),
  }));
}

/** The application's tables (every table but Kysely's own), parents before the tables that refer to them. */
export async function describeTables(db: AnyDatabase, dialect: Dialect): Promise<TableInfo[]> {
  const all = dialect === 'postgres' ? await describePostgres(db) : await describeSqlite(db);
  return parentsFirst(all.filter((table) => !MIGRATION_TABLES.has(table.name)));
}

/** Orders tables so that every table comes after the tables its foreign keys point at. */
function parentsFirst(tables: TableInfo[]): TableInfo[] {
  const byName = new Map(tables.map((table) => [table.name, table]));
  const ordered: TableInfo[] = [];
  const placed = new Set<string>();
  const visiting = new Set<string>();
  const place = (table: TableInfo) => {
    if (placed.has(table.name) || visiting.has(table.name)) return;
    visiting.add(table.name);
    for (const parent of table.parents) {
      const parentTable = byName.get(parent);
      if (parentTable && parent !== table.name) place(parentTable);
    }
    visiting.delete(table.name);
    placed.add(table.name);
    ordered.push(table);
  };
  [...tables].sort((a, b) => a.name.localeCompare(b.name)).forEach(place);
  return ordered;
}

/** The migrations applied to a database, by name (none when it was never migrated). */
export async function appliedMigrations(db: AnyDatabase, tables: string[]): Promise<string[]> {
  if (!tables.includes('kysely_migration')) return [];
  const rows = await db.selectFrom('kysely_migration').select('name').orderBy('name').execute();
  return rows.map((row) => String(row.name));
}

/** Every table in the database, Kysely's included (to tell whether it was ever migrated). */
export async function tableNames(db: AnyDatabase, dialect: Dialect): Promise<string[]> {
  const { rows } =
    dialect === 'postgres'
      ? await sql<{ name: string }>`
          select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'
        `.execute(db)
      : await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(db);
  return rows.map((row) => row.name);
}

const PAGE_ROWS = 500;

/**
 * A table's rows in primary-key order, a page at a time (never the whole table in memory). Inside
 * one snapshot (a copied SQLite file, a repeatable-read transaction) the pages are consistent.
 */
export async function* readRows(db: AnyDatabase, table: TableInfo): AsyncGenerator<Row> {
  const [key, ...more] = table.primaryKey;
  if (key && more.length === 0) {
    let last: unknown = undefined;
    for (;;) {
      let query = db.selectFrom(table.name).select(table.columns).orderBy(key).limit(PAGE_ROWS);
      if (last !== undefined) query = query.where(key, '>', last);
      const page = (await query.execute()) as Row[];
      yield* page;
      if (page.length < PAGE_ROWS) return;
      last = page[page.length - 1][key];
    }
  }
  // No single-column key: order by every column so that pages do not overlap.
  for (let offset = 0; ; offset += PAGE_ROWS) {
    let query = db.selectFrom(table.name).select(table.columns).limit(PAGE_ROWS).offset(offset);
    for (const column of table.columns) query = query.orderBy(column);
    const page = (await query.execute()) as Row[];
    yield* page;
    if (page.length < PAGE_ROWS) return;
  }
}
