import { readFileSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import path from 'node:path';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';

/**
 * Writes BUILD_DIR/client-chunks.json: every browser chunk with the source modules bundled into it.
 * `npm run bench:js` reads it to prove that the chunks a public page loads carry no admin code,
 * Uppy, dnd-kit or zod. It sits beside client/, not in it, so it is never served.
 */
function chunkModulesMap(): Plugin {
  const root = process.cwd();
  return {
    name: 'studio:chunk-modules-map',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    writeBundle(options, bundle) {
      const chunks: Record<string, string[]> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        chunks[output.fileName] = output.moduleIds.map((id) => path.relative(root, id.replace(/^\0/, '')).replaceAll(path.sep, '/'));
      }
      const outDir = options.dir ?? path.join(root, 'build', 'client');
      writeFileSync(path.join(outDir, '..', 'client-chunks.json'), JSON.stringify(chunks, null, 1));
    },
  };
}

const ISLANDS_ENTRY = path.resolve('app/islands/entry.islands.tsx');
const ISLANDS_REGISTRY = path.resolve('app/islands/registry.ts');
const ISLAND_NAMES = path.resolve('app/islands/island-names.ts');

/**
 * The registry's islands and the source file each loads (`[ISLAND.key]: () => import('#app/…')`),
 * by the name island-names.ts gives the key.
 */
function islandModules(): Record<string, string> {
  const names = new Map(
    [...readFileSync(ISLAND_NAMES, 'utf8').matchAll(/^\s+(\w+): '([\w-]+)',$/gm)].map(([, key, name]) => [key!, name!]),
  );
  const source = readFileSync(ISLANDS_REGISTRY, 'utf8');
  const found = [...source.matchAll(/\[ISLAND\.(\w+)\]: \(\) => import\('#app\/([^']+)'\)/g)];
  if (found.length === 0) throw new Error(`no islands found in ${ISLANDS_REGISTRY}`);
  return Object.fromEntries(
    found.map(([, key, file]) => {
      const name = names.get(key!);
      if (!name) throw new Error(`island ${key} of ${ISLANDS_REGISTRY} has no name in ${ISLAND_NAMES}`);
      return [name, path.resolve('app', file!)];
    }),
  );
}

/**
 * Adds the islands entry (decision 059) to the browser build, beside React Router's own, and writes
 * BUILD_DIR/islands.json: its URL and the chunks it imports statically, which the server preloads on
 * pages served as islands (server/http/pages.ts), and per island the chunks the entry fetches when
 * that island is on the page (`npm run bench:js` counts them).
 */
function islandsEntry(): Plugin {
  let base = '/';
  return {
    name: 'studio:islands-entry',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    configResolved(config) {
      base = config.base;
    },
    buildStart() {
      this.emitFile({ type: 'chunk', id: ISLANDS_ENTRY, name: 'islands' });
    },
    writeBundle(options, bundle) {
      const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
      const withStaticImports = (fileName: string, into = new Set<string>()) => {
        if (into.has(fileName)) return into;
        into.add(fileName);
        for (const imported of chunks.find((chunk) => chunk.fileName === fileName)?.imports ?? []) withStaticImports(imported, into);
        return into;
      };
      const entry = chunks.find((chunk) => chunk.isEntry && chunk.facadeModuleId === ISLANDS_ENTRY);
      if (!entry) throw new Error('islands entry missing from the client build');
      const preloads = withStaticImports(entry.fileName);
      preloads.delete(entry.fileName);
      const url = (fileName: string) => `${base}${fileName}`;
      const islands = Object.fromEntries(
        Object.entries(islandModules()).map(([name, file]) => {
          const chunk = chunks.find((candidate) => candidate.moduleIds.includes(file));
          if (!chunk) throw new Error(`island ${name}: ${file} is in no chunk`);
          const own = [...withStaticImports(chunk.fileName)].filter((fileName) => fileName !== entry.fileName && !preloads.has(fileName));
          return [name, own.map(url)];
        }),
      );
      const outDir = options.dir ?? path.resolve('build', 'client');
      writeFileSync(
        path.join(outDir, '..', 'islands.json'),
        JSON.stringify({ src: url(entry.fileName), preloads: [...preloads].map(url), islands }, null, 1),
      );
    },
  };
}

const COMPRESSIBLE_ASSET = /\.(js|css|svg|json)$/;

/**
 * Writes a brotli (quality 11) and a gzip (level 9) copy beside every built script and stylesheet of
 * 1 KB or more, once per build: the server sends them as they are (server/http/precompressed-assets.ts)
 * instead of compressing a year-long cached file again on every request, and smaller than it could
 * afford to per request.
 */
function precompressAssets(): Plugin {
  const brotli = promisify(brotliCompress);
  const gzipped = promisify(gzip);
  return {
    name: 'studio:precompress-assets',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? path.resolve('build', 'client');
      const files = Object.values(bundle)
        .map((output) => ({ fileName: output.fileName, bytes: Buffer.from(output.type === 'chunk' ? output.code : output.source) }))
        .filter(({ fileName, bytes }) => COMPRESSIBLE_ASSET.test(fileName) && bytes.length >= 1024);
      await Promise.all(
        files.map(async ({ fileName, bytes }) => {
          const target = path.join(outDir, fileName);
          const [br, gz] = await Promise.all([
            brotli(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
            gzipped(bytes, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${target}.br`, br), writeFile(`${target}.gz`, gz)]);
        }),
      );
    },
  };
}

const CHUNK_BUDGET_BYTES = 500 * 1000;
/**
 * zxcvbn's English and common word lists (1.2 MB and 0.4 MB minified): imported on first use of a
 * password field only (common/password-strength.ts), never by a public page. Splitting them would
 * not make that first use lighter, so they are the one allowed exception to the budget.
 */
const LAZY_WORD_LISTS = /node_modules\/@zxcvbn-ts\/language-[\w-]+\//;

/**
 * Vite's warning for a chunk over 500 kB, minus the one deliberate exception: any other browser
 * chunk over the budget is still a warning, naming the chunk.
 */
function chunkBudget(): Plugin {
  return {
    name: 'studio:chunk-budget',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk' || Buffer.byteLength(output.code) <= CHUNK_BUDGET_BYTES) continue;
        if (output.moduleIds.every((id) => LAZY_WORD_LISTS.test(id))) continue;
        this.warn(
          `${output.fileName} is ${Math.round(Buffer.byteLength(output.code) / 1000)} kB, ` +
            `over the ${CHUNK_BUDGET_BYTES / 1000} kB budget: split it or load it lazily`,
        );
      }
    },
  };
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), islandsEntry(), chunkModulesMap(), precompressAssets(), chunkBudget()],
  build: {
    assetsInlineLimit: 0,
    // studio:chunk-budget above judges chunk sizes instead, with its one exception.
    chunkSizeWarningLimit: Number.POSITIVE_INFINITY,
    // Rolldown's timing of each plugin, printed on every build, is for profiling a slow build.
    rolldownOptions: { checks: { bundlerTimings: false } },
  },
  environments: {
    // The server imports the contact rules statically anyway; the browser's dynamic import of them
    // (app/features/contact/load-contact-validation.ts) is what keeps zod off public pages, and is checked there.
    ssr: { build: { rolldownOptions: { checks: { ineffectiveDynamicImport: false } } } },
  },
  // Bundled into the server build so only the icons and primitives in use are loaded: as externals,
  // the whole icon set and every Radix primitive sat in the server's memory.
  ssr: { noExternal: ['lucide-react', 'radix-ui', /^@radix-ui\//, /^@dnd-kit\//] },
});
