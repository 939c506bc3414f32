/**
 * Resilience under database faults: the production server (a real process, NODE_ENV=production)
 * under a steady mix of reads (`GET /api/samples`) and acknowledged writes (`POST /api/contact`),
 * while the database is taken away in the ways issue 12 found. Per scenario it reports requests,
 * answers by status, server processes that died (restarted here as systemd would), the time from
 * the fault's end to the first write acknowledged after it, the longest request, and acknowledged
 * writes missing from the database afterwards.
 *
 *   npm run build
 *   npm run bench:resilience [-- --pg postgres://postgres@127.0.0.1:5432/test] [--only postgres|sqlite]
 *
 * PostgreSQL runs in a scratch database next to --pg (dropped at the end), reached through a TCP
 * relay in this script that can reset or silence the path. The SQLite disk scenarios need root
 * (a small tmpfs for DATA_DIR); without it they are skipped.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync, truncateSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { connectDatabase } from '#server/db/connection.ts';
import { startTcpRelay, type TcpRelay } from '#server/test-support/tcp-relay.ts';
import { createScratchPgDatabase, ensureBuild, freePort, root, waitUntilHealthy } from './bench-support.ts';

const { values: args } = parseArgs({
  options: {
    pg: { type: 'string', default: process.env.FAULT_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test' },
    only: { type: 'string' },
    clients: { type: 'string', default: '12' },
  },
});
const CLIENTS = Number(args.clients);
const runId = randomBytes(4).toString('hex');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The server process, restarted at once whenever it dies, as a process manager would. */
class Supervised {
  private child: ChildProcess | null = null;
  private stopping = false;
  restarts = 0;
  deaths: string[] = [];
  private stderr = '';

  constructor(
    readonly url: string,
    private readonly env: Record<string, string>,
  ) {}

  start(): void {
    const child = spawn(process.execPath, [path.join(root, 'scripts', 'e2e-server.mjs')], {
      cwd: root,
      env: { ...process.env, ...this.env },
      stdio: ['ignore', process.env.RESILIENCE_DEBUG ? 'inherit' : 'ignore', 'pipe'],
    });
    child.stderr!.on('data', (chunk: Buffer) => (this.stderr = (this.stderr + chunk.toString()).slice(-2000)));
    child.on('exit', (code, signal) => {
      if (this.child !== child) return;
      this.child = null;
      if (this.stopping) return;
      this.restarts += 1;
      this.deaths.push(signal ?? `exit ${code}`);
      setTimeout(() => this.start(), 200).unref();
    });
    this.child = child;
  }

  healthy(): Promise<void> {
    return waitUntilHealthy(this.url, 60_000, () => `; stderr: ${this.stderr}`);
  }

  kill(): void {
    this.child?.kill('SIGKILL');
  }

  async stop(): Promise<void> {
    this.stopping = true;
    const child = this.child;
    if (!child) return;
    await new Promise((resolve) => {
      child.once('exit', resolve);
      child.kill('SIGTERM');
    });
  }
}

interface Tally {
  dialect: string;
  scenario: string;
  requests: number;
  statuses: Map<string, number>;
  acknowledged: Array<{ id: number; message: string }>;
  maxLatencyMs: number;
  faultEndedAt?: number;
  recoveredAt?: number;
  restarts: number;
  lost?: number;
  note?: string;
}

const results: Tally[] = [];
let current: Tally | null = null;
let loadRunning = false;

/** One visitor: a write every third request, a short pause after a failure (as a person retrying). */
async function client(url: string, worker: number): Promise<void> {
  for (let n = 0; loadRunning; n += 1) {
    const tally = current;
    const write = n % 3 === 0;
    const started = Date.now();
    let status: string;
    try {
      if (write) {
        const message = `Resilience ${runId}: client ${worker}, request ${n}. Please mix my song.`;
        const res = await fetch(`${url}/api/contact`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ name: `Client ${worker}`, email: `client${worker}@example.com`, message }),
          signal: AbortSignal.timeout(60_000),
        });
        const body = (await res.json().catch(() => ({}))) as { id?: number };
        status = String(res.status);
        if (res.status === 201 && typeof body.id === 'number' && tally) {
          tally.acknowledged.push({ id: body.id, message });
          if (tally.faultEndedAt && !tally.recoveredAt && started >= tally.faultEndedAt) tally.recoveredAt = Date.now();
        }
      } else {
        const res = await fetch(`${url}/api/samples`, { signal: AbortSignal.timeout(60_000) });
        await res.arrayBuffer();
        status = String(res.status);
      }
    } catch {
      status = 'no answer';
    }
    if (!tally) continue;
    tally.requests += 1;
    tally.statuses.set(status, (tally.statuses.get(status) ?? 0) + 1);
    tally.maxLatencyMs = Math.max(tally.maxLatencyMs, Date.now() - started);
    if (!status.startsWith('2')) await sleep(100);
  }
}

