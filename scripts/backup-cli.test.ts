import { sql } from 'kysely';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test-support/app.ts';
import { testWav, uploadAudio } from '#server/test-support/test-audio.ts';
import { openSqlite } from '#server/db/sqlite-driver.ts';

const root = path.resolve(import.meta.dirname, '..');

/** Runs a command as an operator would (through tsx), against the SQLite file and folder in `dataDir`. */
function run(
  script: 'backup' | 'restore',
  args: string[],
  dataDir: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'scripts', `${script}.ts`), ...args], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: '', STORAGE_DRIVER: 'local', DATA_DIR: dataDir, NODE_ENV: 'production', SESSION_SECRET: '' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

// Each command starts its own Node process with tsx: seconds each on a busy machine.
describe('npm run backup / npm run restore', { timeout: 60_000 }, () => {
  let work: string;
  let site: TestApp;
  let objectPath: string;
  let archive: string;
  const restored = () => path.join(work, 'restored');

  beforeAll(async () => {
    work = mkdtempSync(path.join(tmpdir(), 'studio-backup-cli-'));
    site = await createTestApp('sqlite', { asAdmin: true });
    objectPath = await uploadAudio(site);
    await site.request.post('/api/samples').send({ title: 'Through the command line', audioUrl: objectPath }).expect(201);
    await site.services.samples.sampleAnalysis.idle();
    archive = path.join(work, 'site.tar');
  });
  /** Every table the migrations made (the backup copies them all; Kysely's own two are left out). */
  async function countTables(): Promise<number> {
    const { rows } = await sql<{ count: number }>`
      select count(*) as count from sqlite_master
      where type = 'table' and name not like 'sqlite\\_%' escape '\\' and name not like 'kysely\\_%' escape '\\'
    `.execute(site.services.db);
    return Number(rows[0]?.count);
  }
  afterAll(async () => {
    await site?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('backs up the running site to one file and says what it holds', async () => {
    const result = await run('backup', ['--out', archive], site.services.dataDir);
    // The sample's audio and its streaming copy (decision 087).
    expect(result.stderr).toMatch(/^Backing up: 2 of 2 objects, [\d.]+ KB of [\d.]+ KB(, [\d.]+ MB\/s)?, done in [\d.]+ s\n$/);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /^Backed up sqlite:.* (\d+) tables \(\d+ rows\), 2 objects \([\d.]+ KB\) to .*site\.tar \([\d.]+ KB\) in [\d.]+ s\.\n$/,
    );
    expect(Number(/ (\d+) tables/.exec(result.stdout)?.[1])).toBe(await countTables());
  });

  it('restores into an empty DATA_DIR: the same sample and the same audio bytes', async () => {
    const result = await run('restore', [archive], restored());
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      new RegExp(`^Restored .*site\\.tar \\(taken .* from sqlite \\+ local\\) into sqlite:.*: ${await countTables()} tables`),
    );
    const db = openSqlite(path.join(restored(), 'studio.db'), { readOnly: true });
    expect(db.prepare('select title, audio_url from samples').all([])).toEqual([
      { title: 'Through the command line', audio_url: objectPath },
    ]);
    db.close();
    const key = objectPath.replace('/objects/', '');
    expect(readFileSync(path.join(restored(), 'objects', key)).equals(readFileSync(path.join(site.services.dataDir, 'objects', key)))).toBe(
      true,
    );
  });

  it('refuses, in one line and with exit code 1, a target that is not empty; --force replaces it', async () => {
    const refused = await run('restore', [archive], restored());
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^Restore refused: .* is not empty \(rows in .*samples.*\).*--force/),
    ]);
    const forced = await run('restore', [archive, '--force'], restored());
    expect(forced.code).toBe(0);
  });

  it('refuses a damaged archive, an existing output file and a missing argument', async () => {
    const damaged = path.join(work, 'damaged.tar');
    const bytes = readFileSync(archive);
    bytes[bytes.length - 4096] ^= 0xff;
    writeFileSync(damaged, bytes);
    const refused = await run('restore', [damaged], path.join(work, 'other'));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^Restore refused: .*damaged\.tar cannot be restored: .*Nothing was changed\.\n$/);
    const exists = await run('backup', ['--out', archive], site.services.dataDir);
    expect(exists.code).toBe(1);
    expect(exists.stderr).toMatch(/already exists/);
    const usage = await run('restore', [], restored());
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/Usage: npm run restore -- FILE \[--force\]/);
  });

  it('shows progress of a few objects on stderr, in plain lines when stderr is not a terminal, and stdout as before', async () => {
    const several = await createTestApp('sqlite', { asAdmin: true });
    try {
      for (let bars = 1; bars <= 3; bars++) await uploadAudio(several, testWav(bars));
      const file = path.join(work, 'several.tar');
      const backup = await run('backup', ['--out', file], several.services.dataDir);
      expect(backup.code).toBe(0);
      expect(backup.stdout).toMatch(
        /^Backed up sqlite:.* \d+ tables \(\d+ rows\), 3 objects \([\d.]+ KB\) to .*several\.tar \([\d.]+ KB\) in [\d.]+ s\.\n$/,
      );
      const progressLine = (step: string, objects: string) =>
        new RegExp(`^${step}: ${objects}, ([\\d.]+ KB) of \\1(, [\\d.]+ MB/s)?, done in [\\d.]+ s$`);
      expect(backup.stderr.split('\n')).toEqual([expect.stringMatching(progressLine('Backing up', '3 of 3 objects')), '']);

      const restore = await run('restore', [file], path.join(work, 'several'));
      expect(restore.code).toBe(0);
      expect(restore.stdout).toMatch(
        /^Restored .*several\.tar \(taken .* from sqlite \+ local\) into sqlite:.*: \d+ tables \(\d+ rows\), 3 objects \([\d.]+ KB\) in [\d.]+ s\.\n$/,
      );
      expect(restore.stderr.split('\n')).toEqual([
        expect.stringMatching(progressLine('Checking', '3 objects')),
        expect.stringMatching(progressLine('Restoring', '3 of 3 objects')),
        '',
      ]);
      expect(restore.stderr).not.toMatch(/\r/);
    } finally {
      await several.close();
    }
  });

  it('explains every option and the exit codes with --help or -h, on stdout, exit 0', async () => {
    for (const [script, args, options] of [
      ['backup', ['--help'], ['--out FILE', '-h, --help']],
      ['restore', ['-h'], ['FILE', '--force', '-h, --help']],
    ] as const) {
      const help = await run(script, [...args], restored());
      expect(help.code).toBe(0);
      expect(help.stderr).toBe('');
      expect(help.stdout).toMatch(new RegExp(`^Usage: npm run ${script} -- `));
      for (const option of options) expect(help.stdout).toMatch(new RegExp(`^  ${option} `, 'm'));
      expect(help.stdout).toMatch(/^Exit codes:\n {2}0 .*\n(.*\n)* {2}1 .*\n(.*\n)* {2}2 +wrong arguments\n$/m);
      expect(help.stdout).toMatch(/stderr .*progress/);
    }
  });
});
