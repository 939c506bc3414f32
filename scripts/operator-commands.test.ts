import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPackageJson } from './node-version.mjs';

const root = path.resolve(import.meta.dirname, '..');

/** `npm run <command> -- args` as an operator runs it (scripts/operator-cli.mjs, from source here). */
const run = (command: string, args: string[], env: Record<string, string>, input?: string) =>
  spawnSync(process.execPath, [path.join(root, 'scripts', 'operator-cli.mjs'), command, ...args], {
    cwd: root,
    encoding: 'utf8',
    timeout: 60_000,
    input,
    env: { ...process.env, DATABASE_URL: '', SMTP_URL: '', NODE_ENV: 'production', SESSION_SECRET: '', ...env },
  });

/** The same, without blocking this process: for a command that talks to a server running in the test. */
const runAsync = (command: string, args: string[], env: Record<string, string>) =>
  new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, 'scripts', 'operator-cli.mjs'), command, ...args], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: '', SMTP_URL: '', NODE_ENV: 'production', SESSION_SECRET: '', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });

const hashOf = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');
/** Every file in the folder with its hash: what "changed nothing" means. */
const snapshot = (dir: string) =>
  Object.fromEntries(
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => {
        const file = path.join(entry.parentPath, entry.name);
        return [path.relative(dir, file), hashOf(file)];
      }),
  );

