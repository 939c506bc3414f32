// Starts what the two-instance journeys run against, and returns what stops it: one fresh PostgreSQL
// database, an S3-compatible bucket (s3rver), two instances of the existing production build started
// at the same moment, and nginx in front. Nothing is built here: `npm run build` comes first.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startTestS3, type TestS3 } from '#server/test-support/s3-server.ts';
import { freePort, root } from '../../scripts/bench-support';
import { findNginx, startNginx } from './nginx';
import { MULTI_ADMIN, publishStack, skipStack, type Stack } from './stack';

const BUCKET = 'studio-audio';
const START_TIMEOUT_MS = 90_000;

function adminUrl(): URL {
  const url = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
  url.pathname = '/postgres';
  return url;
}

async function onAdminConnection<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl().toString() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function tail(file: string): string {
  return existsSync(file) ? readFileSync(file, 'utf8').split('\n').slice(-15).join('\n') : '(no output)';
}

/** Polls until `url` answers 200; fails early, with its output, when the process behind it exits. */
async function waitUntilUp(url: string, processes: Array<{ child: ChildProcess; log: string }>): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const exited = processes.find(({ child }) => child.exitCode !== null || child.signalCode !== null);
    if (exited) throw new Error(`a process exited during start-up:\n${tail(exited.log)}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer within ${START_TIMEOUT_MS / 1000} s:\n${processes.map(({ log }) => tail(log)).join('\n')}`);
}

function stopProcess(child: ChildProcess | undefined, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill(signal);
  });
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  const nginx = findNginx();
  if (!nginx) {
    if (process.env.CI) throw new Error('nginx is not installed: .ci/run installs it with apt-get');
    skipStack('nginx is not installed (apt-get install nginx)');
    return async () => {};
  }
  const buildDir = path.join(root, process.env.BUILD_DIR ?? 'build');
  if (!existsSync(path.join(buildDir, 'server', 'index.js')) || !existsSync(path.join(buildDir, 'server-main.js'))) {
    throw new Error(`No production build in ${buildDir}: run \`npm run build\` first.`);
  }

  const dir = mkdtempSync(path.join(tmpdir(), 'studio-multi-'));
  const database = `studio_multi_${randomBytes(5).toString('hex')}`;
  const instances: ChildProcess[] = [];
  let s3: TestS3 | undefined;
  let balancer: ChildProcess | undefined;
  let databaseCreated = false;

  const teardown = async () => {
    await stopProcess(balancer, 'SIGQUIT');
    await Promise.all(instances.map((child) => stopProcess(child)));
    await s3?.close();
    if (databaseCreated) await onAdminConnection((client) => client.query(`drop database if exists ${database} with (force)`));
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    await onAdminConnection((client) => client.query(`create database ${database}`));
    databaseCreated = true;
    const databaseUrl = new URL(adminUrl());
    databaseUrl.pathname = `/${database}`;

    s3 = await startTestS3([BUCKET]);

    const [balancerPort, portA, portB] = [await freePort(), await freePort(), await freePort()];
    const publicUrl = `http://127.0.0.1:${balancerPort}`;
    const sharedEnv = {
      ...process.env,
      NODE_ENV: 'production',
      // A rollout on loopback: visitors come through nginx on 127.0.0.1 and mail stays in the outbox,
      // both refused in production for a site on the internet (PUBLIC_URL, SMTP_URL). This says it is a
      // local run (server/config.ts); SESSION_SECRET is still given, as both instances need the same.
      STUDIO_LOCAL_START: '1',
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl.toString(),
      PUBLIC_URL: publicUrl,
      // Sessions and signed links made by one instance must verify on the other.
      SESSION_SECRET: randomBytes(32).toString('hex'),
      // nginx on loopback forwards the client's address.
      TRUST_PROXY: 'loopback',
      LOG_LEVEL: 'info',
      ...s3.env(BUCKET),
      ADMIN_USERNAME: MULTI_ADMIN.username,
      ADMIN_EMAIL: MULTI_ADMIN.email,
      ADMIN_PASSWORD: MULTI_ADMIN.password,
      BUILD_DIR: path.relative(root, buildDir),
    };
    // Both at the same moment: migrations, the first admin and the demo seed race as in a real rollout.
    const started = (['a', 'b'] as const).map((name, index) => {
      const log = path.join(dir, `instance-${name}.log`);
      const output = openSync(log, 'a');
      const child = spawn(process.execPath, [path.join(root, 'scripts', 'start.mjs')], {
        cwd: root,
        env: { ...sharedEnv, PORT: String(index === 0 ? portA : portB), DATA_DIR: path.join(dir, `data-${name}`) },
        stdio: ['ignore', output, output],
      });
      closeSync(output);
      instances.push(child);
      return { child, log };
    });
    const instanceUrls: [string, string] = [`http://127.0.0.1:${portA}`, `http://127.0.0.1:${portB}`];
    await Promise.all(instanceUrls.map((url) => waitUntilUp(`${url}/healthz`, started)));

    const nginxDir = path.join(dir, 'nginx');
    balancer = startNginx(nginx, { dir: nginxDir, port: balancerPort, upstreams: [portA, portB] });
    await waitUntilUp(`${publicUrl}/healthz`, [...started, { child: balancer, log: path.join(nginxDir, 'error.log') }]);

    const stack: Stack = {
      balancer: publicUrl,
      instances: instanceUrls,
      databaseUrl: databaseUrl.toString(),
      logs: [started[0]!.log, started[1]!.log],
    };
    publishStack(stack);
    return teardown;
  } catch (error) {
    await teardown().catch(() => {});
    throw error;
  }
}
