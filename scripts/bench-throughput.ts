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
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { WRK_PATH, ensureBuild, freePort, median, runWrk, startServer, type Measure, type RunningServer } from './bench-support.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PATHS = ['/', '/samples', '/api/samples'] as const;
const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

for (const [tool, hint] of [
  [NGINX, 'apt-get install -y nginx'],
  [WRK_PATH, 'apt-get install -y wrk'],
] as const) {
  if (spawnSync(tool, ['-v']).error) throw new Error(`${tool} is needed: ${hint}`);
}

/** What the app answers a browser on `path` (gzip and plain), for nginx to serve from disk. */
async function bytesOf(url: string): Promise<{ plain: Buffer; gzip: Buffer; type: string }> {
  const plain = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
  const type = plain.headers.get('content-type') ?? 'text/html';
  // fetch decodes gzip; curl-like raw bytes come from node:http instead.
  const { get } = await import('node:http');
  const gzip = await new Promise<Buffer>((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve(Buffer.concat(chunks)));
    }).on('error', reject);
  });
  return { plain: Buffer.from(await plain.arrayBuffer()), gzip, type };
}

/** The gzip size of each path as served, read when nginx's copies are written. */
const gzipBytes = new Map<string, number>();

async function startNginx(app: RunningServer): Promise<{ url: string; stop: () => void }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'studio-nginx-'));
  chmodSync(dir, 0o755);
  const docroot = path.join(dir, 'root');
  const locations: string[] = [];
  for (const [index, page] of PATHS.entries()) {
    const { plain, gzip, type } = await bytesOf(`${app.url}${page}`);
    gzipBytes.set(page, gzip.length);
    const file = path.join(docroot, `page-${index}`);
    mkdirSync(docroot, { recursive: true });
    writeFileSync(file, plain);
    writeFileSync(`${file}.gz`, gzip);
    locations.push(`location = ${page} { default_type "${type}"; try_files /page-${index} =404; }`);
  }
  const port = await freePort();
  const conf = path.join(dir, 'nginx.conf');
  writeFileSync(
    conf,
    `worker_processes auto; daemon off; pid ${dir}/nginx.pid; error_log ${dir}/error.log;
events { worker_connections 1024; }
http {
  access_log off; sendfile on; tcp_nopush on; keepalive_requests 1000000; gzip_static on; gzip_vary on;
  client_body_temp_path ${dir}; proxy_temp_path ${dir}; fastcgi_temp_path ${dir}; uwsgi_temp_path ${dir}; scgi_temp_path ${dir};
  server { listen 127.0.0.1:${port}; root ${docroot}; ${locations.join(' ')} }
}
`,
  );
  const child = spawn(NGINX, ['-c', conf, '-p', dir], { stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i += 1) {
    const ok = await fetch(`${url}/`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) break;
    if (i > 100) throw new Error('nginx did not start');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { url, stop: () => child.kill('SIGQUIT') };
}

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
let nginx: { url: string; stop: () => void } | null = null;
try {
  await waitForAnalysis(app.url);
  if (baseline) await waitForAnalysis(baseline.url);
  nginx = await startNginx(app);
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
      String(gzipBytes.get(page)),
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
