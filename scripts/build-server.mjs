// Bundles what production runs into BUILD_DIR as plain JavaScript, so no TypeScript loader is needed
// at run time (tsx and esbuild are development dependencies):
// - server-main.js: the entry (scripts/server-entry.mjs): checks the Node version, then loads
//   server-app.js, the server (server/index.ts and what it imports from server/, app/content, common/);
// - analysis-worker.js, feed-expansion-worker.js: the audio analysis and calendar feed threads, found beside the
//   server (server/jobs/worker-script.ts);
// - cli-*.js: the operators' commands (npm run admin, db:migrate, backup, restore; scripts/operator-cli.mjs).
// Each sits one level below the project, as server/paths.ts expects of every bundle.
// Packages stay external and load from node_modules.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, process.env.BUILD_DIR ?? 'build');
export const serverBundlePath = path.join(outDir, 'server-main.js');

/** The operators' commands: `npm run <script>` runs scripts/<name>.ts from source, or cli-<name>.js built. */
export const OPERATOR_COMMANDS = ['admin', 'migrate', 'backup', 'restore'];

const BUNDLE_OPTIONS = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  packages: 'external',
  sourcemap: 'linked',
  logLevel: 'warning',
};

/** Only server-main.js, the entry with the Node check, into `dir` (the old-Node start-up test). */
export async function buildServerEntry(dir) {
  await build({ ...BUNDLE_OPTIONS, entryPoints: { 'server-main': path.join(root, 'scripts', 'server-entry.mjs') }, outdir: dir });
  return path.join(dir, 'server-main.js');
}

export async function buildServer() {
  await build({
    ...BUNDLE_OPTIONS,
    entryPoints: {
      'server-main': path.join(root, 'scripts', 'server-entry.mjs'),
      'server-app': path.join(root, 'server', 'index.ts'),
      'analysis-worker': path.join(root, 'server', 'audio', 'analysis-worker.ts'),
      'feed-expansion-worker': path.join(root, 'server', 'booking', 'feed-expansion-worker.ts'),
      ...Object.fromEntries(OPERATOR_COMMANDS.map((name) => [`cli-${name}`, path.join(root, 'scripts', `${name}.ts`)])),
    },
    outdir: outDir,
  });
  return serverBundlePath;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildServer();
  console.log(`server bundle: ${path.relative(root, serverBundlePath)} (with its workers and cli-*.js)`);
}
