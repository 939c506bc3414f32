import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { importBoundaries } from './eslint.boundaries.js';

export default tseslint.config(
  { ignores: ['build/', 'build-*/', '.react-router/', 'node_modules/', 'data/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['warn', { allow: ['warn', 'error', 'log'] }],
      // Prettier wraps code at 140; what it cannot wrap (long strings, class lists) is split by hand.
      'max-len': ['error', { code: 140, ignoreUrls: true, ignoreRegExpLiterals: true }],
    },
  },
  {
    // Browser-bound schemas must come from common/zod.ts, which turns off zod's eval-based JIT (CSP).
    files: ['app/**/*.{ts,tsx}', 'common/**/*.ts'],
    ignores: ['common/zod.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { paths: [{ name: 'zod', message: 'Import { z } from common/zod.ts (CSP-safe zod).', allowTypeImports: true }] },
      ],
    },
  },
  {
    // Every SQLite connection gets the same pragmas (WAL, foreign keys, busy timeout) from openSqlite().
    files: ['server/**/*.ts', 'scripts/**/*.{ts,mjs}'],
    ignores: ['server/db/sqlite-driver.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'node:sqlite',
              message: 'Open SQLite with openSqlite() from #server/db/sqlite-driver.ts: it sets the pragmas every connection needs.',
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  // Which folder may import which: docs/decisions/017-dependency-boundaries.md.
  ...importBoundaries,
);
