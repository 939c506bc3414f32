// Shared by the benchmark scripts: start the production server on a throw-away DATA_DIR and a free port.
import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './free-port.mjs';

export { freePort };

export const root = path.resolve(import.meta.dirname, '..');

export function ensureBuild(buildDir = process.env.BUILD_DIR ?? 'build') {
  if (existsSync(path.join(root, buildDir, 'server', 'index.js'))) return;
  const result = spawnSync('npx', ['react-router', 'build'], { cwd: root, stdio: 'inherit', env: { ...process.env, BUILD_DIR: buildDir } });
  if (result.status !== 0) throw new Error('build failed');
}

/** Polls `/healthz` until it answers 200; `detail` adds to the error (e.g. the server's last stderr). */
export async function waitUntilHealthy(url: string, timeoutMs = 60_000, detail = () => ''): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ok = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(1000) }).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`server not healthy within ${timeoutMs} ms${detail()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export interface RunningServer {
  url: string;
  process: ChildProcess;
  dataDir: string;
  /** Milliseconds from spawn to the first 200 on `/`. */
  coldStartMs: number;
  rssMb(): number;
  stop(): Promise<void>;
}

export async function startServer(
  env: Record<string, string> = {},
  dataDir = mkdtempSync(path.join(tmpdir(), 'studio-bench-')),
  /** Another checkout (with its own node_modules and build) to run instead of this one: a baseline. */
  checkout = root,
): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(checkout, 'scripts', 'e2e-server.mjs')], {
    cwd: checkout,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_URL: url, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (Date.now() > deadline) throw new Error('server did not start within 60 s');
    try {
      const res = await fetch(`${url}/`);
      if (res.status === 200) {
        await res.arrayBuffer();
        break;
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const coldStartMs = performance.now() - started;
  return {
    url,
    process: child,
    dataDir,
    coldStartMs,
    rssMb() {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      const kb = Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
      return kb / 1024;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** A fresh PostgreSQL database beside the one in `baseUrl`, so a benchmark touches nothing else; `drop()` removes it. */
export async function createScratchPgDatabase(baseUrl: string, prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export const WRK_PATH = process.env.WRK_PATH ?? 'wrk';

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

export interface Measure {
  rps: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
}

/**
 * wrk with 2 threads and 10 connections, gzip as browsers ask: requests per second, p99 latency and
 * non-2xx/3xx answers. Asynchronous, so other load may run beside it.
 */
export async function runWrk(
  url: string,
  seconds: number,
  headers: string[] = [],
  { threads = 2, connections = 10 }: { threads?: number; connections?: number } = {},
): Promise<Measure> {
  const { stdout: out } = await promisify(execFile)(
    WRK_PATH,
    [
      `-t${threads}`,
      `-c${connections}`,
      `-d${seconds}s`,
      '--latency',
      '-H',
      'Accept-Encoding: gzip',
      ...headers.flatMap((header) => ['-H', header]),
      url,
    ],
    { encoding: 'utf8' },
  );
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
  const percentile = (label: string) => {
    const [, value = '0', unit = 'ms'] = new RegExp(`\\s${label}%\\s+([\\d.]+)(us|ms|s)`).exec(out) ?? [];
    return Number(value) * (unit === 'us' ? 0.001 : unit === 's' ? 1000 : 1);
  };
  const p50Ms = percentile('50');
  const p99Ms = percentile('99');
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0);
  return { rps, p50Ms, p99Ms, non2xx };
}
