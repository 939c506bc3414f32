// Bundles the server (server/index.ts and everything it imports from server/, app/content, common/)
// into BUILD_DIR/server-main.js, so production runs plain JavaScript: no TypeScript loader in memory.
// Packages stay external and load from node_modules.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const serverBundlePath = path.join(root, process.env.BUILD_DIR ?? 'build', 'server-main.js');

export async function buildServer() {
  await build({
    entryPoints: [path.join(root, 'server', 'index.ts')],
    outfile: serverBundlePath,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  return serverBundlePath;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildServer();
  console.log(`server bundle: ${path.relative(root, serverBundlePath)}`);
}
