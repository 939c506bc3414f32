import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { projectRoot } from '#server/paths.ts';
import { connectDatabase } from './connection.ts';

/**
 * SQLite maps the `-shm` file into memory in WAL mode; truncated under a running process, the next
 * access is a SIGBUS, which no pragma shared with other processes prevents (decision 037). What the
 * deployment relies on instead: after the process manager restarts the server, every committed
 * write is still there and the database works.
 */
describe('SQLite after its -shm file is truncated under the server', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'studio-shm-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('the process dies of SIGBUS; restarted, it has every committed row and takes writes', async () => {
    const script = `
      const { truncateSync } = await import('node:fs');
      const { connectDatabase } = await import('#server/db/connection.ts');
      const { sql } = await import('kysely');
      const database = connectDatabase({ dataDir: ${JSON.stringify(dataDir)} });
      await sql\`create table t (n integer not null)\`.execute(database.db);
      for (let i = 1; i <= 100; i++) await sql\`insert into t (n) values (\${i})\`.execute(database.db);
      console.log('committed 100');
      truncateSync(${JSON.stringify(path.join(dataDir, 'studio.db-shm'))}, 0);
      await sql\`insert into t (n) values (101)\`.execute(database.db);
      console.log('survived');
    `;
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: projectRoot,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(child.stdout.trim()).toBe('committed 100');
    expect(child.signal).toBe('SIGBUS');

    const database = connectDatabase({ dataDir });
    try {
      const { rows } = await sql<{ count: number; total: number }>`select count(*) as count, sum(n) as total from t`.execute(database.db);
      expect(rows[0]).toEqual({ count: 100, total: 5050 });
      await sql`insert into t (n) values (101)`.execute(database.db);
    } finally {
      await database.close();
    }
  });
});
