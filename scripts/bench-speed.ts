// `npm run bench:speed` (issue 46): what visitors wait for, side by side in one run, medians of the rounds,
// the load average beside each measure:
//   - cached public pages (`/`, `/samples`) against nginx serving the very same bytes from disk;
//   - `/book` too (shared at its bare address since issue 46; the baseline renders it per request);
//   - p99 of `/` quiet, and while the owner saves a sample every 200 ms (each save makes the pages again);
//   - a cache miss on `/samples` and on `/api/samples` with 10 and with 1,000 samples (a fresh server
//     per round, warmed on other pages first), on SQLite and, with BENCH_DATABASE_URL, PostgreSQL.
// With BASELINE_CHECKOUT=/path (another checkout with its own build), the same for it: before and after.
// BENCH_PATHS=/book,/ measures those pages beside nginx and nothing else.
//
//   npm run bench:speed
//   BENCH_SECONDS=5 BENCH_ROUNDS=3 BASELINE_CHECKOUT=/tmp/baseline BENCH_DATABASE_URL=postgres://... npm run bench:speed
import { cpSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connectDatabase } from '#server/db/connection.ts';
import { startNginx } from './bench-nginx.ts';
import { createScratchPgDatabase, ensureBuild, median, runWrk, startServer, type Measure, type RunningServer } from './bench-support.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const BASELINE = process.env.BASELINE_CHECKOUT ? path.resolve(process.env.BASELINE_CHECKOUT) : null;
const PG_URL = process.env.BENCH_DATABASE_URL;
const OWNER = { username: 'owner', email: 'owner@example.com', password: 'correct-horse-battery-9' };
const OWNER_ENV = { ADMIN_USERNAME: OWNER.username, ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password };
const SIZES = [10, 1000];
/** The pages measured beside nginx; BENCH_PATHS=/book measures those alone (no write load, no misses). */
const PAGES = process.env.BENCH_PATHS?.split(',') ?? ['/', '/samples', '/book'];
const ONLY_PAGES = process.env.BENCH_PATHS !== undefined;
const WRITE_EVERY_MS = 200;

const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const checkouts = [
  { name: 'this branch', dir: undefined as string | undefined },
  ...(BASELINE ? [{ name: 'baseline', dir: BASELINE }] : []),
];

async function waitForAnalysis(url: string): Promise<void> {
  for (let i = 0; i < 600; i += 1) {
    const samples = (await (await fetch(`${url}/api/samples`)).json()) as Array<{ peaks: unknown }>;
    if (samples.length > 0 && samples.every((sample) => sample.peaks !== null)) return;
    await pause(200);
  }
  throw new Error('demo samples were not analysed within 2 minutes');
}

