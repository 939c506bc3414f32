import { configDefaults, defineConfig } from 'vitest/config';

const EVERY_TEST = ['*.test.ts', 'app/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'common/**/*.test.ts', 'scripts/**/*.test.ts'];

/**
 * CI's run on the other supported Node (`scripts/test-all.mjs --subset`, TEST_SUBSET=node): the code
 * whose behaviour rests on Node itself (node:sqlite and the drivers, worker threads, streams and
 * zlib, crypto, the HTTP server, child processes and signals, the file system), on SQLite. Routes and
 * pages over the same runtime (server/api, app/) and the fuzz walk run on the production Node only.
 */
const NODE_SENSITIVE = [
  'server/*.test.ts',
  'server/{db,booking,audio,archive,backup,storage,crypto,jobs,email,uploads,auth,http}/**/*.test.ts',
  'scripts/**/*.test.ts',
];
const nodeSubset = process.env.TEST_SUBSET === 'node';

// Kept apart from vite.config.ts: the React Router plugin must not run under Vitest.
export default defineConfig({
  test: {
    include: nodeSubset ? NODE_SENSITIVE : EVERY_TEST,
    exclude: nodeSubset ? [...configDefaults.exclude, 'server/http/fuzz-routes.test.ts'] : configDefaults.exclude,
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
    globalSetup: ['server/test-support/pg-databases.ts'],
    // Each file on a PostgreSQL database of its own; any unexpected console.error fails the test.
    setupFiles: ['server/test-support/pg-worker-database.ts', 'server/test-support/console-errors.ts'],
    // Vitest's default keeps a core free (n - 1), which on CI's two cores is one file at a time;
    // the run is the only work on the machine then, so every core takes a file.
    maxWorkers: '100%',
  },
});
