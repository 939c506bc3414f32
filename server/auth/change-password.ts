import type { ChangePasswordInput } from '#common/admin-auth.ts';
import type { MailingServices } from '#server/core-services.ts';
import { setAdminPassword } from './admin-users.ts';
import { removeInitialPasswordFile } from './first-admin.ts';
import { mailSite, passwordChangedEmail } from './auth-emails.ts';
import { runInBackground } from './background.ts';
import { confirmCurrentPassword } from './current-password.ts';

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
  { db, mailer, logger, config, studioIdentity }: MailingServices,
  request: { adminId: number; sessionId: string | undefined; ip: string; input: ChangePasswordInput },
): Promise<ChangePasswordOutcome> {
  const check = await confirmCurrentPassword(db, request.adminId, request.ip, request.input.currentPassword);
  if (check.kind !== 'confirmed') return check;
  const { admin } = check;
  await setAdminPassword(db, admin.id, request.input.newPassword, request.sessionId);
  await removeInitialPasswordFile(config.DATA_DIR, admin.username);
  runInBackground(logger, 'password changed notice', async () => {
    const site = await mailSite(config.PUBLIC_URL, studioIdentity);
    await mailer.send(passwordChangedEmail(admin.email, admin.username, site));
  });
  return { kind: 'changed' };
}