async function ownerCookie(url: string): Promise<string> {
  const login = await fetch(`${url}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ username: OWNER.username, password: OWNER.password }),
  });
  if (!login.ok) throw new Error(`login failed: ${login.status}`);
  return login.headers.getSetCookie()[0]!.split(';')[0]!;
}

interface Site {
  dataDir: string;
  databaseUrl?: string;
  drop(): Promise<void>;
}

/**
 * A site with `total` samples: the demo seed analysed by the real server (real peaks), then copies of
 * those rows, each with a title of its own, written straight into the database.
 */
async function prepareSite(total: number, database: 'sqlite' | 'postgres'): Promise<Site> {
  const scratch = database === 'postgres' ? await createScratchPgDatabase(PG_URL!, 'bench_speed') : null;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'studio-bench-speed-'));
  const env = { SEED_DEMO: 'true', ...OWNER_ENV, ...(scratch ? { DATABASE_URL: scratch.url } : {}) };
  const server = await startServer(env, dataDir);
  await waitForAnalysis(server.url);
  await server.stop();
  const handle = connectDatabase(scratch ? { dataDir, databaseUrl: scratch.url } : { dataDir });
  const seeded = await handle.db.selectFrom('samples').selectAll().orderBy('id').execute();
  const copies = Array.from({ length: Math.max(0, total - seeded.length) }, (_, i) => {
    const { id: _id, ...row } = seeded[i % seeded.length]!;
    return { ...row, title: `${row.title} (copy ${i + 1})`, displayOrder: seeded.length + i };
  });
  for (let start = 0; start < copies.length; start += 50) {
    await handle.db
      .insertInto('samples')
      .values(copies.slice(start, start + 50))
      .execute();
  }
  await handle.close();
  return { dataDir, ...(scratch ? { databaseUrl: scratch.url } : {}), drop: async () => scratch?.drop() };
}

const startOn = (site: Site, checkout?: string) => {
  // Each checkout gets its own copy of the folder (its uploads, its outbox); the database is the site's.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'studio-bench-speed-run-'));
  cpSync(site.dataDir, dataDir, { recursive: true });
  return startServer({ ...OWNER_ENV, ...(site.databaseUrl ? { DATABASE_URL: site.databaseUrl } : {}) }, dataDir, checkout);
};

const timed = async (url: string) => {
  const started = performance.now();
  const res = await fetch(url, { headers: { 'accept-encoding': 'br, gzip' } });
  const bytes = (await res.arrayBuffer()).byteLength;
  return { ms: performance.now() - started, status: res.status, cache: res.headers.get('x-page-cache'), bytes };
};

/** Cache misses: a fresh server per round, warmed on other pages, then its first `/samples` and `/api/samples`. */
async function measureMisses(database: 'sqlite' | 'postgres'): Promise<string[]> {
  const lines: string[] = [];
  for (const total of SIZES) {
    const site = await prepareSite(total, database);
    try {
      for (const checkout of checkouts) {
        const page: number[] = [];
        const api: number[] = [];
        const loads: string[] = [];
        let html = 0;
        for (let round = 0; round < ROUNDS; round += 1) {
          const server = await startOn(site, checkout.dir);
          try {
            for (const warm of ['/', '/about', '/contact', '/process', '/', '/about']) await timed(`${server.url}${warm}`);
            loads.push(loadAverage());
            const miss = await timed(`${server.url}/samples`);
            if (miss.cache !== 'miss') throw new Error(`expected a miss on /samples, got ${miss.cache}`);
            page.push(miss.ms);
            html = miss.bytes;
            api.push((await timed(`${server.url}/api/samples`)).ms);
          } finally {
            await server.stop();
          }
        }
        const cells = [database, total, checkout.name, median(page).toFixed(0), median(api).toFixed(0), html, loads.join('; ')];
        lines.push(`| ${cells.join(' | ')} |`);
        console.error(lines.at(-1));
      }
    } finally {
      await site.drop();
    }
  }
  return lines;
}

/** The owner saving a sample's title every WRITE_EVERY_MS until `stop` resolves; answers how many were saved. */
async function ownerWrites(server: RunningServer, stop: Promise<unknown>): Promise<number> {
  const cookie = await ownerCookie(server.url);
  const [sample] = (await (await fetch(`${server.url}/api/samples`)).json()) as Array<{ id: number; title: string; audioUrl: string }>;
  let done = false;
  void stop.then(() => (done = true));
  let saved = 0;
  while (!done) {
    const res = await fetch(`${server.url}/api/samples/${sample!.id}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', origin: server.url, cookie },
      body: JSON.stringify({ title: `${sample!.title} ${saved % 2 ? '' : '(saved)'}`.trim(), audioUrl: sample!.audioUrl }),
    });
    if (res.ok) saved += 1;
    await res.arrayBuffer();
    await pause(WRITE_EVERY_MS);
  }
  return saved;
}

type Row = { measure: Measure; load: string };
const cellOf = (runs: Row[]) => ({
  rps: median(runs.map((r) => r.measure.rps)),
  p99: median(runs.map((r) => r.measure.p99Ms)),
  loads: runs.map((r) => r.load).join('; '),
});

