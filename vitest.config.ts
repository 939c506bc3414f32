import { defineConfig } from 'vitest/config';

// Kept apart from vite.config.ts: the React Router plugin must not run under Vitest.
export default defineConfig({
  test: {
    include: ['*.test.ts', 'app/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'common/**/*.test.ts', 'scripts/**/*.test.ts'],
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
