import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// The runner evaluates this file first and its workers inherit process.env, so the port and the
// data folder chosen here are the same everywhere.
if (!process.env.E2E_PORT) {
  process.env.E2E_PORT = execFileSync(process.execPath, ['scripts/free-port.mjs']).toString().trim();
  process.env.E2E_DATA_DIR = mkdtempSync(path.join(tmpdir(), 'studio-e2e-'));
}
const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;

/** Credentials of the first-run admin on the e2e server (tests log in with them). */
export const E2E_ADMIN = { username: 'owner', email: 'owner@studio.test', password: 'e2e-Password-123' };

export const CHROMIUM_LAUNCH = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-quic',
    '--no-first-run',
    '--disable-sync',
  ],
};

export default defineConfig({
  testDir: 'tests/e2e',
  // Runs with their own BUILD_DIR keep their traces apart too.
  outputDir: process.env.BUILD_DIR && process.env.BUILD_DIR !== 'build' ? `test-results/${process.env.BUILD_DIR}` : 'test-results/e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  // Long journeys (sign in, load the dashboard, sign in again) have taken over 30 s when CI shares
  // the two cores with a browser build; the bound is a hang guard, not a speed target.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: CHROMIUM_LAUNCH,
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions: CHROMIUM_LAUNCH } }],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR ?? '',
      PUBLIC_URL: baseURL,
      LOG_LEVEL: 'warn',
      BUILD_DIR: process.env.BUILD_DIR ?? 'build',
      ADMIN_USERNAME: E2E_ADMIN.username,
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      // Journeys send many contact messages from one address; the limit itself is covered by server/api/contact.test.ts.
      CONTACT_RATE_LIMIT: '1000',
    },
  },
});
