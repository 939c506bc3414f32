import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

/** `npm run db:migrate` as an operator runs it on a production box: no SESSION_SECRET in sight. */
const migrate = (env: Record<string, string>) =>
  spawnSync(process.execPath, [path.join(root, 'scripts', 'operator-cli.mjs'), 'migrate'], {
    cwd: root,
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, DATABASE_URL: '', NODE_ENV: 'production', SESSION_SECRET: '', ...env },
  });

describe('npm run db:migrate', { timeout: 60_000 }, () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'studio-migrate-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('migrates a new database in production without asking for the session secret, then says it is up to date', () => {
    const first = migrate({ DATA_DIR: path.join(dataDir, 'new') });
    expect({ status: first.status, stderr: first.stderr }).toEqual({ status: 0, stderr: '' });
    expect(first.stdout).toMatch(/^Applied: 0001_initial, /m);
    const again = migrate({ DATA_DIR: path.join(dataDir, 'new') });
    expect(again.stdout).toMatch(/^Up to date \(sqlite:.*studio\.db\)\.$/m);
  });

  it('names a bad setting in one message and exits 1', () => {
    const bad = migrate({ DATA_DIR: dataDir, PORT: 'not-a-port' });
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/^Invalid environment:\n\s+PORT: /);
    expect(bad.stderr).not.toMatch(/\n\s+at /);
  });
});