async function measureThroughput(): Promise<string[]> {
  const site = await prepareSite(10, 'sqlite');
  const servers: Array<{ name: string; server: RunningServer }> = [];
  let nginx: Awaited<ReturnType<typeof startNginx>> | null = null;
  try {
    for (const checkout of checkouts) servers.push({ name: checkout.name, server: await startOn(site, checkout.dir) });
    nginx = await startNginx(servers[0]!.server.url, PAGES);
    const results = new Map<string, Row[]>();
    const record = (key: string, row: Row) => results.set(key, [...(results.get(key) ?? []), row]);
    for (let round = 1; round <= ROUNDS; round += 1) {
      for (const page of PAGES) {
        for (const { name, url } of [{ name: 'nginx', url: nginx.url }, ...servers.map((s) => ({ name: s.name, url: s.server.url }))]) {
          const load = loadAverage();
          record(`${page}\t${name}`, { measure: await runWrk(`${url}${page}`, SECONDS), load });
        }
      }
      for (const { name, server } of ONLY_PAGES ? [] : servers) {
        const quietLoad = loadAverage();
        record(`quiet\t${name}`, { measure: await runWrk(`${server.url}/`, SECONDS), load: quietLoad });
        let finish!: () => void;
        const stop = new Promise<void>((resolve) => (finish = resolve));
        const writing = ownerWrites(server, stop);
        const busyLoad = loadAverage();
        const busy = await runWrk(`${server.url}/`, SECONDS);
        finish();
        const saved = await writing;
        record(`writes\t${name}`, { measure: busy, load: `${busyLoad}, ${saved} saves` });
      }
      console.error(`round ${round} done (load ${loadAverage()})`);
    }
    const lines = ['', '| path | server | req/s | p99 ms | of nginx | load (1/5/15 min) per round |', '|---|---|---|---|---|---|'];
    for (const page of PAGES) {
      const ng = cellOf(results.get(`${page}\tnginx`)!);
      lines.push(`| \`${page}\` | nginx, same bytes | ${ng.rps.toFixed(0)} | ${ng.p99.toFixed(1)} | 100% | ${ng.loads} |`);
      for (const { name } of servers) {
        const c = cellOf(results.get(`${page}\t${name}`)!);
        lines.push(
          `| \`${page}\` | ${name} | ${c.rps.toFixed(0)} | ${c.p99.toFixed(1)} | ${((c.rps / ng.rps) * 100).toFixed(0)}% | ${c.loads} |`,
        );
      }
    }
    lines.push('', '| measure | server | req/s | p99 ms | load (1/5/15 min) per round |', '|---|---|---|---|---|');
    if (ONLY_PAGES) return lines;
    for (const [key, label] of [
      ['quiet', '`/`, quiet'],
      ['writes', `\`/\`, the owner saving every ${WRITE_EVERY_MS} ms`],
    ] as const) {
      for (const { name } of servers) {
        const c = cellOf(results.get(`${key}\t${name}`)!);
        lines.push(`| ${label} | ${name} | ${c.rps.toFixed(0)} | ${c.p99.toFixed(1)} | ${c.loads} |`);
      }
    }
    return lines;
  } finally {
    nginx?.stop();
    for (const { server } of servers) await server.stop();
    await site.drop();
  }
}

ensureBuild();
console.log(
  `\nwrk -t2 -c10 -d${SECONDS}s, Accept-Encoding: gzip, median of ${ROUNDS} rounds (Node ${process.version}, ${loadAverage()} at start)`,
);
const throughput = await measureThroughput();
const misses = ONLY_PAGES
  ? []
  : [
      '',
      `Cache misses: a fresh server per round, warmed on other pages; its first \`/samples\` and \`/api/samples\` (brotli), ` +
        `median of ${ROUNDS}`,
      '',
      '| database | samples | server | `/samples` miss ms | `/api/samples` miss ms | `/samples` HTML bytes | load per round |',
      '|---|---|---|---|---|---|---|',
      ...(await measureMisses('sqlite')),
      ...(PG_URL ? await measureMisses('postgres') : []),
    ];
console.log([...throughput, ...misses].join('\n'));
