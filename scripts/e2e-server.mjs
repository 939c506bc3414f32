// The server the Playwright journeys and benchmarks run against: the production build on a throw-away DATA_DIR.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildServer } from './build-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
if (!existsSync(path.join(root, process.env.BUILD_DIR ?? 'build', 'server', 'index.js'))) {
  console.error('No production build: run `npm run build` first.');
  process.exit(1);
}
if (!process.env.DATA_DIR) {
  console.error('DATA_DIR must be set for the e2e server.');
  process.exit(1);
}
process.env.NODE_ENV = 'production';
process.env.STUDIO_LOCAL_START = '1';
// Always re-bundled (it takes milliseconds), so tests never run a stale server.
const bundle = await buildServer();
const { main } = await import(pathToFileURL(bundle).href);
await main();
