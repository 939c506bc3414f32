import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHUTDOWN_GRACE_MS } from '#server/shutdown-grace.ts';
import { freePort } from './free-port.mjs';

const root = path.resolve(import.meta.dirname, '..');

/** Every process below `pid`, from Linux's /proc (npm, and what npm started). */
function descendants(pid: number): number[] {
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  return children.flatMap((child) => [child, ...descendants(child)]);
}
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const portOpen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => resolve(socket.destroy() && true));
    socket.once('error', () => resolve(false));
  });
const modeOf = (file: string) => (statSync(file).mode & 0o777).toString(8);

/**
 * `npm start` as pm2, supervisord or a hosting panel runs it: npm (with the project's Node first on
 * PATH, as `npm run` itself does) on a fresh data folder, on a machine with no settings at all.
 */
describe.skipIf(process.platform !== 'linux')('npm start, stopped the way process managers stop it', { timeout: 240_000 }, () => {
  const work = mkdtempSync(path.join(tmpdir(), 'studio-npm-start-'));
  const dataDir = path.join(work, 'data');
  const env: NodeJS.ProcessEnv = { ...process.env, PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH}` };
  for (const name of ['NODE_ENV', 'DATABASE_URL', 'STORAGE_DRIVER', 'PUBLIC_URL', 'SMTP_URL', 'SESSION_SECRET']) delete env[name];
  Object.assign(env, { DATA_DIR: dataDir, HOST: '127.0.0.1' });
  let npm: ChildProcess;
  let port: number;
  let output = '';
  /** npm and what it started, once serving: what must be gone after the stop. */
  let processes: number[] = [];
  const operator = (args: string[]) =>
    spawnSync(process.execPath, [path.join(root, 'scripts', 'operator-cli.mjs'), ...args], {
      cwd: root,
      env,
      encoding: 'utf8',
      timeout: 60_000,
    });

  beforeAll(async () => {
    port = await freePort();
    // A permissive umask, as a login shell may have: the site's files must be private anyway.
    npm = spawn('sh', ['-c', 'umask 022 && exec npm start'], {
      cwd: root,
      env: { ...env, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    npm.stdout!.on('data', (chunk) => (output += chunk));
    npm.stderr!.on('data', (chunk) => (output += chunk));
    const deadline = Date.now() + 200_000;
    while (Date.now() < deadline) {
      const up = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (answer) => answer.ok,
        () => false,
      );
      if (up) {
        processes = descendants(npm.pid!);
        return;
      }
      if (npm.exitCode !== null) break;
      await delay(250);
    }
    throw new Error(`npm start did not serve:\n${output.slice(-2000)}`);
    // Without a build, npm start builds first (half a minute or more on a busy machine).
  }, 240_000);
  afterAll(() => {
    if (npm.exitCode === null && npm.signalCode === null) npm.kill('SIGKILL');
    for (const pid of processes.filter(alive)) process.kill(pid, 'SIGKILL');
    rmSync(work, { recursive: true, force: true });
  });

  it('keeps the data folder and the files holding data to the site user alone (0700, 0600)', async () => {
    const first = path.join(dataDir, 'initial-admin-password.txt');
    const deadline = Date.now() + 10_000;
    while (!existsSync(first) && Date.now() < deadline) await delay(100);
    expect(modeOf(dataDir)).toBe('700');
    for (const file of ['studio.db', 'studio.db-wal', 'studio.db-shm', 'session-secret', 'initial-admin-password.txt', 'server.pid']) {
      expect(`${file} ${modeOf(path.join(dataDir, file))}`).toBe(`${file} 600`);
    }
    const backup = operator(['backup', '--out', path.join(work, 'site.tar')]);
    expect(backup.status, backup.stderr).toBe(0);
    expect(modeOf(path.join(work, 'site.tar'))).toBe('600');
    const mail = operator(['admin', 'test-mail', 'owner@example.com']);
    expect(mail.stdout).toContain(path.join(dataDir, 'outbox'));
    expect(modeOf(path.join(dataDir, 'outbox'))).toBe('700');
    expect(mail.stdout.match(/written to (\S+\.eml)/)?.[1] && modeOf(mail.stdout.match(/written to (\S+\.eml)/)![1]!)).toBe('600');
  });

  it('refuses to restore into the data it serves, even with --force', () => {
    const before = readFileSync(path.join(dataDir, 'studio.db'));
    const restore = operator(['restore', path.join(work, 'site.tar'), '--force']);
    expect(restore.status).toBe(1);
    expect(restore.stderr).toMatch(
      /^Restore refused: a site is running on this data \(process \d+, .*\): stop it first\. Nothing was changed\.$/m,
    );
    expect(readFileSync(path.join(dataDir, 'studio.db')).equals(before)).toBe(true);
  });

  it('stops on SIGTERM to npm: the request in flight is answered, then the server and its port go within the grace period', async () => {
    expect(processes.length).toBeGreaterThan(0);
    // A request whose body is still arriving when the signal comes: the server must wait for it.
    const body = JSON.stringify({ name: 'Ada', email: 'ada@example.com', message: 'A request in flight during the stop.' });
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk));
    const closed = new Promise((resolve) => socket.once('close', resolve));
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      `POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: http://127.0.0.1:${port}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
    );
    await delay(300);
    const exited = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)));
    const stopAsked = Date.now();
    npm.kill('SIGTERM');
    await delay(500);
    expect(answer).toBe('');
    socket.end(body.slice(10));
    await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 \d{3} /);
    await Promise.race([exited, delay(SHUTDOWN_GRACE_MS + 5_000)]);
    const waited = Date.now() - stopAsked;
    expect({
      npmExited: npm.exitCode !== null || npm.signalCode !== null,
      stillRunning: processes.filter(alive),
      portOpen: await portOpen(port),
    }).toEqual({
      npmExited: true,
      stillRunning: [],
      portOpen: false,
    });
    expect(waited).toBeLessThan(SHUTDOWN_GRACE_MS + 2_000);
    expect(existsSync(path.join(dataDir, 'server.pid'))).toBe(false);
  });

  it('restores with --force once the site is stopped', () => {
    const restore = operator(['restore', path.join(work, 'site.tar'), '--force']);
    expect(restore.stderr).not.toMatch(/refused/);
    expect(restore.status).toBe(0);
  });
});
