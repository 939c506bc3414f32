// `npm run bench:throughput`: visitors' throughput of `/`, `/samples` and `/api/samples`, side by side
// with nginx serving the very same bytes from disk (precompressed, the physical limit for a page on
// this machine), in one run. Optionally a baseline checkout too (BASELINE_CHECKOUT=/path, with its own
// node_modules and build), so old and new are measured in the same conditions.
//
//   npm run bench:throughput
//   BENCH_SECONDS=10 BENCH_ROUNDS=3 BASELINE_CHECKOUT=/tmp/baseline npm run bench:throughput
//
// Load: wrk (Debian's package) with 2 threads and 10 connections, `Accept-Encoding: gzip` as
// browsers send (nginx's gzip_static serves the same gzip bytes the app serves). Each round runs every
// server once per path, alternating, and the medians of the rounds are reported.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { startNginx, type RunningNginx } from './bench-nginx.ts';
import { WRK_PATH, ensureBuild, median, runWrk, startServer, type Measure } from './bench-support.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PATHS = ['/', '/samples', '/api/samples'] as const;
if (spawnSync(WRK_PATH, ['-v']).error) throw new Error(`${WRK_PATH} is needed: apt-get install -y wrk`);

/** The demo samples are analysed in the background: wait for their peaks, so every run serves the same list. */
async function waitForAnalysis(url: string): Promise<void> {
  for (let i = 0; i < 600; i += 1) {
    const samples = (await (await fetch(`${url}/api/samples`)).json()) as Array<{ peaks: unknown }>;
    if (samples.length > 0 && samples.every((sample) => sample.peaks !== null)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('demo samples were not analysed within 2 minutes');
}

ensureBuild();
const app = await startServer({ SEED_DEMO: 'true' });
const baselineCheckout = process.env.BASELINE_CHECKOUT;
const baseline = baselineCheckout ? await startServer({ SEED_DEMO: 'true' }, undefined, path.resolve(baselineCheckout)) : null;
const servers: Array<{ name: string; url: string }> = [];
let nginx: RunningNginx | null = null;
try {
  await waitForAnalysis(app.url);
  if (baseline) await waitForAnalysis(baseline.url);
  nginx = await startNginx(app.url, PATHS);
  servers.push({ name: 'nginx (same bytes)', url: nginx.url }, { name: 'app', url: app.url });
  if (baseline) servers.push({ name: 'baseline app', url: baseline.url });

  const results = new Map<string, Measure[]>();
  for (let round = 1; round <= ROUNDS; round += 1) {
    for (const page of PATHS) {
      for (const server of servers) {
        const key = `${page}\t${server.name}`;
        const measure = await runWrk(`${server.url}${page}`, SECONDS);
        results.set(key, [...(results.get(key) ?? []), measure]);
        console.error(`round ${round} ${page} ${server.name}: ${measure.rps.toFixed(0)} req/s, p99 ${measure.p99Ms.toFixed(2)} ms`);
      }
    }
  }

  console.log(`\nwrk -t2 -c10 -d${SECONDS}s, Accept-Encoding: gzip, median of ${ROUNDS} rounds (Node ${process.version})\n`);
  const head = [
    'path',
    'gzip bytes',
    ...servers.map((s) => `${s.name} req/s (p99 ms)`),
    'app / nginx',
    ...(baseline ? ['app / baseline'] : []),
  ];
  console.log(`| ${head.join(' | ')} |\n|${head.map(() => '---').join('|')}|`);
  for (const page of PATHS) {
    const cell = (name: string) => {
      const runs = results.get(`${page}\t${name}`)!;
      return { rps: median(runs.map((r) => r.rps)), p99: median(runs.map((r) => r.p99Ms)), non2xx: runs.reduce((n, r) => n + r.non2xx, 0) };
    };
    const cells = servers.map((s) => cell(s.name));
    const [ng, ours, old] = cells;
    const row = [
      `\`${page}\``,
      String(nginx.gzipBytes.get(page)),
      ...cells.map((c) => `${c.rps.toFixed(0)} (${c.p99.toFixed(1)})${c.non2xx ? ` ${c.non2xx} non-2xx` : ''}`),
      `${((ours!.rps / ng!.rps) * 100).toFixed(1)}%`,
      ...(old ? [`${(ours!.rps / old.rps).toFixed(1)}x`] : []),
    ];
    console.log(`| ${row.join(' | ')} |`);
  }
} finally {
  nginx?.stop();
  await app.stop();
  await baseline?.stop();
}
