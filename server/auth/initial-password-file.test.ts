import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test-support/app.ts';
import { captureLogs, testDialects } from '#server/test-support/services.ts';
import { runAdminCli } from './admin-cli.ts';
import { createAdmin } from './admin-users.ts';
import { settleBackgroundWork } from './background.ts';
import { ensureInitialAdmin, INITIAL_PASSWORD_FILE } from './first-admin.ts';

const ORIGIN = 'http://localhost:3000';

/**
 * The generated first-admin password is a secret: the log names its file, never the password, and
 * the file goes as soon as that admin has a password of their own, however it was set.
 */
describe.each(testDialects())('the first admin password file (%s)', (dialect) => {
  let t: TestApp | undefined;
  let logs: ReturnType<typeof captureLogs>;
  afterEach(async () => {
    await settleBackgroundWork();
    await t?.close();
    t = undefined;
  });

  async function firstStart() {
    logs = captureLogs();
    t = await createTestApp(dialect, { logger: logs.logger, env: { ADMIN_EMAIL: 'owner@example.com' } });
    await ensureInitialAdmin(t.services);
    const file = path.join(t.services.dataDir, INITIAL_PASSWORD_FILE);
    const password = /Admin password: (\S+)/.exec(readFileSync(file, 'utf8'))![1]!;
    return { t, file, password };
  }

  it('logs the file and the username, never the password', async () => {
    const { file, password } = await firstStart();
    expect(logs.text()).not.toContain(password);
    const line = logs.lines.find((entry) => entry.file === file);
    expect(line).toMatchObject({ username: 'admin', file });
  });

  it('is deleted when the admin changes the password from the account menu', async () => {
    const { t, file, password } = await firstStart();
    const login = await t.request.post('/api/admin/login').set('Origin', ORIGIN).send({ username: 'admin', password });
    expect(login.status).toBe(200);
    const cookie = login.headers['set-cookie'] as unknown as string[];
    const change = await t.request
      .post('/api/admin/change-password')
      .set('Origin', ORIGIN)
      .set('Cookie', cookie)
      .send({ currentPassword: password, newPassword: 'my-own-password-1' });
    expect(change.status).toBe(200);
    expect(existsSync(file)).toBe(false);
  });

  it('is deleted when the admin sets a new password through a reset link', async () => {
    const { t, file } = await firstStart();
    await t.request.post('/api/admin/forgot-password').set('Origin', ORIGIN).send({ email: 'owner@example.com' });
    await settleBackgroundWork();
    const outbox = path.join(t.services.dataDir, 'outbox');
    const mail = readFileSync(
      path.join(
        outbox,
        readdirSync(outbox).find((name) => name.endsWith('.json'))!,
      ),
      'utf8',
    );
    const token = decodeURIComponent(/reset-password\?token=([\w%-]+)/.exec(mail)![1]!);
    const reset = await t.request.post('/api/admin/reset-password').set('Origin', ORIGIN).send({ token, password: 'my-own-password-1' });
    expect(reset.status).toBe(200);
    expect(existsSync(file)).toBe(false);
  });

  it('is deleted by `npm run admin -- set-password` for that admin, and kept for another one', async () => {
    const { t, file } = await firstStart();
    const io = { out: () => {}, readStdin: async () => '', dataDir: t.services.dataDir };
    await createAdmin(t.services.db, { username: 'helper', email: 'helper@example.com', password: 'helper-pass-1' });
    await runAdminCli(t.services.db, ['set-password', 'helper', 'helper-pass-2'], io);
    expect(existsSync(file)).toBe(true);
    await runAdminCli(t.services.db, ['set-password', 'ADMIN', 'my-own-password-1'], io);
    expect(existsSync(file)).toBe(false);
  });
});
