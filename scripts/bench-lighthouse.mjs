#!/usr/bin/env node
/**
 * Lighthouse (mobile profile, the default) on the marketing pages of the production build.
 * Builds if needed, starts the server on a free port with a throw-away DATA_DIR, runs Lighthouse
 * in Debian's Chromium and prints the four category scores per page.
 *
 *   npm run bench:lighthouse                       # /, /services, /about
 *   BUILD_DIR=build-x npm run bench:lighthouse -- / /contact
 *   LH_REPORT_DIR=/tmp/lh npm run bench:lighthouse    # also keep the full JSON reports
 *
 * Each page is measured LH_RUNS times (default 3) and the run with the median performance score
 * is reported, as Lighthouse CI does, so one noisy run on a shared machine does not decide.
 * Exits 1 when a page misses the targets (performance >= 95, the other three 100).
 */
import { spawn, spawnSync, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const buildDir = process.env.BUILD_DIR ?? 'build';
const paths = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['/', '/services', '/about'];
const CHROME_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'];
const RUNS = Math.max(1, Number(process.env.LH_RUNS ?? 3));
const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };

if (!existsSync(path.join(root, buildDir, 'server', 'index.js'))) {
  console.log(`No production build in ${buildDir}/: building...`);
  const result = spawnSync('npx', ['react-router', 'build'], { cwd: root, stdio: 'inherit', env: { ...process.env, BUILD_DIR: buildDir } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const port = Number(
  execFileSync(process.execPath, [path.join(root, 'scripts/free-port.mjs')])
    .toString()
    .trim(),
);
const baseUrl = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'studio-lighthouse-'));
const server = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    NODE_ENV: 'production',
    STUDIO_LOCAL_START: '1',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: baseUrl,
    LOG_LEVEL: 'warn',
    BUILD_DIR: buildDir,
  },
});

async function waitForServer() {
  for (let i = 0; i < 240; i++) {
    if (server.exitCode !== null) throw new Error(`server exited with code ${server.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('server did not become healthy in 60 s');
}

let chrome;
let failed = false;
try {
  await waitForServer();
  chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
  const rows = [];
  for (const pagePath of paths) {
    // Warm the server once so the first page is not measured against a cold module cache.
    await fetch(`${baseUrl}${pagePath}`);
    const runs = [];
    for (let run = 0; run < RUNS; run++) {
      runs.push(
        await lighthouse(`${baseUrl}${pagePath}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: Object.keys(TARGETS),
        }),
      );
    }
    runs.sort((a, b) => (a.lhr.categories.performance?.score ?? 0) - (b.lhr.categories.performance?.score ?? 0));
    const result = runs[Math.floor(runs.length / 2)];
    const allPerformance = runs.map((r) => Math.round((r.lhr.categories.performance?.score ?? 0) * 100));
    const lhr = result.lhr;
    if (process.env.LH_REPORT_DIR) {
      mkdirSync(process.env.LH_REPORT_DIR, { recursive: true });
      const name = pagePath === '/' ? 'home' : pagePath.slice(1).replaceAll('/', '_');
      writeFileSync(path.join(process.env.LH_REPORT_DIR, `${name}.json`), result.report);
    }
    const scores = Object.fromEntries(Object.keys(TARGETS).map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]));
    rows.push({ page: pagePath, ...scores, 'performance runs': allPerformance.join(' ') });
    for (const [id, target] of Object.entries(TARGETS)) {
      if (scores[id] >= target) continue;
      failed = true;
      const losing = lhr.categories[id].auditRefs
        .map((ref) => lhr.audits[ref.id])
        .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== 'informative')
        .map((audit) => `    - ${audit.id}: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
      console.log(`${pagePath} ${id} ${scores[id]} < ${target}:\n${losing.join('\n')}`);
    }
    const metrics = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index']
      .map((id) => `${id.replace(/-/g, ' ')} ${lhr.audits[id]?.displayValue ?? 'n/a'}`)
      .join(', ');
    console.log(`${pagePath}: ${metrics}`);
  }
  console.log(
    `\nLighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, mobile profile, ${CHROME_PATH}`,
  );
  const columns = ['page', ...Object.keys(TARGETS), 'performance runs'];
  console.log(columns.join(' | '));
  for (const row of rows) console.log(columns.map((column) => row[column]).join(' | '));
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  await chrome?.kill();
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
