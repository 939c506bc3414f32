import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableNames } from '#server/backup/tables.ts';
import { createTestServices, testDialects, type TestServices } from '#server/test-support/services.ts';
import { TABLE_OWNERS } from './table-owners.ts';

/*
 * Only a table's owner (TABLE_OWNERS) and server/flows/ query it. Read from the code that ships,
 * like import-cycles.test.ts: every Kysely call that names a table (from, into, update, delete,
 * and the joins) in server/ and app/**\/*.server.ts. Raw `sql` text is not read: today it names
 * only its own module's table, in an expression of a query the calls above already place.
 */

const NAMING_CALL =
  /\.(selectFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto|innerJoin|leftJoin|rightJoin|fullJoin|crossJoin|innerJoinLateral|leftJoinLateral)\(\s*/g;
const JOINS = new Set(['innerJoin', 'leftJoin', 'rightJoin', 'fullJoin', 'crossJoin', 'innerJoinLateral', 'leftJoinLateral']);

/** Where every table is in reach, and why. */
const SEES_EVERY_TABLE: Record<string, string> = {
  // Use cases that span capabilities live here (decision 097): a flow may read and write any table.
  'server/flows/': 'flows',
  // A backup copies, and a restore writes back, whatever the migrations made, by the database's own list of tables.
  'server/backup/': 'backup',
  // The migrations make and change every table.
  'server/db/migrations/': 'migrations',
};

/**
 * A table named by a variable is not read here, so each file that does it says why the variable
 * only ever holds its own tables (or its caller's, passed in).
 */
const TABLE_FROM_A_VARIABLE: Record<string, string> = {
  // RetriedMailTable: the four mail journals; each owner hands in its own (contact, projects, booking, billing).
  'server/email/retried-mail.ts': 'its caller’s',
  // 'projectFiles' | 'trackVersions': both the projects capability's.
  'server/projects/file-processing.ts': 'projects',
};

interface NamedTable {
  file: string;
  call: string;
  /** The table as Kysely names it (camelCase), or null when a variable or a subquery names it. */
  table: string | null;
}

/** Every table a source file names in a Kysely call: aliases (`'projects as p'`) and lists of tables read too. */
function tablesNamedIn(file: string, source: string): NamedTable[] {
  const found: NamedTable[] = [];
  for (const match of source.matchAll(NAMING_CALL)) {
    const call = match[1]!;
    const argument = source.slice(match.index + match[0].length);
    const literal = /^(['"`])([^'"`]+)\1/.exec(argument);
    const list = /^\[([^\]]*)\]/.exec(argument);
    const names = literal ? [literal[2]!] : list ? [...list[1]!.matchAll(/(['"`])([^'"`]+)\1/g)].map((quoted) => quoted[2]!) : [];
    for (const name of names) found.push({ file, call, table: name.trim().split(/\s+as\s+/)[0]! });
    // A subquery (a callback) names its tables inside, where this reads them; a join's first argument is one or a name.
    if (names.length === 0 && !argument.startsWith('(') && !JOINS.has(call)) found.push({ file, call, table: null });
  }
  return found;
}

/** The folder under server/ a file belongs to ('api', 'billing', ...); 'server' for server/*.ts, 'app' for the page modules. */
function folderOf(file: string): string {
  if (file.startsWith('app/')) return 'app';
  const parts = file.split('/');
  return parts.length > 2 ? parts[1]! : 'server';
}

/** A query of a table outside its owner, worded as the pending list and the failure say it; null when allowed. */
function misplaced(named: NamedTable): string | null {
  if (Object.keys(SEES_EVERY_TABLE).some((prefix) => named.file.startsWith(prefix))) return null;
  if (named.table === null)
    return Object.hasOwn(TABLE_FROM_A_VARIABLE, named.file) ? null : `${named.file}: ${named.call} of a table named by a variable`;
  // Not a table of the Database (a CTE's name, Kysely's own bookkeeping): nobody owns it.
  if (!Object.hasOwn(TABLE_OWNERS, named.table)) return null;
  const owner = TABLE_OWNERS[named.table as keyof typeof TABLE_OWNERS];
  return folderOf(named.file) === owner ? null : `${named.file}: ${named.call} ${named.table}`;
}

function productionFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', 'app', 'server'], { encoding: 'utf8' });
  return listed
    .split('\n')
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && existsSync(file))
    .filter((file) => (file.startsWith('app/') ? /\.server\.tsx?$/.test(file) : !file.startsWith('server/test-support/')));
}

describe('tables have owners', () => {
  it('no code outside a table’s owner and the flows queries it', () => {
    const found = productionFiles()
      .flatMap((file) => tablesNamedIn(file, readFileSync(file, 'utf8')))
      .flatMap((named) => misplaced(named) ?? []);
    const unique = [...new Set(found)].sort();
    expect(unique).toEqual([]);
  });

  it('names owners that are folders of server/', () => {
    const missing = [...new Set(Object.values(TABLE_OWNERS))].filter((owner) => !existsSync(`server/${owner}`));
    expect(missing).toEqual([]);
  });

  it('sees a planted query, an alias, a list, a join and a table named by a variable', () => {
    const planted = [
      "await db.selectFrom('projects').select('id').execute();",
      "db\n  .updateTable(\n    'contactSubmissions as c'\n  ).set({ status: 'read' })",
      "db.selectFrom(['bookings', 'invoices as i'])",
      ".innerJoin('adminUsers', 'adminUsers.id', 'bookings.id')",
      '.leftJoin((eb) => eb.selectFrom("samples").as("s"), (join) => join)',
      'db.deleteFrom(table).execute()',
      "db.selectFrom('kysely_migration')",
    ].join('\n');
    const violations = tablesNamedIn('server/booking/planted.ts', planted).flatMap((named) => misplaced(named) ?? []);
    expect(violations).toEqual([
      'server/booking/planted.ts: selectFrom projects',
      'server/booking/planted.ts: updateTable contactSubmissions',
      'server/booking/planted.ts: selectFrom invoices',
      'server/booking/planted.ts: innerJoin adminUsers',
      'server/booking/planted.ts: selectFrom samples',
      'server/booking/planted.ts: deleteFrom of a table named by a variable',
    ]);
    expect(tablesNamedIn('server/flows/planted.ts', planted).flatMap((named) => misplaced(named) ?? [])).toEqual([]);
  });
});

const snakeCase = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
/** Kysely's migration bookkeeping and SQLite's own: not the application's tables. */
const NOT_OURS = new Set(['kysely_migration', 'kysely_migration_lock', 'sqlite_sequence']);

describe.each(testDialects())('the owners map on %s', (dialect) => {
  let services: TestServices;
  beforeAll(async () => {
    services = await createTestServices(dialect);
  });
  afterAll(() => services.cleanup());

  it('names every table the migrations make, and no other', async () => {
    const made = (await tableNames(services.db, dialect)).filter((name) => !NOT_OURS.has(name)).sort();
    expect(Object.keys(TABLE_OWNERS).map(snakeCase).sort()).toEqual(made);
  });
});