/** Runs the load for one server: baseline, the fault, then until a write after the fault is acknowledged. */
async function scenario(server: Supervised, dialect: string, name: string, inject: (tally: Tally) => Promise<void>): Promise<Tally> {
  const tally: Tally = { dialect, scenario: name, requests: 0, statuses: new Map(), acknowledged: [], maxLatencyMs: 0, restarts: 0 };
  const restartsBefore = server.restarts;
  current = tally;
  await sleep(2000);
  await inject(tally);
  tally.faultEndedAt ??= Date.now();
  const deadline = Date.now() + 30_000;
  while (!tally.recoveredAt && Date.now() < deadline) await sleep(50);
  await sleep(1500);
  current = null;
  tally.restarts = server.restarts - restartsBefore;
  results.push(tally);
  console.error(`  ${dialect} / ${name}: ${tally.requests} requests, ${JSON.stringify(Object.fromEntries(tally.statuses))}`);
  return tally;
}

async function withLoad<T>(server: Supervised, work: () => Promise<T>): Promise<T> {
  loadRunning = true;
  const clients = Array.from({ length: CLIENTS }, (_, worker) => client(server.url, worker));
  try {
    return await work();
  } finally {
    loadRunning = false;
    await Promise.all(clients);
  }
}

/** Acknowledged writes whose row is missing or different: must be 0. */
async function countLost(tallies: Tally[], databaseUrl: string | undefined, dataDir: string): Promise<void> {
  const database = connectDatabase({ databaseUrl, dataDir });
  const rows = await database.db.selectFrom('contactSubmissions').select(['id', 'message']).execute();
  await database.close();
  const stored = new Map(rows.map((row) => [row.id, row.message]));
  for (const tally of tallies) tally.lost = tally.acknowledged.filter((ack) => stored.get(ack.id) !== ack.message).length;
}

function serverEnv(port: number, dataDir: string, databaseUrl = ''): Record<string, string> {
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: process.env.RESILIENCE_DEBUG ? 'error' : 'fatal',
    CONTACT_RATE_LIMIT: '1000000',
    SEED_DEMO: 'false',
    DATABASE_URL: databaseUrl,
  };
}

async function postgresScenarios(): Promise<void> {
  const scratch = await createScratchPgDatabase(args.pg!, 'resilience');
  const relay: TcpRelay = await startTcpRelay(scratch.url);
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'resilience-pg-'));
  const server = new Supervised(`http://127.0.0.1:${port}`, serverEnv(port, dataDir, relay.url));
  const admin = new pg.Client({ connectionString: scratch.url });
  const tallies: Tally[] = [];
  try {
    server.start();
    await server.healthy();
    await admin.connect();
    await withLoad(server, async () => {
      tallies.push(
        await scenario(server, 'PostgreSQL', 'pg_terminate_backend of all app connections, 3 times', async () => {
          for (let round = 0; round < 3; round += 1) {
            await admin.query(
              'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
            );
            await sleep(700);
          }
        }),
      );
      tallies.push(
        await scenario(server, 'PostgreSQL', 'TCP reset of every connection, 3 times', async () => {
          for (let round = 0; round < 3; round += 1) {
            relay.reset();
            await sleep(700);
          }
        }),
      );
      tallies.push(
        await scenario(server, 'PostgreSQL', '20 s partition (packets dropped, no reset)', async () => {
          relay.blackholing = true;
          relay.silence();
          await sleep(20_000);
          relay.blackholing = false;
        }),
      );
      tallies.push(
        await scenario(server, 'PostgreSQL', 'SIGKILL of the server, restarted', async () => {
          server.kill();
        }),
      );
    });
    await countLost(tallies, scratch.url, dataDir);
  } finally {
    await server.stop();
    await admin.end().catch(() => {});
    relay.reset();
    await relay.close();
    await scratch.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A tmpfs for DATA_DIR, so the disk can fill up; root only. */
function mountSmallDisk(dir: string, size: string): boolean {
  if (process.getuid?.() !== 0) return false;
  mkdirSync(dir, { recursive: true });
  return spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir]).status === 0;
}

