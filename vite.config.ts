import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  build: { assetsInlineLimit: 0 },
  // Bundled into the server build so only the icons and primitives in use are loaded: as externals,
  // the whole icon set and every Radix primitive sat in the server's memory.
  ssr: { noExternal: ['lucide-react', 'radix-ui', /^@radix-ui\//, /^@dnd-kit\//] },
});
