// `npm test`: typecheck, `npm run lint` (ESLint, Prettier, the container files), the production build,
// Vitest (unit + integration), Playwright journeys (one instance, then two behind nginx).
// `node scripts/test-all.mjs --subset` (CI's run on the other supported Node, 22): the Node-sensitive
// Vitest files (vitest.config.ts) on SQLite and a production start-up check, on the Node that runs
// this script (tools are started with its binary, not through the project's pinned Node on PATH).
// Runs every step even after a failure, then prints one line `N passed, N failed` over all suites.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { productionStartupCheck } from './startup-check.mjs';

const subset = process.argv.includes('--subset');

const results = { passed: 0, failed: 0, skipped: 0 };
/** What failed, one line each, printed again just before the closing line: CI's record keeps only the tail. */
const failures = [];
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

function countCheck(ok, label) {
  if (ok) results.passed += 1;
  else {
    results.failed += 1;
    failures.push(label);
  }
}

/** First line of a failure message, without colour codes, short enough to read in a summary. */
function firstLine(message = '') {
  return (
    String(message)
      .replaceAll(String.fromCharCode(27), '')
      .replace(/\[[0-9;]*m/g, '')
      .split('\n')
      .find((line) => line.trim())
      ?.trim()
      .slice(0, 200) ?? ''
  );
}

/** The failed tests of a Vitest JSON report, as "file > test: message". */
function vitestFailures(report) {
  return report.testResults.flatMap((file) => {
    const name = file.name.replace(`${process.cwd()}/`, '');
    const failed = file.assertionResults.filter((test) => test.status === 'failed');
    if (failed.length === 0 && file.status === 'failed') return [`${name}: ${firstLine(file.message)}`];
    return failed.map((test) => `${name} > ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
  });
}

/** The unexpected results of a Playwright JSON report, as "file > title: message". */
function playwrightFailures(report) {
  const found = [];
  const walk = (suite, titles) => {
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue;
        const last = test.results?.at(-1);
        found.push(`${spec.file} > ${[...titles.slice(1), spec.title].filter(Boolean).join(' > ')}: ${firstLine(last?.error?.message)}`);
      }
    }
  };
  for (const suite of report.suites ?? []) walk(suite, [suite.title]);
  for (const error of report.errors ?? []) found.push(`global: ${firstLine(error.message)}`);
  return found;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

if (!subset) {
  // ESLint reads no types, so it does not wait for the type generation.
  const checks = await runTogether([
    {
      label: 'typecheck',
      commands: [
        ['npx', ['react-router', 'typegen']],
        // TypeScript 7, the native compiler (about 4x faster here); ESLint's parser keeps TypeScript 5.
        [process.execPath, ['node_modules/typescript-native/bin/tsc', '--noEmit']],
      ],
    },
    { label: 'lint', commands: [['npm', ['run', 'lint']]] },
  ]);
  checks.forEach((ok, index) => countCheck(ok, ['typecheck', 'lint'][index]));
}

// The production build before Vitest: a few files start the built site as an operator would
// (scripts/npm-start.test.ts), and the journeys after them run on it.
const buildOk = subset || run('build', 'npm', ['run', 'build']);
if (!subset) countCheck(buildOk, 'build');

rmSync('test-results/vitest.json', { force: true });
// Vitest's own entry on this script's Node: its test processes are forked with the same binary.
const vitestOk = run(
  'vitest',
  process.execPath,
  ['node_modules/vitest/vitest.mjs', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=test-results/vitest.json'],
  // The subset: the Node-sensitive files (vitest.config.ts), on SQLite alone; PostgreSQL and the rest run on the production Node.
  subset ? { TEST_DATABASE_URL: '', TEST_SUBSET: 'node' } : {},
);
const vitest = readJson('test-results/vitest.json');
if (vitest) {
  results.passed += vitest.numPassedTests;
  results.failed += vitest.numFailedTests;
  results.skipped += (vitest.numPendingTests ?? 0) + (vitest.numTodoTests ?? 0);
  failures.push(...vitestFailures(vitest));
  if (!vitestOk && vitest.numFailedTests === 0) {
    results.failed += 1; // a file that failed to load
    failures.push('vitest: exited with an error');
  }
} else {
  results.failed += 1;
  failures.push('vitest: no report');
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
    failures.push(...playwrightFailures(report).map((line) => `${label}: ${line}`));
    if (!ok && report.stats.unexpected === 0) {
      results.failed += 1; // the server did not start, or a global error
      failures.push(`${label}: exited with an error`);
    }
  } else {
    results.failed += 1;
    failures.push(`${label}: no report`);
  }
}

if (subset) {
  const started = Date.now();
  console.log(`\n=== start-up: the production build on Node ${process.versions.node}`);
  const checks = await productionStartupCheck(process.execPath);
  for (const { name, ok, detail } of checks) {
    console.log(`${ok ? '  ok  ' : '  FAIL'} ${name}${detail ? `: ${detail}` : ''}`);
    countCheck(ok, `start-up: ${name}`);
  }
  console.log(`=== start-up: ${checks.every(({ ok }) => ok) ? 'ok' : 'failed'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

if (buildOk && !subset) {
  playwrightStep('e2e', [], 'test-results/playwright.json');
  // Two instances behind nginx on one PostgreSQL database and one bucket (skipped without nginx outside CI).
  playwrightStep('e2e-multi', ['--config', 'playwright.multi.config.ts'], 'test-results/playwright-multi.json');
}

for (const line of failures) console.log(`FAILED: ${line}`);
console.log(`\n${results.passed} passed, ${results.failed} failed${results.skipped ? `, ${results.skipped} skipped` : ''}`);
process.exit(results.failed > 0 ? 1 : 0);
