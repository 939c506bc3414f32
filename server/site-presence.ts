import { chmod, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { INITIAL_PASSWORD_FILE } from '#server/auth/first-admin.ts';
import { SESSION_SECRET_FILE } from '#server/config.ts';
import { sqliteFileIn, type DatabaseHandle } from '#server/db/connection.ts';
import type { Logger } from '#server/logger.ts';

/**
 * How a command that must not run beside the site (`npm run restore`) knows a site is serving this
 * data, so that even `--force` cannot pull a database from under it:
 * - DATA_DIR/server.pid, written when the server starts serving and removed when it stops, names
 *   the process; it counts only while that process lives (a server killed outright leaves a file
 *   that names a dead process, which is ignored).
 * - On PostgreSQL, where instances on other machines share the database, each instance also holds
 *   a shared advisory lock (on a connection of its own) for as long as it runs; a command that takes
 *   the lock exclusively cannot get it while any instance holds it, and PostgreSQL lets go of it
 *   the moment an instance's connection ends.
 */
export const PRESENCE_FILE = 'server.pid';

/** Advisory lock keys: the site's own number, and the schema in use (tests run one site per schema). */
const LOCK_KEYS = `1398035524, hashtext(coalesce(current_schema(), ''))`;
const RELOCK_DELAY_MS = 5000;

interface PresenceRecord {
  pid: number;
  host: string;
  startedAt: string;
}

/** Files in DATA_DIR that hold secrets or the whole database: only the site's user reads them. */
const privateFiles = (dataDir: string) => {
  const database = sqliteFileIn(dataDir);
  return [
    database,
    `${database}-wal`,
    `${database}-shm`,
    path.join(dataDir, SESSION_SECRET_FILE),
    path.join(dataDir, INITIAL_PASSWORD_FILE),
  ];
};

/**
 * Data folders made before new files were created private (umask 077, scripts/private-files.mjs)
 * may be readable by every user of the machine: the folder goes to 0700 and the files above to 0600.
 * Only what this user owns; a folder it cannot change (a mounted volume) is left as it is.
 */
async function tightenDataDir(dataDir: string): Promise<void> {
  const tighten = async (file: string, mode: number) => {
    const found = await stat(file).catch(() => null);
    if (found && (found.mode & 0o077) !== 0 && found.uid === process.getuid?.()) await chmod(file, mode).catch(() => {});
  };
  await tighten(dataDir, 0o700);
  for (const file of privateFiles(dataDir)) await tighten(file, 0o600);
}

/** The shared lock, held on a connection of its own and taken again if that connection breaks. */
function holdSharedLock(database: Pick<DatabaseHandle, 'dedicatedClient'>, logger: Logger) {
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const take = async (): Promise<void> => {
    const next = database.dedicatedClient!();
    client = next;
    next.on('error', () => {});
    next.on('end', () => {
      if (stopped) return;
      logger.warn('the connection holding the site-running lock ended; taking it again');
      retry = setTimeout(() => void take().catch(() => {}), RELOCK_DELAY_MS);
      retry.unref();
    });
    await next.connect();
    const { rows } = await next.query<{ taken: boolean }>(`select pg_try_advisory_lock_shared(${LOCK_KEYS}) as taken`);
    if (rows[0]?.taken) return;
    logger.warn('a restore (npm run restore) holds the database: waiting for it to finish');
    await next.query(`select pg_advisory_lock_shared(${LOCK_KEYS})`);
  };
  return {
    take,
    async release() {
      stopped = true;
      clearTimeout(retry);
      await client?.end().catch(() => {});
    },
  };
}

/**
 * Marks the data as served by this process, from start-up until `release()` at shutdown; makes the
 * data folder private on the way. The server calls it once the database is open.
 */
export async function announceRunningSite(
  dataDir: string,
  database: Pick<DatabaseHandle, 'dedicatedClient'>,
  logger: Logger,
): Promise<{ release(): Promise<void> }> {
  await tightenDataDir(dataDir);
  const file = path.join(dataDir, PRESENCE_FILE);
  const record: PresenceRecord = { pid: process.pid, host: hostname(), startedAt: new Date().toISOString() };
  await writeFile(file, `${JSON.stringify(record)}\n`, { mode: 0o600 });
  const lock = database.dedicatedClient ? holdSharedLock(database, logger) : null;
  await lock?.take();
  return {
    async release() {
      await lock?.release();
      // Another server started on the same folder since owns the file now.
      const current = await readPresence(file);
      if (current?.pid === process.pid && current.host === record.host) await rm(file, { force: true });
    },
  };
}

async function readPresence(file: string): Promise<PresenceRecord | null> {
  try {
    const parsed = JSON.parse(await readFile(file, 'utf8')) as Partial<PresenceRecord>;
    return typeof parsed.pid === 'number' && typeof parsed.host === 'string' ? (parsed as PresenceRecord) : null;
  } catch {
    return null;
  }
}

/** Whether `pid` is a live Node process on this machine (a pid reused by another program is not). */
async function isLiveNodeProcess(pid: number): Promise<boolean> {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it lives, under another user.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const commandLine = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => null);
  return commandLine === null || /node/.test(commandLine);
}

/**
 * The data to oneself (a restore), or why not: a site serves it. On PostgreSQL the exclusive lock is
 * kept until `release()`, so an instance that starts meanwhile waits for the restore to finish.
 */
export async function claimSiteData(
  dataDir: string,
  database: Pick<DatabaseHandle, 'dedicatedClient'>,
): Promise<{ problem: string } | { problem: null; release(): Promise<void> }> {
  const file = path.join(dataDir, PRESENCE_FILE);
  const record = await readPresence(file);
  if (record && record.host !== hostname()) {
    return {
      problem:
        `${file} says a site runs on this data on ${record.host} (process ${record.pid}, since ${record.startedAt}): ` +
        'stop it, or delete the file if it does not run',
    };
  }
  if (record && (await isLiveNodeProcess(record.pid))) {
    return { problem: `a site is running on this data (process ${record.pid}, since ${record.startedAt}; ${file}): stop it first` };
  }
  if (!database.dedicatedClient) return { problem: null, release: async () => {} };
  const client = database.dedicatedClient();
  client.on('error', () => {});
  const release = () => client.end().catch(() => {});
  try {
    await client.connect();
    const { rows } = await client.query<{ free: boolean }>(`select pg_try_advisory_lock(${LOCK_KEYS}) as free`);
    if (rows[0]?.free) return { problem: null, release };
  } catch (error) {
    await release();
    throw error;
  }
  await release();
  return { problem: 'a site is running on this database (an instance holds its lock): stop every instance first' };
}
