import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestServices, testDialects, type TestServices } from '#server/test-support/services.ts';
import { runAdminCli } from './admin-cli.ts';
import { isPlaceholderAdminEmail } from '#common/admin-auth.ts';
import { findAdminByEmail, findAdminByUsername } from './admin-users.ts';
import { countAdmins } from './admin-users.ts';
import { ensureInitialAdmin, INITIAL_PASSWORD_FILE } from './first-admin.ts';
import { beginLoginAttempt, LOGIN_MAX_FAILURES, loginAttemptFailed } from './login-guard.ts';
import { verifyPassword } from './passwords.ts';
import { createSession, loadSession } from './session-store.ts';
import { totpCode, totpStep } from './totp.ts';
import { confirmEnrolment, isTwoFactorEnabled, startEnrolment } from './two-factor.ts';

describe.each(testDialects())('first-run admin and the admin CLI (%s)', (dialect) => {
  let services: TestServices | undefined;
  afterEach(async () => {
    await services?.cleanup();
    services = undefined;
  });

  it('creates the admin from ADMIN_* once, and never a second one', async () => {
    services = await createTestServices(dialect, {
      env: { ADMIN_USERNAME: 'Owner', ADMIN_EMAIL: 'owner@studio.test', ADMIN_PASSWORD: 'env-password-1' },
    });
    await ensureInitialAdmin(services);
    await ensureInitialAdmin(services);
    const admins = await services.db.selectFrom('adminUsers').selectAll().execute();
    expect(admins).toHaveLength(1);
    expect(admins[0]).toMatchObject({ username: 'owner', email: 'owner@studio.test', isActive: 1 });
    expect(admins[0]!.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(admins[0]!.password, 'env-password-1')).toBe(true);
    expect(existsSync(path.join(services.dataDir, INITIAL_PASSWORD_FILE))).toBe(false);
  });

  it('refuses to start with a common or guessable ADMIN_PASSWORD, and creates no admin', async () => {
    for (const [password, reason] of [
      ['password', 'This is one of the most common passwords. Add a few more words.'],
      ['owner@studio.test', 'It contains your name, e-mail address or the studio’s name.'],
    ]) {
      services = await createTestServices(dialect, {
        env: { ADMIN_USERNAME: 'Owner', ADMIN_EMAIL: 'owner@studio.test', ADMIN_PASSWORD: password },
      });
      await expect(ensureInitialAdmin(services)).rejects.toThrow(`ADMIN_PASSWORD is too easy to guess: ${reason}`);
      expect(await countAdmins(services.db)).toBe(0);
      await services.cleanup();
      services = undefined;
    }
  });

  it('the CLI refuses a common or guessable password for create and set-password, and changes nothing', async () => {
    services = await createTestServices(dialect);
    const { db } = services;
    const io = { out: () => {}, readStdin: async () => '12345678\n', studioName: async () => 'Harbour Lights' };
    await runAdminCli(db, ['create', 'helper', 'helper@studio.test', 'helper-pass-1'], io);
    const common = 'Weak password: This is one of the most common passwords. Add a few more words.';
    await expect(runAdminCli(db, ['create', 'third', 'third@studio.test', 'password'], io)).rejects.toThrow(common);
    await expect(runAdminCli(db, ['set-password', 'helper', '--password-stdin'], io)).rejects.toThrow(common);
    await expect(runAdminCli(db, ['set-password', 'helper', 'harbourlights123'], io)).rejects.toThrow(
      'Weak password: It contains your name, e-mail address or the studio’s name.',
    );
    expect(await findAdminByUsername(db, 'third')).toBeUndefined();
    expect(await verifyPassword((await findAdminByUsername(db, 'helper'))!.password, 'helper-pass-1')).toBe(true);
  });

  it.runIf(dialect === 'sqlite')('`npm run admin` prints the refusal on one line and exits non-zero', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'admin-cli-'));
    try {
      const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'production', LOG_LEVEL: 'silent' };
      // The admin commands never create the database: migrating does.
      expect(spawnSync(process.execPath, ['--import', 'tsx', 'scripts/migrate.ts'], { env, encoding: 'utf8' }).status).toBe(0);
      const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', 'create', 'owner', 'owner@studio.test', 'password'], {
        env,
        encoding: 'utf8',
      });
      expect(run.status).toBe(1);
      expect(run.stderr).toBe('Weak password: This is one of the most common passwords. Add a few more words.\n');
      expect(run.stdout).toBe('');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('without ADMIN_PASSWORD creates `admin` with a random 20-character password kept in a 0600 file', async () => {
    services = await createTestServices(dialect);
    await ensureInitialAdmin(services);
    const file = path.join(services.dataDir, INITIAL_PASSWORD_FILE);
    const text = readFileSync(file, 'utf8');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const password = text.match(/Admin password: (\S+)/)![1]!;
    expect(password).toHaveLength(20);
    expect(text).toMatch(/set-password admin/);
    const admin = await findAdminByUsername(services.db, 'admin');
    expect(await verifyPassword(admin!.password, password)).toBe(true);
  });

  it('the CLI creates, lists, sets passwords, deactivates and activates accounts', async () => {
    services = await createTestServices(dialect);
    const { db } = services;
    const lines: string[] = [];
    const io = { out: (line: string) => lines.push(line), readStdin: async () => 'from-stdin-pass\n' };
    await runAdminCli(db, ['create', 'Helper', 'helper@studio.test', 'helper-pass-1'], io);
    await runAdminCli(db, ['create', 'second', 'second@studio.test'], io);
    expect(lines.at(-1)).toMatch(/^Password: \S{20}$/);
    await expect(runAdminCli(db, ['create', 'helper', 'other@studio.test', 'helper-pass-1'], io)).rejects.toThrow(/already exists/);
    await expect(runAdminCli(db, ['create', 'third', 'third@studio.test', 'short'], io)).rejects.toThrow(
      'Password must be at least 8 characters',
    );
    await expect(runAdminCli(db, ['create', 'third', 'not-an-email', 'long-enough-1'], io)).rejects.toThrow('Valid email is required');

    lines.length = 0;
    await runAdminCli(db, ['list'], io);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/helper\thelper@studio\.test\tactive\tlast login: never/);

    const helper = (await findAdminByUsername(db, 'helper'))!;
    const session = await createSession(db, helper.id);
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) {
      expect((await beginLoginAttempt(db, 'helper', '198.51.100.7')).kind).toBe('go');
      await loginAttemptFailed(db, 'helper');
    }
    expect((await beginLoginAttempt(db, 'helper', '198.51.100.7')).kind).toBe('locked');
    await runAdminCli(db, ['set-password', 'helper', '--password-stdin'], io);
    expect((await beginLoginAttempt(db, 'helper', '198.51.100.7')).kind).toBe('go');
    expect(await verifyPassword((await findAdminByUsername(db, 'helper'))!.password, 'from-stdin-pass')).toBe(true);
    expect(await loadSession(db, session.token)).toBeNull();

    const again = await createSession(db, helper.id);
    await runAdminCli(db, ['deactivate', 'helper'], io);
    expect((await findAdminByUsername(db, 'helper'))!.isActive).toBe(0);
    expect(await loadSession(db, again.token)).toBeNull();
    await runAdminCli(db, ['activate', 'helper'], io);
    expect((await findAdminByUsername(db, 'helper'))!.isActive).toBe(1);
    await expect(runAdminCli(db, ['deactivate', 'ghost'], io)).rejects.toThrow('No admin account named "ghost".');
    await expect(runAdminCli(db, ['frobnicate'], io)).rejects.toThrow(/Unknown command/);
  });

  it("reset-2fa turns an admin's two-factor login off and deletes its recovery codes", async () => {
    services = await createTestServices(dialect);
    const { db } = services;
    const lines: string[] = [];
    const io = { out: (line: string) => lines.push(line), readStdin: async () => '' };
    await runAdminCli(db, ['create', 'owner', 'owner@studio.test', 'owner-pass-1'], io);
    const owner = (await findAdminByUsername(db, 'owner'))!;
    const setup = await startEnrolment(services, owner);
    if (setup.kind !== 'started') throw new Error(setup.kind);
    const confirmed = await confirmEnrolment(services, owner, totpCode(setup.secret, totpStep(new Date())), '127.0.0.1');
    expect(confirmed.kind).toBe('confirmed');
    expect(await isTwoFactorEnabled(db, owner.id)).toBe(true);

    lines.length = 0;
    await runAdminCli(db, ['reset-2fa', 'Owner'], io);
    expect(lines).toEqual([
      'Two-factor login of "owner" is off and its recovery codes are deleted; it logs in with the password alone until it enrols again.',
    ]);
    expect(await isTwoFactorEnabled(db, owner.id)).toBe(false);
    expect(await db.selectFrom('adminRecoveryCodes').select('id').execute()).toEqual([]);
    expect(await db.selectFrom('adminTwoFactor').select('adminUserId').execute()).toEqual([]);

    lines.length = 0;
    await runAdminCli(db, ['reset-2fa', 'owner'], io);
    expect(lines).toEqual(['"owner" has no two-factor login; nothing changed.']);
    await expect(runAdminCli(db, ['reset-2fa', 'ghost'], io)).rejects.toThrow('No admin account named "ghost".');
    await expect(runAdminCli(db, ['reset-2fa'], io)).rejects.toThrow('A username is required.');
  });

  it('set-email gives the first-run admin a real address: stored lower case, old reset links retired, duplicates refused', async () => {
    services = await createTestServices(dialect);
    const { db } = services;
    await ensureInitialAdmin(services);
    const lines: string[] = [];
    const io = { out: (line: string) => lines.push(line), readStdin: async () => '' };
    const admin = (await findAdminByUsername(db, 'admin'))!;
    expect(isPlaceholderAdminEmail(admin.email)).toBe(true);
    await runAdminCli(db, ['create', 'helper', 'helper@studio.test', 'helper-pass-1'], io);
    const now = new Date();
    await db
      .insertInto('passwordResetTokens')
      .values({
        adminUserId: admin.id,
        token: 'old-link',
        expiresAt: new Date(now.getTime() + 60_000).toISOString(),
        createdAt: now.toISOString(),
      })
      .execute();

    lines.length = 0;
    await runAdminCli(db, ['set-email', 'Admin', ' Owner@Studio.test '], io);
    expect(lines).toEqual(['E-mail of "admin" is now owner@studio.test; password reset links go there.']);
    expect((await findAdminByEmail(db, 'owner@studio.test'))?.id).toBe(admin.id);
    expect(isPlaceholderAdminEmail((await findAdminByUsername(db, 'admin'))!.email)).toBe(false);
    expect((await db.selectFrom('passwordResetTokens').select('used').where('token', '=', 'old-link').executeTakeFirstOrThrow()).used).toBe(
      1,
    );

    await expect(runAdminCli(db, ['set-email', 'admin', 'HELPER@studio.test'], io)).rejects.toThrow(
      'Another admin already has that e-mail address.',
    );
    await expect(runAdminCli(db, ['set-email', 'admin', 'not-an-email'], io)).rejects.toThrow('Valid email is required');
    await expect(runAdminCli(db, ['set-email', 'ghost', 'ghost@studio.test'], io)).rejects.toThrow('No admin account named "ghost".');
    await expect(runAdminCli(db, ['set-email', 'admin'], io)).rejects.toThrow('Usage: set-email <username> <email>');
    expect((await findAdminByUsername(db, 'admin'))!.email).toBe('owner@studio.test');
  });
});
