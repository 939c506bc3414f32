// `npm run bench:cache-abuse`: the home page's throughput for visitors while someone tries to defeat
// the public page cache (issue 27), side by side in one run, medians of the rounds:
//   - quiet: nothing else happens;
//   - logouts: 10 anonymous `POST /api/admin/logout` a second arrive meanwhile (a write that changes
//     nothing shown; it used to clear every instance's cache);
//   - junk cookie: every request carries `Cookie: studio.sid=junk` (it used to force a full render).
// Optionally a baseline checkout too (BASELINE_CHECKOUT=/path, with its own node_modules and build).
//
//   npm run bench:cache-abuse
//   BENCH_SECONDS=10 BENCH_ROUNDS=3 BASELINE_CHECKOUT=/tmp/baseline npm run bench:cache-abuse
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ensureBuild, median, runWrk, startServer, WRK_PATH, type Measure, type RunningServer } from './bench-support.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WRITES_PER_SECOND = 10;

if (spawnSync(WRK_PATH, ['-v']).error) throw new Error(`${WRK_PATH} is needed: apt-get install -y wrk`);

/** Sends anonymous logouts at a steady rate until stopped; counts the 2xx answers. */
function anonymousLogouts(url: string) {
  let answered = 0;
  const timer = setInterval(() => {
    void fetch(`${url}/api/admin/logout`, { method: 'POST', headers: { Origin: url } })
      .then(async (res) => {
        await res.arrayBuffer();
        if (res.ok) answered += 1;
      })
      .catch(() => {});
  }, 1000 / WRITES_PER_SECOND);
  return {
    stop: () => {
      clearInterval(timer);
      return answered;
    },
  };
}

const SCENARIOS = {
  quiet: (url: string) => runWrk(`${url}/`, SECONDS),
  logouts: async (url: string) => {
    const writes = anonymousLogouts(url);
    const measure = await runWrk(`${url}/`, SECONDS);
    if (writes.stop() === 0) throw new Error('the logouts were not answered');
    return measure;
  },
  'junk cookie': (url: string) => runWrk(`${url}/`, SECONDS, ['Cookie: studio.sid=junk']),
} satisfies Record<string, (url: string) => Promise<Measure>>;

ensureBuild();
const servers: Array<{ name: string; server: RunningServer }> = [{ name: 'app', server: await startServer({ SEED_DEMO: 'true' }) }];
const baselineCheckout = process.env.BASELINE_CHECKOUT;
if (baselineCheckout) {
  servers.push({ name: 'baseline', server: await startServer({ SEED_DEMO: 'true' }, undefined, path.resolve(baselineCheckout)) });
}
try {
  const results = new Map<string, Measure[]>();
  for (let round = 1; round <= ROUNDS; round += 1) {
    for (const [scenario, run] of Object.entries(SCENARIOS)) {
      for (const { name, server } of servers) {
        const key = `${name}\t${scenario}`;
        results.set(key, [...(results.get(key) ?? []), await run(server.url)]);
      }
    }
  }
  console.log(`\nGET / with wrk -t2 -c10 -d${SECONDS}s, median of ${ROUNDS} rounds (Node ${process.version})\n`);
  console.log('| server | scenario | req/s | p99 ms | vs quiet |');
  console.log('| --- | --- | ---: | ---: | ---: |');
  for (const { name } of servers) {
    const quiet = median((results.get(`${name}\tquiet`) ?? []).map((m) => m.rps));
    for (const scenario of Object.keys(SCENARIOS)) {
      const runs = results.get(`${name}\t${scenario}`) ?? [];
      const rps = median(runs.map((m) => m.rps));
      const p99 = median(runs.map((m) => m.p99Ms));
      console.log(`| ${name} | ${scenario} | ${rps.toFixed(0)} | ${p99.toFixed(1)} | ${((rps / quiet) * 100).toFixed(0)} % |`);
    }
  }
} finally {
  for (const { server } of servers) await server.stop();
}
