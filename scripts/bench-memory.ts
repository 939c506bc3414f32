// `npm run bench:memory`: the server's resident memory (RSS) when idle, under signed-in admin load and
// idle again after it (issue 27), with V8's default young generation and with the one production
// starts with (`--max-semi-space-size=8`, package.json's `start` and the Dockerfile), side by side.
// SQLite always; PostgreSQL too when BENCH_DATABASE_URL (or TEST_DATABASE_URL) names a server.
//
//   npm run bench:memory
//   BENCH_ROUNDS=4 BENCH_SECONDS=4 TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:memory
//
// Load: wrk -t2 -c10 on each admin page and API read below for BENCH_SECONDS, BENCH_ROUNDS times,
// with the owner's session cookie; "idle after" is read 15 s after the load stops.
import { createScratchPgDatabase, runWrk, startServer } from './bench-support.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const OWNER = { username: 'owner', email: 'owner@example.com', password: 'correct-horse-battery-9' };
const ADMIN_PATHS = ['/manage', '/manage/projects', '/manage.data', '/api/admin/me', '/api/admin/projects', '/api/contact-submissions'];
const PRODUCTION_FLAGS = '--max-semi-space-size=8';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function measure(database: 'sqlite' | 'postgres', nodeOptions: string) {
  const scratch = database === 'postgres' ? await createScratchPgDatabase(PG_URL!, 'bench_memory') : null;
  const server = await startServer({
    SEED_DEMO: 'true',
    ADMIN_USERNAME: OWNER.username,
    ADMIN_EMAIL: OWNER.email,
    ADMIN_PASSWORD: OWNER.password,
    NODE_OPTIONS: nodeOptions,
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
  });
  try {
    await pause(8000); // the demo samples' analysis
    const login = await fetch(`${server.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ username: OWNER.username, password: OWNER.password }),
    });
    if (!login.ok) throw new Error(`login failed: ${login.status}`);
    const cookie = login.headers.getSetCookie()[0]!.split(';')[0]!;
    const idle = server.rssMb();
    let peak = idle;
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const path of ADMIN_PATHS) await runWrk(`${server.url}${path}`, SECONDS, [`Cookie: ${cookie}`]);
      peak = Math.max(peak, server.rssMb());
    }
    await pause(15_000);
    return { idle, peak, after: server.rssMb() };
  } finally {
    await server.stop();
    await scratch?.drop();
  }
}

const rows: string[] = [];
for (const database of PG_URL ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const)) {
  for (const [label, flags] of [
    ['V8 default', ''],
    [PRODUCTION_FLAGS, PRODUCTION_FLAGS],
  ] as const) {
    const { idle, peak, after } = await measure(database, flags);
    rows.push(`| ${database} | ${label} | ${idle.toFixed(0)} | ${peak.toFixed(0)} | ${after.toFixed(0)} |`);
  }
}
console.log(`\nRSS in MB, ${ROUNDS} rounds of ${ADMIN_PATHS.length} admin paths x ${SECONDS} s (Node ${process.version})\n`);
console.log('| database | flags | idle before | peak under load | idle 15 s after |');
console.log('| --- | --- | ---: | ---: | ---: |');
for (const row of rows) console.log(row);
