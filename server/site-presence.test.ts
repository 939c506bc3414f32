import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { connectDatabase, type DatabaseHandle } from '#server/db/connection.ts';
import { testDialects } from '#server/test-support/services.ts';
import { announceRunningSite, claimSiteData, PRESENCE_FILE } from './site-presence.ts';

const logger = pino({ level: 'silent' });

describe.each(testDialects())('a running site and npm run restore (%s)', (dialect) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'studio-presence-'));
  // Each instance has its own DATA_DIR on PostgreSQL: only the database is shared.
  const otherDataDir = mkdtempSync(path.join(tmpdir(), 'studio-presence-other-'));
  const schema = `presence_${randomBytes(4).toString('hex')}`;
  const open = (): DatabaseHandle =>
    connectDatabase({ databaseUrl: dialect === 'postgres' ? process.env.TEST_DATABASE_URL : undefined, dataDir, pgSchema: schema });
  const opened: DatabaseHandle[] = [];
  const database = () => {
    const handle = open();
    opened.push(handle);
    return handle;
  };
  afterAll(async () => {
    await Promise.all(opened.map((handle) => handle.close()));
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(otherDataDir, { recursive: true, force: true });
  });

  it('is refused while the site serves, and goes ahead once it stopped', async () => {
    const site = await announceRunningSite(dataDir, database(), logger);
    expect(JSON.parse(readFileSync(path.join(dataDir, PRESENCE_FILE), 'utf8'))).toMatchObject({ pid: process.pid });
    const refused = await claimSiteData(dataDir, database());
    expect(refused.problem).toMatch(new RegExp(`^a site is running on this data \\(process ${process.pid}, since `));
    await site.release();
    const claim = await claimSiteData(dataDir, database());
    expect(claim.problem).toBeNull();
    if (claim.problem === null) await claim.release();
  });

  it('ignores the file a killed server left behind', async () => {
    // A pid no process has (the kernel's limit is far below it).
    writeFileSync(
      path.join(dataDir, PRESENCE_FILE),
      JSON.stringify({ pid: 2 ** 30, host: (await import('node:os')).hostname(), startedAt: 'x' }),
    );
    const claim = await claimSiteData(dataDir, database());
    expect(claim.problem).toBeNull();
    if (claim.problem === null) await claim.release();
  });

  it.runIf(dialect === 'postgres')('sees an instance on another machine through the database lock alone', async () => {
    const site = await announceRunningSite(otherDataDir, database(), logger);
    const refused = await claimSiteData(dataDir, database());
    expect(refused.problem).toBe('a site is running on this database (an instance holds its lock): stop every instance first');
    await site.release();
    const claim = await claimSiteData(dataDir, database());
    expect(claim.problem).toBeNull();
    // While the restore holds the data, an instance that starts waits for it.
    let started = false;
    const starting = announceRunningSite(otherDataDir, database(), logger).then((handle) => {
      started = true;
      return handle;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(started).toBe(false);
    if (claim.problem === null) await claim.release();
    await (await starting).release();
    expect(started).toBe(true);
  });
});
