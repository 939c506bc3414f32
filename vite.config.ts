import { writeFileSync } from 'node:fs';
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

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), chunkModulesMap()],
  build: { assetsInlineLimit: 0 },
  // Bundled into the server build so only the icons and primitives in use are loaded: as externals,
  // the whole icon set and every Radix primitive sat in the server's memory.
  ssr: { noExternal: ['lucide-react', 'radix-ui', /^@radix-ui\//, /^@dnd-kit\//] },
});
