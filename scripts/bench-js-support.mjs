/**
 * Shared by `npm run bench:js` and `npm run bench:lighthouse`: the public pages, a production server
 * per build folder, and the JavaScript a page's HTML makes the browser load before any interaction.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { freePort } from './free-port.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Every page a visitor can reach, and one that does not exist (the site's 404 page). */
export const PUBLIC_PAGES = [
  '/',
  '/samples',
  '/services',
  '/services/mixing-mastering',
  '/services/vocal-production',
  '/process',
  '/about',
  '/contact',
  '/book',
  '/privacy-policy',
  '/terms-of-service',
  '/no-such-page',
];

/** Code no public page needs before the visitor touches something: its presence means a leak. */
export const FORBIDDEN_MODULES = [
  { name: 'admin', pattern: /^app\/(features\/admin\/|routes\/manage)/ },
  { name: 'Uppy', pattern: /node_modules\/@uppy\// },
  { name: 'dnd-kit', pattern: /node_modules\/@dnd-kit\// },
  { name: 'zod', pattern: /node_modules\/zod\// },
  // Megabytes of password word lists: only the admin's new-password fields load them, on first use.
  { name: 'zxcvbn', pattern: /node_modules\/@zxcvbn-ts\/|^common\/password-strength/ },
];

/** Build folders to compare, oldest first: `BASELINE_BUILD_DIR` then `BUILD_DIR` (which may itself be a comma list). */
export function buildDirsFromEnv(env = process.env) {
  const dirs = (env.BUILD_DIR ?? 'build')
    .split(',')
    .map((dir) => dir.trim())
    .filter(Boolean);
  if (env.BASELINE_BUILD_DIR) dirs.unshift(env.BASELINE_BUILD_DIR);
  return dirs;
}

/**
 * Builds what is missing: the browser and SSR bundles from this checkout, and the server bundle.
 * A folder that already has its server bundle keeps it, so an old build runs with its own server.
 */
export function ensureBuild(buildDir) {
  const env = { ...process.env, BUILD_DIR: buildDir };
  if (!existsSync(path.join(root, buildDir, 'server', 'index.js'))) {
    console.log(`No production build in ${buildDir}/: building...`);
    const result = spawnSync('npx', ['react-router', 'build'], { cwd: root, stdio: 'inherit', env });
    if (result.status !== 0) throw new Error(`build of ${buildDir} failed`);
  }
  if (!existsSync(path.join(root, buildDir, 'server-main.js'))) {
    const result = spawnSync(process.execPath, [path.join(root, 'scripts', 'build-server.mjs')], { cwd: root, stdio: 'inherit', env });
    if (result.status !== 0) throw new Error(`server bundle of ${buildDir} failed`);
  }
}

/** Starts the production server of `buildDir` (its own server bundle) on a free port and a throw-away DATA_DIR with the demo samples. */
/** The first admin of a bench server: pages that exist only once the owner made something (a proposal) are made through it. */
const BENCH_OWNER = { username: 'bench-owner', email: 'owner@bench.test', password: 'bench-Owner-Password-7' };
const BENCH_OWNER_ENV = { ADMIN_USERNAME: BENCH_OWNER.username, ADMIN_EMAIL: BENCH_OWNER.email, ADMIN_PASSWORD: BENCH_OWNER.password };

/** A page the owner makes first: named so in a page list, and made on each server by `madePagePath`. */
export const PROPOSAL_PAGE = '/p/{proposal}';

/**
 * The address of a page the owner must make first, on this server: a sent proposal's `/p/{token}`
 * (the client's page, with an option, an extra and the studio's agreement). Other pages are as given.
 */
export async function madePagePath(server, page) {
  if (page !== PROPOSAL_PAGE) return page;
  const call = async (method, address, cookie, body) => {
    const res = await fetch(`${server.url}${address}`, {
      method,
      headers: { 'content-type': 'application/json', origin: server.url, ...(cookie ? { cookie } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${address}: ${res.status} ${await res.text()}`);
    return res;
  };
  const login = await call('POST', '/api/admin/login', null, { username: BENCH_OWNER.username, password: BENCH_OWNER.password });
  const cookie = login.headers.getSetCookie()[0].split(';')[0];
  const proposal = await (
    await call('POST', '/api/admin/proposals', cookie, {
      clientName: 'Mara Quinn',
      clientEmail: 'mara@bench.test',
      artistName: 'The Quiet Hours',
      title: 'Night Drive EP',
      packageKey: 'standard',
      songs: 3,
      extras: [{ label: 'Rush (48 hours)', amountCents: 10_000 }],
      options: [
        { key: 'premium', label: 'Premium instead of Standard', packageKey: 'premium' },
        { key: 'stems', label: 'Stems of every song', amountCents: 7_500 },
      ],
      depositPercent: 50,
      message: 'Great talking to you: here is what we discussed.',
    })
  ).json();
  const sent = await (await call('POST', `/api/admin/proposals/${proposal.id}/send`, cookie)).json();
  return new URL(sent.url).pathname;
}

export async function startBuildServer(buildDir) {
  ensureBuild(buildDir);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'studio-bench-web-'));
  const child = spawn(process.execPath, [path.join(root, 'scripts', 'start.mjs')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      STUDIO_LOCAL_START: '1',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      BUILD_DIR: buildDir,
      ...BENCH_OWNER_ENV,
    },
  });
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    for (let i = 0; ; i++) {
      if (child.exitCode !== null) throw new Error(`server of ${buildDir} exited with code ${child.exitCode}`);
      if (i > 480) throw new Error(`server of ${buildDir} did not become healthy in 120 s`);
      const ok = await fetch(`${url}/healthz`).then(
        (res) => res.ok,
        () => false,
      );
      if (ok) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { buildDir, url, stop };
}

/**
 * Script files under /assets/ that a page's HTML makes the browser load: module preloads, script
 * elements and the imports of its inline module scripts (route modules, the entry). The route
 * manifest inlined there also names other routes' chunks as plain strings; those are not loaded.
 */
export function scriptsInHtml(html) {
  const scripts = new Set();
  const add = (url) => scripts.add(url.slice('/assets/'.length));
  for (const [tag] of html.matchAll(/<link\b[^>]*>/g)) {
    const href = /\bhref="(\/assets\/[^"]+\.js)"/.exec(tag);
    if (href && /\brel="modulepreload"/.test(tag)) add(href[1]);
  }
  for (const [, attributes, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const src = /\bsrc="(\/assets\/[^"]+\.js)"/.exec(attributes);
    if (src) add(src[1]);
    if (!/\btype="module"/.test(attributes)) continue;
    for (const match of body.matchAll(/\bimport\s*(?:\(\s*|[\w*{}\s,$]*?\bfrom\s*)?["'](\/assets\/[^"']+\.js)["']/g)) add(match[1]);
  }
  return [...scripts];
}

/** Chunks a built chunk imports statically (they load with it); `import()` calls are left out, they wait for their moment. */
export function staticImports(code) {
  const imports = new Set();
  for (const match of code.matchAll(/(?:\bfrom|\bimport)\s*["']\.\/([^"']+\.js)["']/g)) imports.add(match[1]);
  return [...imports];
}

/**
 * Everything the browser must fetch to run a page before any interaction: the scripts its HTML names
 * and, transitively, what they import statically. Sizes are gzip level 6, as the server compresses.
 */
export function pageScripts(html, readAsset, alsoLoaded = []) {
  const seen = new Set();
  const queue = [...scriptsInHtml(html), ...alsoLoaded];
  const files = [];
  while (queue.length > 0) {
    const file = queue.shift();
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readAsset(file);
    files.push({ file, bytes: code.length, gzipBytes: gzipSync(code, { level: 6 }).length });
    queue.push(...staticImports(code.toString('utf8')));
  }
  return files;
}

/** The forbidden modules (see FORBIDDEN_MODULES) found in the given chunks, as "name: module (chunk)". */
export function forbiddenIn(files, chunkModules) {
  const found = [];
  for (const { file } of files) {
    for (const moduleId of chunkModules[`assets/${file}`] ?? []) {
      const rule = FORBIDDEN_MODULES.find(({ pattern }) => pattern.test(moduleId));
      if (rule) found.push(`${rule.name}: ${moduleId} (${file})`);
    }
  }
  return found;
}

/** The npm packages bundled into the given chunks (for the report: what a page carries). */
export function packagesIn(files, chunkModules) {
  const packages = new Set();
  for (const { file } of files) {
    for (const moduleId of chunkModules[`assets/${file}`] ?? []) {
      const match = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(moduleId);
      if (match) packages.add(match[1]);
    }
  }
  return [...packages].sort();
}

/** BUILD_DIR/client-chunks.json (written by vite.config.ts), or null for a build made before it existed. */
export function readChunkModules(buildDir) {
  const file = path.join(root, buildDir, 'client-chunks.json');
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
}

/**
 * On a page served as islands (decision 059), an inline script adds the islands entry and its chunks
 * after the first paint, and the entry fetches the code of each island on the page as soon as it
 * starts: all before any interaction, so all counted (BUILD_DIR/islands.json names them).
 */
export function islandScripts(html, islandsManifest) {
  if (!islandsManifest || !html.includes(JSON.stringify(islandsManifest.src))) return [];
  const names = new Set([...html.matchAll(/\bdata-island="([\w-]+)"/g)].map(([, name]) => name));
  const urls = [islandsManifest.src, ...islandsManifest.preloads, ...[...names].flatMap((name) => islandsManifest.islands[name] ?? [])];
  return urls.map((url) => url.slice('/assets/'.length));
}

/** BUILD_DIR/islands.json (written by vite.config.ts), or null for a build without islands. */
export function readIslandsManifest(buildDir) {
  const file = path.join(root, buildDir, 'islands.json');
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
}

/** Measures one page of a running build: the scripts, their gzipped total, and any forbidden module. */
export async function measurePageJavaScript(server, pagePath) {
  const res = await fetch(`${server.url}${pagePath}`, { headers: { 'accept-encoding': 'identity' } });
  const html = await res.text();
  const assets = path.join(root, server.buildDir, 'client', 'assets');
  const files = pageScripts(
    html,
    (file) => readFileSync(path.join(assets, file)),
    islandScripts(html, readIslandsManifest(server.buildDir)),
  );
  const chunkModules = readChunkModules(server.buildDir);
  return {
    status: res.status,
    files,
    gzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0),
    bytes: files.reduce((sum, f) => sum + f.bytes, 0),
    forbidden: chunkModules ? forbiddenIn(files, chunkModules) : null,
    packages: chunkModules ? packagesIn(files, chunkModules) : null,
  };
}

export const kb = (bytes) => (bytes / 1024).toFixed(1);
