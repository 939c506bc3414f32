// The server the Playwright journeys and benchmarks run against: the production build on a throw-away DATA_DIR.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildServer } from './build-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
if (!existsSync(path.join(root, process.env.BUILD_DIR ?? 'build', 'server', 'index.js'))) {
  console.error('No production build: run `npm run build` first.');
  process.exit(1);
}
if (!process.env.DATA_DIR) {
  console.error('DATA_DIR must be set for the e2e server.');
  process.exit(1);
}
process.env.NODE_ENV = 'production';
process.env.STUDIO_LOCAL_START = '1';
// Stripe cannot be reached from here: journeys pay through the local Stripe-compatible server, run
// in this process, which signs its webhooks with the site's secret and sends them to this site.
if (process.env.E2E_STRIPE_PORT) {
  const { tsImport } = await import('tsx/esm/api');
  const { startStripeServer } = await tsImport('../server/test-support/stripe-server.ts', import.meta.url);
  await startStripeServer({
    port: Number(process.env.E2E_STRIPE_PORT),
    webhookUrl: `${process.env.PUBLIC_URL}/api/payments/stripe/webhook`,
    webhookSecret: process.env.STRIPE_WEBHOOK_SECRET,
  });
}
// Always re-bundled (it takes milliseconds), so tests never run a stale server.
const bundle = await buildServer();
const { main } = await import(pathToFileURL(bundle).href);
await main();
