import type { ChangePasswordInput } from '#common/admin-auth.ts';
import type { CoreServices } from '#server/context.ts';
import { findAdminById, setAdminPassword } from './admin-users.ts';
import { removeInitialPasswordFile } from './first-admin.ts';
import { passwordChangedEmail } from './auth-emails.ts';
import { runInBackground } from './background.ts';
import { loginLockedFor, recordLoginFailure } from './login-guard.ts';
import { verifyPassword } from './passwords.ts';

export type ChangePasswordOutcome =
  | { kind: 'changed' }
  /** The session's admin no longer exists. */
  | { kind: 'unknown-admin' }
  | { kind: 'locked'; retryAfterSeconds: number }
  | { kind: 'wrong-current-password' };

/**
 * A signed-in admin's password change. Guessing the current password from a stolen session counts
 * against the same lock as logins. Every other session of the admin ends; the one in use stays.
 */
export async function changeAdminPassword(
  { db, mailer, logger, config }: CoreServices,
  request: { adminId: number; sessionId: string | undefined; ip: string; input: ChangePasswordInput },
): Promise<ChangePasswordOutcome> {
  const admin = await findAdminById(db, request.adminId);
  if (!admin) return { kind: 'unknown-admin' };
  const retryAfterSeconds = await loginLockedFor(db, admin.username, request.ip);
  if (retryAfterSeconds > 0) return { kind: 'locked', retryAfterSeconds };
  if (!(await verifyPassword(admin.password, request.input.currentPassword))) {
    await recordLoginFailure(db, admin.username, request.ip);
    return { kind: 'wrong-current-password' };
  }
  await setAdminPassword(db, admin.id, request.input.newPassword, request.sessionId);
  await removeInitialPasswordFile(config.DATA_DIR, admin.username);
  runInBackground(logger, 'password changed notice', () =>
    mailer.send(passwordChangedEmail(admin.email, admin.username, config.PUBLIC_URL)),
  );
  return { kind: 'changed' };
}
