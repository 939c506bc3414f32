import { defineConfig, devices } from '@playwright/test';

// Two production instances behind nginx on one PostgreSQL database and an S3 bucket, all started by
// tests/multi/global-setup.ts from the existing build (`npm run build` first). `npm test` runs it
// after the main journeys; alone: `npx playwright test --config playwright.multi.config.ts`.
const CHROMIUM_LAUNCH = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
};

export default defineConfig({
  testDir: 'tests/multi',
  outputDir:
    process.env.BUILD_DIR && process.env.BUILD_DIR !== 'build' ? `test-results/multi-${process.env.BUILD_DIR}` : 'test-results/multi',
  globalSetup: './tests/multi/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  // No retries: a journey that passes only on a second try is a defect to fix, not to hide.
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: { trace: 'retain-on-failure', launchOptions: CHROMIUM_LAUNCH },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions: CHROMIUM_LAUNCH } }],
});
