// `npm start`: serves the production build, building it first when it is missing.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Settings from `.env` when present (Node's own loader); variables already set in the environment win.
if (existsSync(path.join(root, '.env'))) process.loadEnvFile(path.join(root, '.env'));
const buildDir = path.join(root, process.env.BUILD_DIR ?? 'build');
if (
  !['server/index.js', 'server-main.js', 'analysis-worker.js', 'feed-expansion-worker.js'].every((file) =>
    existsSync(path.join(buildDir, file)),
  )
) {
  console.log('No production build yet: building (about 15 seconds)...');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
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
