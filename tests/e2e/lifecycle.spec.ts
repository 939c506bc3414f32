import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { root, startServer } from '../../scripts/bench-support';

test.describe('server process', () => {
  test('finishes an in-flight request on SIGTERM, then exits 0', async () => {
    const server = await startServer({ SEED_DEMO: 'false' });
    const inFlight = fetch(`${server.url}/about`).then(async (res) => ({ status: res.status, body: await res.text() }));
    await new Promise((resolve) => setTimeout(resolve, 5));
    const exited = new Promise<number | null>((resolve) => server.process.once('exit', (code) => resolve(code)));
    server.process.kill('SIGTERM');
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(response.body).toContain('</html>');
    expect(await exited).toBe(0);
  });

  test('an invalid setting stops start-up with a message naming the variable', () => {
    const result = spawnSync(process.execPath, [path.join(root, 'scripts', 'e2e-server.mjs')], {
      env: { ...process.env, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'studio-bad-')), PORT: 'not-a-port' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('PORT');
  });

  test('an unreachable DATABASE_URL stops start-up with one line naming it', () => {
    const result = spawnSync(process.execPath, [path.join(root, 'scripts', 'e2e-server.mjs')], {
      env: {
        ...process.env,
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'studio-bad-')),
        PORT: '0',
        DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
      },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^Cannot start: the database at DATABASE_URL cannot be reached: /),
    ]);
  });
});
