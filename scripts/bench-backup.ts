/**
 * Backup benchmark: a site with 50 samples of 10 MB of audio each, backed up and restored with the
 * real commands (`scripts/backup.ts`, `scripts/restore.ts`, each in its own Node process), timing
 * each and sampling the process's peak RSS (VmHWM) to show that objects stream through.
 *
 *   npm run bench:backup
 *   npm run bench:backup -- --pg postgres://postgres@127.0.0.1:5432/test   # also restore into, and back up from, PostgreSQL
 *
 * Options: --samples 50 --mb 10. Results go to docs/benchmarks.md ("## Backup and restore") by hand.
 */
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { objectPathOf, storageKey } from '#common/object-keys.ts';
import { encodeWav } from '#server/audio/wav.ts';
import { connectDatabase } from '#server/db/connection.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { LocalObjectStore } from '#server/storage/local-store.ts';
import type { ObjectStore } from '#server/storage/object-store.ts';
import { createScratchPgDatabase } from './bench-support.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values: args } = parseArgs({
  options: {
    samples: { type: 'string', default: '50' },
    mb: { type: 'string', default: '10' },
    pg: { type: 'string' },
  },
});
const SAMPLES = Number(args.samples);
const OBJECT_BYTES = Number(args.mb) * 1024 * 1024;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** A 16-bit stereo 44.1 kHz WAV of about `bytes` bytes: two detuned tones under noise, different per seed. */
function audioLikeWav(seed: number, bytes: number): Buffer {
  const frames = Math.floor((bytes - 44) / 4);
  const noise = randomBytes(frames * 4);
  const base = 110 * (1 + (seed % 12) / 12);
  const left = new Float32Array(frames);
  const right = new Float32Array(frames);
  for (let frame = 0; frame < frames; frame++) {
    const t = frame / 44_100;
    left[frame] = 0.4 * Math.sin(2 * Math.PI * base * t) + (noise[frame * 4] - 128) / 1024;
    right[frame] = 0.4 * Math.sin(2 * Math.PI * base * 1.5 * t) + (noise[frame * 4 + 1] - 128) / 1024;
  }
  return encodeWav([left, right], 44_100);
}

/** DATA_DIR with SAMPLES registered WAV objects and a sample row for each. */
async function prepareSite(dataDir: string, samples: number): Promise<void> {
  mkdirSync(dataDir, { recursive: true });
  const database = connectDatabase({ dataDir });
  await migrateToLatest(database.db);
  const store: ObjectStore = new LocalObjectStore(path.join(dataDir, 'objects'), randomBytes(32).toString('hex'));
  for (let index = 0; index < samples; index++) {
    const key = randomUUID();
    const body = audioLikeWav(index, OBJECT_BYTES);
    await store.write(storageKey(key), body, 'audio/wav');
    const now = new Date().toISOString();
    await database.db
      .insertInto('uploadedObjects')
      .values({ key, status: 'registered', size: body.length, contentType: 'audio/wav', format: 'wav', createdAt: now, registeredAt: now })
      .execute();
    await database.db
      .insertInto('samples')
      .values({ title: `Bench sample ${index + 1}`, artist: 'Bench', audioUrl: objectPathOf(key), createdAt: now, updatedAt: now })
      .execute();
  }
  await database.close();
}

interface Run {
  wallMs: number;
  peakRssMb: number;
  stdout: string;
}

/** Runs a command in its own Node process, sampling its peak resident memory from /proc while it runs. */
function runCommand(script: string, argv: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'scripts', script), ...argv], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: '', STORAGE_DRIVER: 'local', ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let peakKb = 0;
    const sampler = setInterval(() => {
      try {
        peakKb = Math.max(peakKb, Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0));
      } catch {
        // the process has just exited
      }
    }, 20);
    let stdout = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      clearInterval(sampler);
      if (code !== 0) reject(new Error(`${script} exited with ${code}`));
      else resolve({ wallMs: performance.now() - started, peakRssMb: peakKb / 1024, stdout: stdout.trim() });
    });
  });
}

const report = (label: string, run: Run) =>
  console.log(`${label}: ${(run.wallMs / 1000).toFixed(1)} s wall, peak RSS ${run.peakRssMb.toFixed(0)} MB\n  ${run.stdout}`);

async function main() {
  const work = mkdtempSync(path.join(tmpdir(), 'studio-bench-backup-'));
  const pgDatabase = args.pg ? await createScratchPgDatabase(args.pg, 'bench_backup') : null;
  try {
    // What the command costs with nothing to copy: Node, tsx and the database driver.
    const empty = path.join(work, 'empty');
    await prepareSite(empty, 0);
    report(
      'Backup of an empty site (baseline)',
      await runCommand('backup.ts', ['--out', path.join(work, 'empty.tar')], { DATA_DIR: empty }),
    );

    const site = path.join(work, 'site');
    await prepareSite(site, SAMPLES);
    console.log(`Site: ${SAMPLES} samples, ${SAMPLES} objects of ${mb(OBJECT_BYTES)}`);

    const archive = path.join(work, 'site.tar');
    report('Backup (SQLite + local)', await runCommand('backup.ts', ['--out', archive], { DATA_DIR: site }));
    console.log(`  archive: ${mb(statSync(archive).size)} for ${mb(SAMPLES * OBJECT_BYTES)} of objects`);

    report('Restore into an empty SQLite + local', await runCommand('restore.ts', [archive], { DATA_DIR: path.join(work, 'restored') }));

    if (pgDatabase) {
      const env = { DATABASE_URL: pgDatabase.url, DATA_DIR: path.join(work, 'restored-pg') };
      report('Restore into an empty PostgreSQL + local', await runCommand('restore.ts', [archive], env));
      report('Backup (PostgreSQL + local)', await runCommand('backup.ts', ['--out', path.join(work, 'from-pg.tar')], env));
    }
  } finally {
    await pgDatabase?.drop();
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
