// `npm test`: typecheck, `npm run lint` (ESLint, Prettier, the container files), Vitest (unit + integration),
// production build, Playwright journeys (one instance, then two behind nginx).
// Runs every step even after a failure, then prints one line `N passed, N failed` over all suites.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const results = { passed: 0, failed: 0, skipped: 0 };
mkdirSync('test-results', { recursive: true });

function run(label, command, args, env = {}) {
  console.log(`\n=== ${label}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(
    `=== ${label}: ${result.status === 0 ? 'ok' : `failed (exit ${result.status})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return result.status === 0;
}

/**
 * Runs several steps at once (each a list of commands, run one after the other) and prints each
 * step's output whole once it is done, so the logs never interleave. For steps that share no files
 * and use one core each: the two of a CI machine then overlap.
 */
async function runTogether(steps) {
  const runStep = async ({ label, commands }) => {
    const started = Date.now();
    let output = '';
    let status = 0;
    for (const [command, args] of commands) {
      output += `\n=== ${label}: ${command} ${args.join(' ')}\n`;
      status = await new Promise((resolve) => {
        const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
        child.stdout.on('data', (chunk) => (output += chunk));
        child.stderr.on('data', (chunk) => (output += chunk));
        child.on('error', (error) => {
          output += `${error.message}\n`;
          resolve(1);
        });
        child.on('close', (code) => resolve(code ?? 1));
      });
      if (status !== 0) break;
    }
    return { label, output, status, seconds: (Date.now() - started) / 1000 };
  };
  const done = await Promise.all(steps.map(runStep));
  for (const { label, output, status, seconds } of done) {
    process.stdout.write(output);
    console.log(`=== ${label}: ${status === 0 ? 'ok' : `failed (exit ${status})`} in ${seconds.toFixed(1)} s`);
  }
  return done.map(({ status }) => status === 0);
}

function countCheck(ok) {
  if (ok) results.passed += 1;
  else results.failed += 1;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

// ESLint reads no types, so it does not wait for the type generation.
const checks = await runTogether([
  {
    label: 'typecheck',
    commands: [
      ['npx', ['react-router', 'typegen']],
      ['npx', ['tsc', '--noEmit']],
    ],
  },
  { label: 'lint', commands: [['npm', ['run', 'lint']]] },
]);
checks.forEach(countCheck);

rmSync('test-results/vitest.json', { force: true });
const vitestOk = run('vitest', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  '--outputFile.json=test-results/vitest.json',
]);
const vitest = readJson('test-results/vitest.json');
if (vitest) {
  results.passed += vitest.numPassedTests;
  results.failed += vitest.numFailedTests;
  results.skipped += (vitest.numPendingTests ?? 0) + (vitest.numTodoTests ?? 0);
  if (!vitestOk && vitest.numFailedTests === 0) results.failed += 1; // a file that failed to load
} else {
  results.failed += 1;
}

/** Runs one Playwright configuration and adds its test counts to the totals. */
function playwrightStep(label, args, jsonFile) {
  rmSync(jsonFile, { force: true });
  const ok = run(label, 'npx', ['playwright', 'test', ...args], { PLAYWRIGHT_JSON_OUTPUT_NAME: jsonFile });
  const report = existsSync(jsonFile) ? readJson(jsonFile) : null;
  if (report?.stats) {
    results.passed += report.stats.expected + report.stats.flaky;
    results.failed += report.stats.unexpected;
    results.skipped += report.stats.skipped;
    if (!ok && report.stats.unexpected === 0) results.failed += 1; // the server did not start, or a global error
  } else {
    results.failed += 1;
  }
}

const buildOk = run('build', 'npm', ['run', 'build']);
countCheck(buildOk);
if (buildOk) {
  playwrightStep('e2e', [], 'test-results/playwright.json');
  // Two instances behind nginx on one PostgreSQL database and one bucket (skipped without nginx outside CI).
  playwrightStep('e2e-multi', ['--config', 'playwright.multi.config.ts'], 'test-results/playwright-multi.json');
}

console.log(`\n${results.passed} passed, ${results.failed} failed${results.skipped ? `, ${results.skipped} skipped` : ''}`);
process.exit(results.failed > 0 ? 1 : 0);
