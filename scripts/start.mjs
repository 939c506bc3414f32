// `npm start`: serves the production build, building it first when it is missing (in a checkout).
// Only Node's own modules load before the version check; the server is imported, never spawned, so
// the signals a process manager sends to `npm start` reach it (package.json's `exec`: npm hands
// SIGTERM to this process, which is the server).
import { existsSync } from 'node:fs';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { exitUnlessSupportedNode } from './node-version.mjs';

exitUnlessSupportedNode();

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Settings from `.env` when present (Node's own loader); variables already set in the environment win.
if (existsSync(path.join(root, '.env'))) process.loadEnvFile(path.join(root, '.env'));
const buildDir = path.join(root, process.env.BUILD_DIR ?? 'build');
const BUILT_FILES = ['server/index.js', 'server-main.js', 'server-app.js', 'analysis-worker.js', 'feed-expansion-worker.js'];
/** What `npm run build` runs: React Router's CLI and esbuild, both development dependencies. */
const BUILD_TOOLS = ['@react-router/dev/package.json', 'esbuild/package.json'];

/** `npm run build`, its output shown; a signal to this process (Ctrl-C, a stop) goes to the build too. */
async function build() {
  const child = spawn('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  const forward = (signal) => child.kill(signal);
  process.on('SIGINT', forward).on('SIGTERM', forward);
  const code = await new Promise((resolve) => child.once('exit', (exitCode) => resolve(exitCode)));
  process.off('SIGINT', forward).off('SIGTERM', forward);
  if (code !== 0) process.exit(code ?? 1);
}

if (!BUILT_FILES.every((file) => existsSync(path.join(buildDir, file)))) {
  if (!BUILD_TOOLS.every((tool) => existsSync(path.join(root, 'node_modules', tool)))) {
    console.error(
      [
        `Cannot start: there is no production build in ${path.relative(root, buildDir) || buildDir}/, and this install has no build tools`,
        '(the development packages were left out, as `npm ci --omit=dev` does). Either build on a machine with them',
        '(`npm ci && npm run build`) and copy the build folder here, or build here and drop them again:',
        '  npm ci && npm run build && npm prune --omit=dev',
      ].join('\n'),
    );
    process.exit(1);
  }
  console.log('No production build yet: building (under a minute)...');
  await build();
}
if (!process.env.NODE_ENV) {
  // A local `npm start` runs React's production build; a generated session secret is fine there.
  process.env.NODE_ENV = 'production';
  process.env.STUDIO_LOCAL_START = '1';
}
// main() reports its own start-up failures in one line; this covers a bundle that cannot even load.
const { main } = await import(pathToFileURL(path.join(buildDir, 'server-main.js')).href).catch((error) => {
  const reason = String(error?.message ?? error).split('\n')[0];
  console.error(`Cannot start: the server bundle in ${buildDir} does not load (run \`npm run build\`): ${reason}`);
  process.exit(1);
});
await main();
