import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * A worker thread's code. The production build bundles each worker beside the server
 * (build/<name>.js, scripts/build-server.mjs): plain JavaScript, no TypeScript loader. This module is
 * bundled into build/server-app.js (loaded by build/server-main.js), so the bundle is looked for beside it; run from source
 * (development, tests), there is none, and the worker's `*-entry.mjs`, which loads tsx in the
 * thread, is used instead.
 */
export function workerScript(bundledName: string, sourceEntry: URL): URL {
  const bundled = new URL(`./${bundledName}`, import.meta.url);
  return existsSync(fileURLToPath(bundled)) ? bundled : sourceEntry;
}