/** Writes to the file until the disk refuses even a single block. */
function fillDisk(file: string): void {
  const fd = openSync(file, 'w');
  try {
    for (const size of [1 << 20, 4096, 1]) {
      const chunk = Buffer.alloc(size);
      try {
        for (;;) writeSync(fd, chunk);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
      }
    }
  } finally {
    closeSync(fd);
  }
}

async function sqliteScenarios(): Promise<void> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'resilience-sqlite-'));
  const onTmpfs = mountSmallDisk(dataDir, '64m');
  const server = new Supervised(`http://127.0.0.1:${port}`, serverEnv(port, dataDir));
  const tallies: Tally[] = [];
  try {
    server.start();
    await server.healthy();
    await withLoad(server, async () => {
      tallies.push(await scenario(server, 'SQLite', 'SIGKILL of the server, restarted', async () => server.kill()));
      if (onTmpfs) {
        const filler = path.join(dataDir, 'filler');
        const full = await scenario(server, 'SQLite', 'disk full for 10 s', async (tally) => {
          fillDisk(filler);
          await sleep(10_000);
          rmSync(filler);
          tally.faultEndedAt = Date.now();
        });
        full.note = 'tmpfs DATA_DIR filled to the last byte';
        tallies.push(full);
      }
      const shm = await scenario(server, 'SQLite', '-shm file truncated under the server', async () => {
        truncateSync(path.join(dataDir, 'studio.db-shm'), 0);
      });
      shm.note = 'SIGBUS by design of SQLite\u2019s shared memory; restarted (docs/deploy.md)';
      tallies.push(shm);
    });
    await countLost(tallies, undefined, dataDir);
  } finally {
    await server.stop();
    if (onTmpfs) spawnSync('umount', [dataDir]);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function table(): string {
  const statusColumn = (statuses: Map<string, number>) =>
    [...statuses]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([status, count]) => `${status}: ${count}`)
      .join(', ');
  const headings = ['database', 'fault', 'requests', 'answers by status', 'server deaths (restarted)', 'recovery after the fault'];
  headings.push('longest request', 'acknowledged writes', 'lost');
  const lines = [`| ${headings.join(' | ')} |`, `|${'---|'.repeat(headings.length)}`];
  for (const r of results) {
    const recovery = r.recoveredAt && r.faultEndedAt ? `${((r.recoveredAt - r.faultEndedAt) / 1000).toFixed(1)} s` : 'not within 30 s';
    const cells = [r.dialect, `${r.scenario}${r.note ? ` (${r.note})` : ''}`, r.requests, statusColumn(r.statuses), r.restarts, recovery];
    cells.push(`${(r.maxLatencyMs / 1000).toFixed(1)} s`, r.acknowledged.length, `**${r.lost ?? '?'}**`);
    lines.push(`| ${cells.join(' | ')} |`);
  }
  return lines.join('\n');
}

ensureBuild();
const started = Date.now();
if (args.only !== 'sqlite') await postgresScenarios();
if (args.only !== 'postgres') await sqliteScenarios();
console.log(table());
console.log(`\nwhole run: ${Math.round((Date.now() - started) / 1000)} s, ${CLIENTS} clients`);
const lost = results.reduce((sum, r) => sum + (r.lost ?? 0), 0);
const unexpectedDeaths = results.filter((r) => !/SIGKILL|-shm/.test(r.scenario) && r.restarts > 0).length;
console.log(lost === 0 && unexpectedDeaths === 0 ? 'PASS: no acknowledged write lost, no unexpected death' : 'FAIL');
process.exit(lost === 0 && unexpectedDeaths === 0 ? 0 : 1);
