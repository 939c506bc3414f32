// `npm run bench:insights`: what the visitor statistics cost (issue 45), medians of the rounds:
//   - GET / under wrk with counting on and with counting off, alternating on one production server,
//     each request from an address of its own (X-Forwarded-For, the server trusts loopback) and with a
//     browser's headers, so every answer is a counted view (the cap of 5,000 waiting events applies);
//   - the dashboard's numbers (GET /api/admin/insights' summary, in-process) for 30 days holding one
//     million events, generated straight into the database, on SQLite and on PostgreSQL: as it runs
//     (finished days rolled up, today's events single) and before any roll-up (the worst case).
//
//   npm run bench:insights
//   BENCH_SECONDS=8 BENCH_ROUNDS=3 TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:insights
//   BENCH_SKIP_THROUGHPUT=1 or BENCH_SKIP_DASHBOARD=1 runs one half
import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { addCalendarDays } from '#common/calendar-date.ts';
import { connectDatabase, type DatabaseHandle } from '#server/db/connection.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { rollUpFinishedDays } from '#server/insights/daily-rollup.ts';
import { insightSummary } from '#server/insights/insight-summary.ts';
import { createScratchPgDatabase, ensureBuild, median, startServer, WRK_PATH } from './bench-support.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000_000);
const DAYS = 30;
const PG_URL = process.env.TEST_DATABASE_URL;
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const OWNER = { username: 'bench-owner', password: 'bench-insights-correct-horse-9' };

if (spawnSync(WRK_PATH, ['-v']).error) throw new Error(`${WRK_PATH} is needed: apt-get install -y wrk`);

/** A wrk script giving each request an address of its own: one visitor per request, as a crowd would. */
function crowdScript(): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'studio-bench-insights-')), 'crowd.lua');
  writeFileSync(
    file,
    `request = function()
  wrk.headers["X-Forwarded-For"] = "10." .. math.random(0, 255) .. "." .. math.random(0, 255) .. "." .. math.random(1, 254)
  return wrk.format()
end
`,
  );
  return file;
}

async function wrkRps(url: string, script: string): Promise<{ rps: number; p99Ms: number; non2xx: number }> {
  const headers = [`User-Agent: ${CHROME}`, 'Sec-Fetch-Dest: document', 'Accept: text/html', 'Accept-Encoding: gzip'];
  const { stdout } = await promisify(execFile)(
    WRK_PATH,
    ['-t2', '-c10', `-d${SECONDS}s`, '--latency', '-s', script, ...headers.flatMap((header) => ['-H', header]), url],
    { encoding: 'utf8' },
  );
  const [, p99 = '0', unit = 'ms'] = /\s99%\s+([\d.]+)(us|ms|s)/.exec(stdout) ?? [];
  return {
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1]),
    p99Ms: Number(p99) * (unit === 'us' ? 0.001 : unit === 's' ? 1000 : 1),
    non2xx: Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(stdout)?.[1] ?? 0),
  };
}

async function throughput(): Promise<string[]> {
  ensureBuild();
  const server = await startServer({
    SEED_DEMO: 'true',
    TRUST_PROXY: 'loopback',
    ADMIN_USERNAME: OWNER.username,
    ADMIN_PASSWORD: OWNER.password,
  });
  try {
    const login = await fetch(`${server.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: server.url },
      body: JSON.stringify(OWNER),
    });
    if (!login.ok) throw new Error(`owner login failed: ${login.status}`);
    const cookie = login.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const setCounting = async (counting: boolean) => {
      const saved = await fetch(`${server.url}/api/admin/insights/settings`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json', Origin: server.url, Cookie: cookie },
        body: JSON.stringify({ counting, honourPrivacySignals: true }),
      });
      if (!saved.ok) throw new Error(`settings not saved: ${saved.status}`);
    };
    const script = crowdScript();
    // Unmeasured: the page cache filled, the JIT warm, the first batches written.
    await setCounting(true);
    await wrkRps(`${server.url}/`, script);
    const runs = { on: [] as Array<Awaited<ReturnType<typeof wrkRps>>>, off: [] as Array<Awaited<ReturnType<typeof wrkRps>>> };
    for (let round = 1; round <= ROUNDS; round += 1) {
      for (const mode of round % 2 ? (['on', 'off'] as const) : (['off', 'on'] as const)) {
        await setCounting(mode === 'on');
        const measure = await wrkRps(`${server.url}/`, script);
        runs[mode].push(measure);
        console.error(`round ${round} counting ${mode}: ${measure.rps.toFixed(0)} req/s, p99 ${measure.p99Ms.toFixed(2)} ms`);
      }
    }
    const cell = (mode: 'on' | 'off') =>
      `${median(runs[mode].map((run) => run.rps)).toFixed(0)} (${median(runs[mode].map((run) => run.p99Ms)).toFixed(1)})` +
      (runs[mode].some((run) => run.non2xx > 0) ? ' non-2xx!' : '');
    const ratio = median(runs.on.map((run) => run.rps)) / median(runs.off.map((run) => run.rps));
    return [
      `wrk -t2 -c10 -d${SECONDS}s, one address per request, browser headers; median of ${ROUNDS} rounds (Node ${process.version})`,
      '',
      '| path | counting off req/s (p99 ms) | counting on req/s (p99 ms) | on / off |',
      '|---|---|---|---|',
      `| \`/\` | ${cell('off')} | ${cell('on')} | ${(ratio * 100).toFixed(1)}% |`,
    ];
  } finally {
    await server.stop();
  }
}

