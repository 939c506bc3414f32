import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServerEntry } from './build-server.mjs';

const root = path.resolve(import.meta.dirname, '..');

/**
 * A Node older than package.json allows: OLD_NODE_BINARY when set (CI sets it), else the machine's
 * own `node` outside npm's PATH when its major is below 22; none, and the test is skipped saying why.
 */
function oldNode(): { binary: string | null; reason: string } {
  if (process.env.OLD_NODE_BINARY) return { binary: process.env.OLD_NODE_BINARY, reason: '' };
  const outsideNpm = (process.env.PATH ?? '')
    .split(path.delimiter)
    .filter((dir) => !dir.includes(`node_modules${path.sep}.bin`) && !dir.includes(`${path.sep}node-gyp-bin`))
    .join(path.delimiter);
  try {
    const binary = execFileSync('sh', ['-c', 'command -v node'], { env: { PATH: outsideNpm }, encoding: 'utf8' }).trim();
    const major = Number(execFileSync(binary, ['-p', 'process.versions.node.split(".")[0]'], { encoding: 'utf8' }).trim());
    if (binary && major < 22) return { binary, reason: '' };
    return {
      binary: null,
      reason: `the system node (${binary}) is Node ${major}, not an old one; set OLD_NODE_BINARY to a Node below 22.22`,
    };
  } catch {
    return { binary: null, reason: "no node outside npm's PATH; set OLD_NODE_BINARY to a Node below 22.22" };
  }
}

const old = oldNode();
if (!old.binary) console.warn(`Skipping the old-Node start-up test: ${old.reason}.`);

describe.skipIf(!old.binary)('every entry point on an unsupported Node', { timeout: 60_000 }, () => {
  const work = mkdtempSync(path.join(tmpdir(), 'studio-old-node-'));
  // The real entry (scripts/build-server.mjs), built beside the project as build/ would be, so it
  // finds package.json one level up; the server bundle it would load next is not there, nor needed.
  const entryDir = path.join(root, `build-old-node-${process.pid}`);
  let serverMain: string;
  beforeAll(async () => {
    serverMain = await buildServerEntry(entryDir);
  });
  afterAll(() => {
    rmSync(work, { recursive: true, force: true });
    rmSync(entryDir, { recursive: true, force: true });
  });

  const version = old.binary ? execFileSync(old.binary, ['-p', 'process.versions.node'], { encoding: 'utf8' }).trim() : '';
  const found = version.split('.').slice(0, 2).join('.');

  it.each([
    ['npm start (scripts/start.mjs)', () => [path.join(root, 'scripts', 'start.mjs')]],
    ['node build/server-main.js', () => [serverMain]],
    ['npm run admin (scripts/operator-cli.mjs)', () => [path.join(root, 'scripts', 'operator-cli.mjs'), 'admin', 'list']],
    ['npm run db:migrate', () => [path.join(root, 'scripts', 'operator-cli.mjs'), 'migrate']],
  ])('%s says which Node it needs in one line, exits 1 and touches nothing', (_name, args) => {
    const dataDir = path.join(work, 'data');
    const run = spawnSync(old.binary!, args(), {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', BUILD_DIR: path.join(work, 'no-build') },
    });
    expect({ status: run.status, stderr: run.stderr, stdout: run.stdout }).toEqual({
      status: 1,
      stderr: `needs Node 22.22+ or 24 (found ${found})\n`,
      stdout: '',
    });
    expect(existsSync(dataDir) ? readdirSync(dataDir) : []).toEqual([]);
    expect(existsSync(path.join(work, 'no-build'))).toBe(false);
  });
});
