import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/**
 * Journeys run in this many worker processes, each against a server of its own (its own port and
 * data folder), so a spec never sees another spec's writes, and the waits of one (uploads, mail,
 * polling) overlap the work of the other. A journey of one worker still runs after the other.
 */
const WORKERS = 2;

// The runner evaluates this file first and its workers inherit process.env, so the ports and the
// data folders chosen here are the same everywhere; each worker then takes the pair of its slot.
// Each server also gets a local Stripe-compatible server on a port of its own (scripts/e2e-server.mjs).
if (!process.env.E2E_PORTS) {
  const ports = new Set<string>();
  while (ports.size < WORKERS * 2) ports.add(execFileSync(process.execPath, ['scripts/free-port.mjs']).toString().trim());
  process.env.E2E_PORTS = [...ports].slice(0, WORKERS).join(',');
  process.env.E2E_STRIPE_PORTS = [...ports].slice(WORKERS).join(',');
  process.env.E2E_DATA_DIRS = Array.from({ length: WORKERS }, () => mkdtempSync(path.join(tmpdir(), 'studio-e2e-'))).join(',');
}
const ports = process.env.E2E_PORTS.split(',').map(Number);
const dataDirs = (process.env.E2E_DATA_DIRS ?? '').split(',');
const stripePorts = (process.env.E2E_STRIPE_PORTS ?? '').split(',');
const urlOf = (port: number) => `http://127.0.0.1:${port}`;
// Playwright sets the worker's slot before it loads this file in the worker (the runner has none: 0).
const slot = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
process.env.E2E_PORT = String(ports[slot]);
process.env.E2E_DATA_DIR = dataDirs[slot];
const baseURL = urlOf(ports[slot]);

/** Card payments are on in every journey, against the local Stripe-compatible server; these are its test keys. */
const E2E_STRIPE = { secretKey: 'sk_test_e2e', webhookSecret: 'whsec_e2e_local_only' };

/** The server's Stripe settings, pointed at its own local Stripe-compatible server (none when no port was chosen). */
function stripeEnv(port: string | undefined): Record<string, string> {
  if (!port) return {};
  return {
    STRIPE_SECRET_KEY: E2E_STRIPE.secretKey,
    STRIPE_WEBHOOK_SECRET: E2E_STRIPE.webhookSecret,
    STRIPE_API_BASE: urlOf(Number(port)),
    E2E_STRIPE_PORT: port,
  };
}

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
  workers: WORKERS,
  // No retries: a journey that passes only on a second try is a defect to fix, not to hide.
  retries: 0,
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
  // Started one after the other (each re-bundles the server before it starts, into the same file).
  webServer: ports.map((port, index) => ({
    command: 'node scripts/e2e-server.mjs',
    url: `${urlOf(port)}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: process.env.E2E_SERVER_STDOUT ? ('pipe' as const) : ('ignore' as const),
    stderr: 'pipe' as const,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDirs[index],
      PUBLIC_URL: urlOf(port),
      LOG_LEVEL: 'warn',
      BUILD_DIR: process.env.BUILD_DIR ?? 'build',
      ADMIN_USERNAME: E2E_ADMIN.username,
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      // Journeys send many contact messages from one address; the limit itself is covered by server/api/contact.test.ts.
      CONTACT_RATE_LIMIT: '1000',
      // Journeys book from one address too; the limit is covered by server/booking/book-slot.test.ts and server/api/booking.test.ts.
      BOOKING_HOLDS_PER_CLIENT: '1000',
      ...stripeEnv(stripePorts[index]),
    },
  })),
});
