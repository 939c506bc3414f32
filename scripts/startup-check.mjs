// The production start-up check of `scripts/test-all.mjs --subset`: starts `scripts/start.mjs` (which
// builds first when there is no build) with the given Node on a fresh data folder and a free port,
// as a person's `npm start` would, then checks what a visitor and the owner would notice first.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The machine's environment without the settings that would point the check at another site. */
function cleanEnvironment() {
  const env = { ...process.env };
  for (const name of ['NODE_ENV', 'DATABASE_URL', 'STORAGE_DRIVER', 'PUBLIC_URL', 'SMTP_URL']) delete env[name];
  return env;
}

async function poll(what, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const answer = await what().catch(() => null);
    if (answer) return answer;
    await delay(250);
  }
  return null;
}

/** Resolves to a list of `{ name, ok, detail }`, one per check; never throws. */
export async function productionStartupCheck(nodeBinary) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'studio-startup-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let output = '';
  const server = spawn(nodeBinary, [path.join(root, 'scripts', 'start.mjs')], {
    cwd: root,
    env: { ...cleanEnvironment(), PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout.on('data', (chunk) => (output += chunk));
  server.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => server.once('exit', (code, signal) => resolve({ code, signal })));
  const checks = [];
  const check = (name, ok, detail = '') => checks.push({ name, ok: Boolean(ok), detail });
  try {
    const healthy = await poll(async () => (await fetch(`${base}/healthz`)).ok, 120_000);
    check('serves /healthz', healthy, healthy ? '' : output.split('\n').slice(-5).join(' | '));
    if (!healthy) return checks;
    const home = await fetch(`${base}/`);
    const html = await home.text();
    check('renders the home page', home.status === 200 && html.includes('<h1'), `status ${home.status}`);
    // The demo samples are measured in the analysis thread (the built bundle): their durations appear.
    const measured = await poll(async () => {
      const samples = await (await fetch(`${base}/api/samples`)).json();
      return samples.length > 0 && samples.every((sample) => sample.duration) ? samples.length : null;
    }, 60_000);
    check('measures the demo samples in the analysis thread', measured, measured ? `${measured} samples` : 'no durations after 60 s');
    check('says where it listens', output.includes(`listening on http://127.0.0.1:${port}`));
  } finally {
    server.kill('SIGTERM');
    const { code, signal } = await Promise.race([exited, delay(15_000).then(() => ({ code: null, signal: 'timeout' }))]);
    check('stops cleanly on SIGTERM', code === 0, `exit ${code ?? signal}`);
    if (signal === 'timeout') server.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
  return checks;
}
