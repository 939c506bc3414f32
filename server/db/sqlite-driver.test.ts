import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterEach, describe, expect, it } from 'vitest';
import { projectRoot } from '#server/paths.ts';
import { openSqlite } from './sqlite-driver.ts';

describe('the SQLite driver', () => {
  let dataDir: string | undefined;
  afterEach(() => {
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    dataDir = undefined;
  });

  it('opened read-only, reads the file and refuses writes', () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'studio-sqlite-'));
    const file = path.join(dataDir, 'copy.db');
    const writer = openSqlite(file);
    writer.prepare('create table t (n integer)').run([]);
    writer.prepare('insert into t (n) values (?), (?)').run([1, 2]);
    writer.close();
    const reader = openSqlite(file, { readOnly: true });
    expect(reader.prepare('select sum(n) as total from t').all([])).toEqual([{ total: 3 }]);
    expect(() => reader.prepare('insert into t (n) values (3)').run([])).toThrow(/readonly/);
    reader.close();
  });

  it('keeps a statement per text on its connection, across transactions, and finalizes them all on close', () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'studio-sqlite-'));
    const database = openSqlite(path.join(dataDir, 'kept.db'));
    database.prepare('create table t (n integer)').run([]);
    const insert = 'insert into t (n) values (?)';
    const count = 'select count(*) as c from t';
    expect(database.prepare(insert)).toBe(database.prepare(insert));

    // A rolled-back transaction leaves nothing, and the same kept statements serve the next one.
    database.prepare('begin').run([]);
    database.prepare(insert).run([1]);
    expect(database.prepare(count).all([])).toEqual([{ c: 1 }]);
    database.prepare('rollback').run([]);
    expect(database.prepare(count).all([])).toEqual([{ c: 0 }]);
    database.prepare('begin').run([]);
    database.prepare(insert).run([2]);
    database.prepare('commit').run([]);
    expect(database.prepare(count).all([])).toEqual([{ c: 1 }]);

    // A schema change drops what was kept: the same text is prepared again and reads the new columns
    // (Node 22's SQLite answered a kept `select *` with the old ones).
    const everything = 'select * from t';
    expect(database.prepare(everything).all([])).toEqual([{ n: 2 }]);
    const before = database.prepare(everything);
    database.prepare('alter table t add column m integer default 7').run([]);
    expect(database.prepare(everything)).not.toBe(before);
    expect(database.prepare(everything).all([])).toEqual([{ n: 2, m: 7 }]);

    const kept = database.prepare(count);
    database.close();
    expect(() => kept.all([])).toThrow(/finalized|not open/i);
  });

  it('is the only module ESLint lets open node:sqlite', async () => {
    const eslint = new ESLint({ cwd: projectRoot });
    const code = "import { DatabaseSync } from 'node:sqlite';\nexport const open = (file: string) => new DatabaseSync(file);\n";
    const [elsewhere] = await eslint.lintText(code, { filePath: path.join(projectRoot, 'server/backup/snapshot.ts') });
    expect(elsewhere.messages.map((message) => message.message)).toEqual([expect.stringContaining('openSqlite()')]);
  });

  // better-sqlite3 12 on Node 24 aborted the process (SIGABRT) within a few hundred queries, when a
  // garbage collection inside a promise job finalised a dropped statement (decision 031). The driver
  // now is node:sqlite; this keeps the proof. A child process runs the real connection, so an abort
  // cannot take the test runner down.
  it('runs thousands of queries from promise jobs without the process aborting', () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'studio-sqlite-'));
    const script = `
      const { connectDatabase } = await import('#server/db/connection.ts');
      const { sql } = await import('kysely');
      const database = connectDatabase({ dataDir: ${JSON.stringify(dataDir)} });
      await sql\`create table t (n integer not null)\`.execute(database.db);
      for (let i = 0; i < 3000; i++) {
        await sql\`insert into t (n) values (\${i})\`.execute(database.db);
        await sql\`select count(*) as c, \${'x'.repeat(200)} as padding from t\`.execute(database.db);
      }
      const { rows } = await sql\`select sum(n) as total from t\`.execute(database.db);
      await database.close();
      console.log('total', rows[0].total);
    `;
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: projectRoot,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(child.stderr).not.toContain('Assertion failed');
    expect({ status: child.status, signal: child.signal }).toEqual({ status: 0, signal: null });
    expect(child.stdout.trim()).toBe(`total ${(2999 * 3000) / 2}`);
  });
});
