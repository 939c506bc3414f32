import { spawn } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { connectDatabase } from './db/connection.ts';
import { migrateToLatest } from './db/migrate.ts';

const root = path.resolve(import.meta.dirname, '..');
const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

// Root writes any file whatever its mode: the server then runs as `nobody`, as a service account would.
const NOBODY = 65534;
const asRoot = process.getuid?.() === 0;

function scratchDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'studio-startup-'));
  dirs.push(dir);
  return dir;
}

/** Starts the real entry (server/index.ts) and answers its exit code and stderr once it exits. */
function startServer(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
      cwd: root,
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'silent',
        SEED_DEMO: 'false',
        SESSION_SECRET: 's'.repeat(40),
        ...env,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
      ...(asRoot ? { uid: NOBODY, gid: NOBODY } : {}),
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    // A server that starts after all listens: stop it, the test then fails on the exit code.
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
    // A Node binary `nobody` cannot run (in a private folder) fails the test at once, saying why.
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve({ code: null, stderr: `could not start ${process.execPath}: ${error.message}` });
    });
  });
}

function expectOneLine(result: { code: number | null; stderr: string }, pattern: RegExp) {
  expect(result.code).toBe(1);
  const lines = result.stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(pattern);
}

describe('start-up errors are one line on stderr and exit code 1', () => {
  it('a read-only database file', async () => {
    const dataDir = scratchDir();
    const database = connectDatabase({ dataDir });
    await migrateToLatest(database.db);
    await database.close();
    if (asRoot) chownSync(dataDir, NOBODY, NOBODY);
    chmodSync(path.join(dataDir, 'studio.db'), 0o444);
    expectOneLine(
      await startServer({ DATA_DIR: dataDir }),
      /^Cannot start: the database at the SQLite file in DATA_DIR \(.+\) does not take writes: attempt to write a readonly database$/,
    );
  });

  it('a bad environment variable', async () => {
    const dataDir = scratchDir();
    if (asRoot) chownSync(dataDir, NOBODY, NOBODY);
    expectOneLine(await startServer({ DATA_DIR: dataDir, PORT: 'eighty' }), /^Invalid environment: PORT: /);
  });

  it('production without the address visitors use or a mail server', async () => {
    const dataDir = scratchDir();
    if (asRoot) chownSync(dataDir, NOBODY, NOBODY);
    const production = {
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      STUDIO_LOCAL_START: '',
      PUBLIC_URL: '',
      SMTP_URL: '',
      MAIL_TO_OUTBOX: '',
    };
    expectOneLine(
      await startServer(production),
      /^Invalid environment: PUBLIC_URL: required in production: .*; SMTP_URL: required in production/,
    );
  });

  it('production with a misspelled variable', async () => {
    const dataDir = scratchDir();
    if (asRoot) chownSync(dataDir, NOBODY, NOBODY);
    expectOneLine(
      await startServer({
        DATA_DIR: dataDir,
        NODE_ENV: 'production',
        STUDIO_LOCAL_START: '',
        PUBLIC_URL: 'https://studio.example.com',
        MAIL_TO_OUTBOX: 'true',
        SMTP_URL: '',
        DATABASE_URL: '',
        DATABSE_URL: 'postgres://studio@127.0.0.1:9/studio',
      }),
      /^Invalid environment: DATABASE_URL is not set, but DATABSE_URL is: did you mean DATABASE_URL\?$/,
    );
  });

  it('a PostgreSQL server that does not answer', async () => {
    const dataDir = scratchDir();
    if (asRoot) chownSync(dataDir, NOBODY, NOBODY);
    expectOneLine(
      await startServer({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://studio@127.0.0.1:9/studio' }),
      /^Cannot start: the database at DATABASE_URL cannot be reached: .*ECONNREFUSED/,
    );
  });
});