// Each call starts a Node process with tsx: a second or more each on a busy machine.
describe("the operators' commands", { timeout: 120_000 }, () => {
  const work = mkdtempSync(path.join(tmpdir(), 'studio-operator-'));
  const migrated = path.join(work, 'migrated');
  beforeAll(() => {
    const made = run('migrate', [], { DATA_DIR: migrated });
    expect(made.status, made.stderr).toBe(0);
    expect(run('admin', ['create', 'owner', 'owner@studio.test', 'quiet-harbour-lantern-41'], { DATA_DIR: migrated }).status).toBe(0);
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  const HELP_CALLS: Array<[string, string[]]> = [
    ['admin', ['--help']],
    ['admin', ['-h']],
    ['admin', ['help']],
    ['admin', ['list', '--help']],
    ['admin', ['create', 'someone', 'someone@studio.test', '-h']],
    ['admin', ['set-password', 'owner', '--help']],
    ['admin', ['deactivate', 'owner', '-h']],
    ['admin', ['test-mail', '--help']],
    ['migrate', ['--help']],
    ['migrate', ['-h']],
    ['backup', ['--help']],
    ['backup', ['-h']],
    ['restore', ['--help']],
    ['restore', ['some.tar', '--force', '-h']],
  ];

  // Read-only calls, so they may run side by side (each is a Node process: minutes one after the other).
  it.concurrent.each(HELP_CALLS)('%s %j shows the usage, exits 0 and changes nothing', async (command, args) => {
    const before = snapshot(migrated);
    const fresh = path.join(work, `none-${command}-${args.join('')}`);
    for (const dataDir of [migrated, fresh]) {
      const help = await runAsync(command, args, { DATA_DIR: dataDir });
      expect({ status: help.status, stderr: help.stderr }).toEqual({ status: 0, stderr: '' });
      expect(help.stdout).toMatch(/^Usage: npm run /);
    }
    expect(snapshot(migrated)).toEqual(before);
    expect(existsSync(fresh)).toBe(false);
  });

  it('admin list --help does not run list', () => {
    const help = run('admin', ['list', '--help'], { DATA_DIR: migrated });
    expect(help.stdout).not.toContain('owner@studio.test');
    expect(run('admin', ['list'], { DATA_DIR: migrated }).stdout).toContain('owner@studio.test');
  });

  it.concurrent.each(['admin', 'migrate', 'backup', 'restore'])('%s --version prints the version in package.json', async (command) => {
    const version = await runAsync(command, ['--version'], { DATA_DIR: path.join(work, 'never') });
    expect({ status: version.status, stdout: version.stdout }).toEqual({ status: 0, stdout: `${readPackageJson().version}\n` });
    expect(readPackageJson().version).toMatch(/^\d+\.\d+\.\d+/);
    expect(existsSync(path.join(work, 'never'))).toBe(false);
  });

  // One after the other: some of these open the database (which shows as -wal/-shm files meanwhile)
  // before they find the argument wrong, so a snapshot beside them would see those.
  it.each<[string, string[], RegExp]>([
    ['admin', [], /^Usage: npm run admin -- <command>/],
    ['admin', ['frobnicate'], /^Unknown command "frobnicate"\.\n\nUsage: npm run admin/],
    ['admin', ['create', 'someone'], /^Usage: create <username> <email> \[password\]/],
    ['admin', ['set-email', 'owner', 'not-an-address'], /e-?mail/i],
    ['admin', ['deactivate'], /^A username is required\./],
    ['migrate', ['--frobnicate'], /Unknown option '--frobnicate'[\s\S]*Usage: npm run db:migrate/],
    ['backup', [], /^Usage: npm run backup/],
    ['restore', [], /give exactly one backup file\nUsage: npm run restore/],
  ])('%s %j is a usage error: exit 2, the usage on stderr, nothing changed', async (command, args, message) => {
    const before = snapshot(migrated);
    const wrong = await runAsync(command, args, { DATA_DIR: migrated });
    expect({ status: wrong.status, stdout: wrong.stdout }).toEqual({ status: 2, stdout: '' });
    expect(wrong.stderr).toMatch(message);
    expect(snapshot(migrated)).toEqual(before);
  });

  it('admin commands never create or migrate a database: they say to run npm run db:migrate', () => {
    const missing = path.join(work, 'missing');
    const none = run('admin', ['list'], { DATA_DIR: missing });
    expect(none.status).toBe(1);
    expect(none.stderr).toMatch(/^No database at .*studio\.db \(DATA_DIR\): start the site once, or run `npm run db:migrate`/);
    expect(existsSync(missing)).toBe(false);

    // A database one migration behind this code, as after an update before the first start.
    const behind = path.join(work, 'behind');
    expect(run('migrate', [], { DATA_DIR: behind }).status).toBe(0);
    const sqlite = (sql: string) =>
      spawnSync(process.execPath, [
        '-e',
        `new (require('node:sqlite').DatabaseSync)(process.argv[1]).exec(process.argv[2])`,
        path.join(behind, 'studio.db'),
        sql,
      ]);
    expect(sqlite('delete from kysely_migration where name = (select max(name) from kysely_migration)').status).toBe(0);
    const before = snapshot(behind);
    for (const args of [['list'], ['create', 'someone', 'someone@studio.test']]) {
      const refused = run('admin', args, { DATA_DIR: behind });
      expect(refused.status).toBe(1);
      expect(refused.stderr).toMatch(/needs 1 migration\(s\) this code has \(\d{4}_\w+\): run `npm run db:migrate` first/);
    }
    expect(snapshot(behind)).toEqual(before);
  });

  describe('admin test-mail', () => {
    let smtp: SMTPServer;
    let smtpPort: number;
    const received: Array<{ to: string[]; raw: string }> = [];
    beforeAll(async () => {
      smtp = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS'],
        onData(stream, session, callback) {
          let raw = '';
          stream.on('data', (chunk) => (raw += chunk));
          stream.on('end', () => {
            received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw });
            callback();
          });
        },
      });
      await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
      smtpPort = (smtp.server.address() as { port: number }).port;
    });
    afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

    it('sends through SMTP_URL and says which server took it', async () => {
      const sent = await runAsync('admin', ['test-mail', 'you@example.com'], {
        DATA_DIR: path.join(work, 'mail-smtp'),
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        MAIL_FROM: 'Harbour Studio <studio@harbour.test>',
      });
      expect({ status: sent.status, stderr: sent.stderr }).toEqual({ status: 0, stderr: '' });
      expect(sent.stdout).toBe(
        `Test e-mail to you@example.com accepted by smtp://127.0.0.1:${smtpPort} (from Harbour Studio <studio@harbour.test>).\n`,
      );
      expect(received.map((mail) => mail.to)).toEqual([['you@example.com']]);
      expect(received[0]!.raw).toMatch(/^Subject: Test e-mail from the studio website$/m);
    });

    it('writes to the outbox without SMTP_URL and names the file', () => {
      const dataDir = path.join(work, 'mail-outbox');
      const sent = run('admin', ['test-mail', 'you@example.com'], { DATA_DIR: dataDir });
      expect(sent.status).toBe(0);
      const file = sent.stdout.match(/written to (\S+\.eml): SMTP_URL is not set/)?.[1];
      expect(file && readFileSync(file, 'utf8')).toMatch(/^To: you@example\.com$/m);
      expect(path.dirname(file!)).toBe(path.join(dataDir, 'outbox'));
    });

    it('refuses a malformed address with exit 2 and sends nothing', async () => {
      const before = received.length;
      const wrong = await runAsync('admin', ['test-mail', 'you-at-example'], {
        DATA_DIR: path.join(work, 'mail-bad'),
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      });
      expect(wrong.status).toBe(2);
      expect(wrong.stderr).toMatch(/"you-at-example"\n\nUsage: npm run admin -- test-mail <email>/);
      expect(received.length).toBe(before);
      expect(existsSync(path.join(work, 'mail-bad'))).toBe(false);
    });

    it('says why when the mail server cannot be reached, exit 1', () => {
      const failed = run('admin', ['test-mail', 'you@example.com'], {
        DATA_DIR: path.join(work, 'mail-down'),
        SMTP_URL: 'smtp://127.0.0.1:1',
      });
      expect(failed.status).toBe(1);
      expect(failed.stderr).toMatch(/^The test e-mail was not sent: .*ECONNREFUSED/);
    });
  });
});