const PATHS = ['/', '/samples', '/about', '/services', '/contact', '/book', '/faq', '/process', '/privacy-policy', '/services/mixing'];
const SOURCES = [
  ['direct', null],
  ['search', 'google.com'],
  ['search', 'duckduckgo.com'],
  ['social', 'instagram.com'],
  ['streaming', 'open.spotify.com'],
  ['referral', 'gearspace.com'],
] as const;
const KINDS = [...Array<string>(85).fill('view'), ...Array<string>(10).fill('play'), ...Array<string>(4).fill('outbound'), 'contact_sent'];

/** `EVENTS` events over the 30 days ending `today`, 2,000 visitors a day, inserted 1,000 rows at a time. */
async function generate(handle: DatabaseHandle, today: string): Promise<number> {
  const started = performance.now();
  const perDay = Math.ceil(EVENTS / DAYS);
  let written = 0;
  for (let dayIndex = 0; dayIndex < DAYS && written < EVENTS; dayIndex += 1) {
    const day = addCalendarDays(today, dayIndex - (DAYS - 1));
    for (let start = 0; start < perDay && written < EVENTS; start += 1_000) {
      const rows = [];
      for (let index = start; index < Math.min(perDay, start + 1_000) && written + rows.length < EVENTS; index += 1) {
        const visitor = (index * 7919) % 2_000;
        const [source, referrerDomain] = SOURCES[visitor % SOURCES.length]!;
        const kind = KINDS[index % KINDS.length]!;
        rows.push({
          day,
          occurredAt: new Date(Date.parse(`${day}T00:00:00Z`) + (index % 86_400) * 1_000).toISOString(),
          kind,
          path: PATHS[index % PATHS.length]!,
          visitor: `${day}-${visitor}`.padEnd(32, '0'),
          source,
          referrerDomain,
          campaign: visitor % 17 === 0 ? `spring-${visitor % 3}` : null,
          country: ['US', 'GB', 'DE', 'JP', null][visitor % 5] ?? null,
          device: ['desktop', 'mobile', 'tablet'][visitor % 3]!,
          target: kind === 'play' ? String(1 + (index % 12)) : kind === 'outbound' ? 'open.spotify.com' : null,
          entry: kind === 'view' && index % 6 === 0 ? 1 : 0,
        });
      }
      await handle.db.insertInto('insightEvents').values(rows).execute();
      written += rows.length;
    }
  }
  return performance.now() - started;
}

async function dashboard(dialect: 'sqlite' | 'postgres'): Promise<string[]> {
  const scratch = dialect === 'postgres' ? await createScratchPgDatabase(PG_URL!, 'bench_insights') : null;
  const handle = connectDatabase({ dataDir: mkdtempSync(path.join(tmpdir(), 'studio-bench-insights-')), databaseUrl: scratch?.url });
  try {
    await migrateToLatest(handle.db);
    const today = new Date().toISOString().slice(0, 10);
    const generateMs = await generate(handle, today);
    const query = { from: addCalendarDays(today, -(DAYS - 1)), to: today, interval: 'day' as const };
    // Wall time, and this process's CPU time beside it: on a shared machine the first says what the
    // owner waits, the second what the answer costs (SQLite runs in this process; PostgreSQL's own
    // work is not in it).
    const time = async () => {
      const walls = [];
      const cpus = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        const started = performance.now();
        const cpu = process.cpuUsage();
        await insightSummary(handle.db, query);
        const used = process.cpuUsage(cpu);
        walls.push(performance.now() - started);
        cpus.push((used.user + used.system) / 1000);
      }
      return `${median(walls).toFixed(0)} ms (CPU ${median(cpus).toFixed(0)} ms)`;
    };
    const unrolled = await time();
    const rollStarted = performance.now();
    const rolled = await rollUpFinishedDays(handle.db, today);
    const rollMs = performance.now() - rollStarted;
    const live = await time();
    console.error(
      `${dialect}: generated ${EVENTS} in ${(generateMs / 1000).toFixed(1)} s; rolled ${rolled.length} days in ${rollMs.toFixed(0)} ms`,
    );
    const name = dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL';
    return [`| ${name} | ${live} | ${unrolled} | ${rolled.length} days in ${(rollMs / 1000).toFixed(1)} s |`];
  } finally {
    await handle.close();
    await scratch?.drop();
  }
}

const lines = process.env.BENCH_SKIP_THROUGHPUT ? [] : await throughput();
if (!process.env.BENCH_SKIP_DASHBOARD) {
  lines.push(
    '',
    `The dashboard's numbers for the last ${DAYS} days holding ${EVENTS.toLocaleString('en-US')} events (median of ${ROUNDS}):`,
    '',
    '| database | as it runs (finished days rolled up, today single) | nothing rolled up yet | the roll-up |',
    '|---|---|---|---|',
  );
  lines.push(...(await dashboard('sqlite')));
  if (PG_URL) lines.push(...(await dashboard('postgres')));
  else lines.push('| PostgreSQL | (TEST_DATABASE_URL not set) | | |');
}
console.log(`\n${lines.join('\n')}`);
