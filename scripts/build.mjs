// `npm run build`: the browser and server bundles of React Router (Vite), then the server entry, its
// workers and the operators' commands (scripts/build-server.mjs), summed up in a few lines. The
// full output of the React Router build (some 200 lines, a line per file) is kept for when it
// matters: printed whole when the build fails, and always with BUILD_VERBOSE=1. Warnings are shown
// either way.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer } from './build-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const buildDir = path.join(root, process.env.BUILD_DIR ?? 'build');
const verbose = ['1', 'true', 'yes'].includes((process.env.BUILD_VERBOSE ?? '').toLowerCase());
const started = performance.now();

/** The React Router command of the installed @react-router/dev (its package exports no bin path), run with this Node. */
function reactRouterCli() {
  const cli = path.join(root, 'node_modules', '@react-router', 'dev', 'bin.cjs');
  if (existsSync(cli)) return cli;
  console.error('npm run build needs the development dependencies (React Router, Vite): run `npm ci`, not `npm ci --omit=dev`.');
  process.exit(1);
}

// eslint-disable-next-line no-control-regex -- the escape sequences that colour a terminal's text
const ANSI = /\x1b\[[0-9;]*m/g;
/** A line that asks for attention, not one of the per-file lines (`build/client/assets/x.js  2 kB`). */
const WARNING = /^\s*(\(!\)|\[plugin [^\]]+\]|\[[A-Z_]{3,}\]|warn|error)/i;

/** Runs the React Router build; answers its exit code and everything it printed. */
function reactRouterBuild() {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [reactRouterCli(), 'build'], {
      cwd: root,
      stdio: verbose ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('exit', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
  });
}

const megabytes = (bytes) => (bytes >= 1e6 ? `${(bytes / 1e6).toFixed(1)} MB` : `${Math.round(bytes / 1e3)} kB`);
const sizeOf = (file) => (existsSync(file) ? statSync(file).size : 0);

/** The package most of a chunk's modules come from, as client-chunks.json (vite.config.ts) lists them: a name for a hashed file. */
function mainPackageOf(chunk) {
  const map = path.join(buildDir, 'client-chunks.json');
  const modules = existsSync(map) ? (JSON.parse(readFileSync(map, 'utf8'))[`assets/${chunk}`] ?? []) : [];
  const counts = new Map();
  for (const id of modules) {
    const name = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id)?.[1] ?? 'the site';
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
}

/** The browser's files by kind, with what the scripts weigh as sent (their brotli copies). */
function clientSummary() {
  const assets = path.join(buildDir, 'client', 'assets');
  const files = readdirSync(assets).filter((name) => !name.endsWith('.br') && !name.endsWith('.gz'));
  const scripts = files.filter((name) => name.endsWith('.js'));
  const kind = (extension) =>
    files.filter((name) => name.endsWith(extension)).reduce((sum, name) => sum + sizeOf(path.join(assets, name)), 0);
  const sent = scripts.reduce((sum, name) => sum + (sizeOf(path.join(assets, `${name}.br`)) || sizeOf(path.join(assets, name))), 0);
  const largest = scripts.map((name) => ({ name, size: sizeOf(path.join(assets, name)) })).sort((a, b) => b.size - a.size)[0];
  const fonts = files.filter((name) => name.endsWith('.woff2'));
  return [
    `browser  ${scripts.length} scripts ${megabytes(kind('.js'))} (${megabytes(sent)} brotli), ` +
      `${files.filter((name) => name.endsWith('.css')).length} stylesheets ${megabytes(kind('.css'))}, ` +
      `${fonts.length} fonts ${megabytes(kind('.woff2'))}`,
    ...(largest
      ? [`         largest script ${largest.name} ${megabytes(largest.size)} (${mainPackageOf(largest.name) ?? 'unknown'})`]
      : []),
  ];
}

const relative = (file) => path.relative(root, file);

const result = await reactRouterBuild();
if (result.code !== 0) {
  process.stdout.write(result.output);
  console.error(`\nThe React Router build failed (exit ${result.code}); its whole output is above.`);
  process.exit(result.code);
}
const warnings = result.output
  .split('\n')
  .map((line) => line.replace(ANSI, ''))
  .filter((line) => WARNING.test(line));
const serverEntry = await buildServer();
const pagesBundle = path.join(buildDir, 'server', 'index.js');
// server-main.js is only the entry that checks the Node version; the server itself is server-app.js.
const serverApp = path.join(path.dirname(serverEntry), 'server-app.js');
const seconds = ((performance.now() - started) / 1000).toFixed(1);
const lines = verbose
  ? [`Built in ${seconds} s.`]
  : [
      `Built into ${relative(buildDir)}/ in ${seconds} s (BUILD_VERBOSE=1 npm run build prints every file):`,
      ...clientSummary().map((line) => `  ${line}`),
      `  server   ${relative(pagesBundle)} ${megabytes(sizeOf(pagesBundle))} (pages), ` +
        `${relative(serverApp)} ${megabytes(sizeOf(serverApp))} with its workers and cli-*.js`,
      ...(warnings.length > 0 ? ['  warnings:', ...warnings.map((line) => `    ${line.trim()}`)] : []),
    ];
console.log(lines.join('\n'));
