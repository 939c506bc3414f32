// `npm run bench:foundation`: cold start, idle RSS, throughput on `/` and the JavaScript a visitor downloads.
import autocannon from 'autocannon';
import { gzipSync } from 'node:zlib';
import { ensureBuild, startServer } from './bench-support.ts';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

async function javascriptOnHome(url: string) {
  const html = await (await fetch(`${url}/`)).text();
  const scripts = new Set<string>();
  for (const match of html.matchAll(/(?:href|src)="(\/assets\/[^"]+\.js)"/g)) scripts.add(match[1]);
  for (const match of html.matchAll(/from "(\/assets\/[^"]+\.js)"/g)) scripts.add(match[1]);
  let raw = 0;
  let transferred = 0;
  let gzipped = 0;
  for (const script of scripts) {
    const res = await fetch(`${url}${script}`, { headers: { 'Accept-Encoding': 'gzip' } });
    const body = Buffer.from(await res.arrayBuffer());
    raw += body.length;
    gzipped += gzipSync(body).length;
    transferred += Number(res.headers.get('content-length') ?? body.length);
  }
  return { files: scripts.size, rawKb: raw / 1024, gzipKb: gzipped / 1024, transferredKb: transferred / 1024 };
}

ensureBuild();
// First start on an empty DATA_DIR migrates, creates the admin and seeds the demo samples; a
// restart (a deploy, a crash) finds all that done.
const env = { SEED_DEMO: process.env.SEED_DEMO ?? 'true' };
const firstRun = await startServer(env);
const firstStartMs = firstRun.coldStartMs;
await firstRun.stop();
const server = await startServer(env, firstRun.dataDir);
try {
  const coldStartMs = server.coldStartMs;
  for (let i = 0; i < 20; i += 1) await (await fetch(`${server.url}/`)).arrayBuffer();
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const idleRssMb = server.rssMb();
  const js = await javascriptOnHome(server.url);
  // Browsers ask for gzip: measure the compressed responses they get.
  const result = await autocannon({
    url: `${server.url}/`,
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers: { 'accept-encoding': 'gzip, deflate, br' },
  });
  const rows = [
    ['Cold start to first 200 on / (restart, existing data)', `${coldStartMs.toFixed(0)} ms`, '< 1500 ms'],
    ['First start on an empty DATA_DIR (migrate, admin, demo seed)', `${firstStartMs.toFixed(0)} ms`, '-'],
    ['Idle RSS after 20 requests', `${idleRssMb.toFixed(1)} MB`, '< 150 MB'],
    [`/ throughput (${CONNECTIONS} connections, ${DURATION_S} s)`, `${result.requests.average.toFixed(0)} req/s`, '>= 800 req/s'],
    ['/ latency p99', `${result.latency.p99} ms`, '< 100 ms'],
    ['/ errors / non-2xx', `${result.errors} / ${result.non2xx}`, '0 / 0'],
    [`JavaScript on / (${js.files} files), gzipped`, `${js.gzipKb.toFixed(1)} KB (raw ${js.rawKb.toFixed(1)} KB)`, '< 120 KB'],
  ];
  console.log('| measure | result | target |\n|---|---|---|');
  for (const row of rows) console.log(`| ${row.join(' | ')} |`);
} finally {
  await server.stop();
}
