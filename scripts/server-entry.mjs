// build/server-main.js, the production server's entry (`node build/server-main.js`, scripts/start.mjs):
// scripts/build-server.mjs bundles this file with the Node check and nothing else. The check runs
// before the server bundle (build/server-app.js) and the packages it imports are even read, so an
// old Node gets "needs Node 22.22+ or 24 (found 20.20)" instead of an error from deep inside.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { exitUnlessSupportedNode } from './node-version.mjs';
import { keepNewFilesPrivate } from './private-files.mjs';

exitUnlessSupportedNode();
keepNewFilesPrivate();

// A computed address, so esbuild leaves the server bundle out of this one.
const serverApp = new URL('./server-app.js', import.meta.url).href;

/** Starts the server (server/index.ts main): resolves to the listening http.Server. */
export async function main() {
  const app = await import(serverApp);
  return app.main();
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
