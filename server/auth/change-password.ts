import type { ChangePasswordInput } from '#common/admin-auth.ts';
import type { Services } from '#server/context.ts';
import { findAdminById, setAdminPassword } from './admin-users.ts';
import { removeInitialPasswordFile } from './first-admin.ts';
import { passwordChangedEmail } from './auth-emails.ts';
import { runInBackground } from './background.ts';
import { beginLoginAttempt, loginAttemptFailed, loginAttemptSucceeded } from './login-guard.ts';
import { verifyPassword } from './passwords.ts';

export type ChangePasswordOutcome =
  | { kind: 'changed' }
  /** The session's admin no longer exists. */
  | { kind: 'unknown-admin' }
  | { kind: 'locked'; retryAfterSeconds: number }
  | { kind: 'wrong-current-password' };

/**
 * A signed-in admin's password change. Guessing the current password from a stolen session counts
 * against the same lock as logins, and is counted before the check, so parallel guesses cannot slip
 * past it. Every other session of the admin ends; the one in use stays.
 */
export async function changeAdminPassword(
  { db, mailer, logger, config, studioIdentity }: Pick<Services, 'db' | 'mailer' | 'logger' | 'config' | 'studioIdentity'>,
  request: { adminId: number; sessionId: string | undefined; ip: string; input: ChangePasswordInput },
): Promise<ChangePasswordOutcome> {
  const admin = await findAdminById(db, request.adminId);
  if (!admin) return { kind: 'unknown-admin' };
  const attempt = await beginLoginAttempt(db, admin.username, request.ip);
  if (attempt.kind === 'locked') return attempt;
  if (!(await verifyPassword(admin.password, request.input.currentPassword))) {
    await loginAttemptFailed(db, admin.username);
    return { kind: 'wrong-current-password' };
  }
  await loginAttemptSucceeded(db, admin.username, request.ip);
  await setAdminPassword(db, admin.id, request.input.newPassword, request.sessionId);
  await removeInitialPasswordFile(config.DATA_DIR, admin.username);
  runInBackground(logger, 'password changed notice', async () => {
    const site = { publicUrl: config.PUBLIC_URL, studioName: (await studioIdentity()).name };
    await mailer.send(passwordChangedEmail(admin.email, admin.username, site));
  });
  return { kind: 'changed' };
}
