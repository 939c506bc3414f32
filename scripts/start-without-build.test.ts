import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

describe('npm start in a production install that was never built (npm ci --omit=dev)', () => {
  // What such an install has of the project: package.json and the scripts, no build, no dev packages.
  const app = mkdtempSync(path.join(tmpdir(), 'studio-no-build-'));
  mkdirSync(path.join(app, 'scripts'));
  mkdirSync(path.join(app, 'node_modules'));
  copyFileSync(path.join(root, 'package.json'), path.join(app, 'package.json'));
  for (const file of ['start.mjs', 'node-version.mjs', 'private-files.mjs'])
    copyFileSync(path.join(root, 'scripts', file), path.join(app, 'scripts', file));
  afterAll(() => rmSync(app, { recursive: true, force: true }));

  it('says exactly what to run and exits 1, trying no build', () => {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: path.join(app, 'data') };
    delete env.BUILD_DIR;
    const run = spawnSync(process.execPath, [path.join(app, 'scripts', 'start.mjs')], {
      cwd: app,
      encoding: 'utf8',
      env,
    });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/^Cannot start: there is no production build in build\/, and this install has no build tools/);
    expect(run.stderr).toContain('\n  npm ci && npm run build && npm prune --omit=dev\n');
    expect(run.stderr).not.toMatch(/react-router: not found/);
    expect(existsSync(path.join(app, 'data'))).toBe(false);
  });
});
