// `npm run admin|db:migrate|backup|restore`: runs an operator's command with the site's settings.
// - `.env` in the project folder is read first when present (Node's own loader); variables already
//   set in the environment win over it.
// - Where the development dependencies are installed (a checkout), the command runs from source
//   through tsx, so it is never older than the code beside it. In a production install (npm ci
//   --omit=dev, the Docker image) it runs the bundle `npm run build` made (BUILD_DIR/cli-<name>.js),
//   with no TypeScript loader; the sources need not be there.
// - Before anything else: the Node version (scripts/node-version.mjs); `--version` anywhere prints
//   the site's version (package.json) and exits 0, with nothing opened. What the commands write
//   (backups, a restored database, the outbox) is private to their user (scripts/private-files.mjs).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { exitUnlessSupportedNode, readPackageJson } from './node-version.mjs';
import { keepNewFilesPrivate } from './private-files.mjs';

exitUnlessSupportedNode();
keepNewFilesPrivate();

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [name = '', ...args] = process.argv.slice(2);
if (args.includes('--version')) {
  console.log(readPackageJson().version);
  process.exit(0);
}
// The commands are the ones scripts/build-server.mjs bundles (OPERATOR_COMMANDS): a name is known
// by its source or its bundle.
const source = path.join(root, 'scripts', `${name}.ts`);
const bundle = path.join(root, process.env.BUILD_DIR ?? 'build', `cli-${name}.js`);
if (!/^[a-z]+$/.test(name) || !(existsSync(source) || existsSync(bundle))) {
  console.error(`usage: node scripts/operator-cli.mjs <admin|migrate|backup|restore> [arguments]`);
  process.exit(2);
}

const envFile = path.join(root, '.env');
if (existsSync(envFile)) process.loadEnvFile(envFile);

async function tsxLoader() {
  try {
    return await import('tsx/esm/api');
  } catch {
    return null;
  }
}

// The command reads its arguments from process.argv, as when run directly.
const tsx = existsSync(source) ? await tsxLoader() : null;
if (tsx) {
  tsx.register();
  process.argv = [process.argv[0], source, ...args];
  await import(pathToFileURL(source).href);
} else if (existsSync(bundle)) {
  process.argv = [process.argv[0], bundle, ...args];
  await import(pathToFileURL(bundle).href);
} else {
  console.error(`No built command at ${path.relative(root, bundle)}: run \`npm run build\` first.`);
  process.exit(1);
}
