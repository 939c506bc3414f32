import type { ChangePasswordInput } from '#common/admin-auth.ts';
import type { MailingServices } from '#server/core-services.ts';
import { findAdminById, setAdminPassword } from './admin-users.ts';
import { removeInitialPasswordFile } from './first-admin.ts';
import { mailInBackground, passwordChangedEmail } from './auth-emails.ts';
import { confirmCurrentPassword } from './current-password.ts';
import { personalFactsOf, weakPasswordReason } from './password-policy.ts';

export type ChangePasswordOutcome =
  | { kind: 'changed' }
  /** The session's admin no longer exists. */
  | { kind: 'unknown-admin' }
  | { kind: 'locked'; retryAfterSeconds: number }
  | { kind: 'wrong-current-password' }
  /** The new password is common or guessable; `reason` says why in one line. */
  | { kind: 'weak-password'; reason: string };

/**
 * A signed-in admin's password change. Guessing the current password from a stolen session counts
 * against the same lock as logins, and is counted before the check, so parallel guesses cannot slip
 * past it. A weak new password is refused before that, so it costs no attempt. Every other session
 * of the admin ends; the one in use stays.
 */
export async function changeAdminPassword(
  services: MailingServices,
  request: { adminId: number; sessionId: string | undefined; ip: string; input: ChangePasswordInput },
): Promise<ChangePasswordOutcome> {
  const { db, config } = services;
  const known = await findAdminById(db, request.adminId);
  if (!known) return { kind: 'unknown-admin' };
  const weak = await weakPasswordReason(request.input.newPassword, await personalFactsOf(known, services));
  if (weak) return { kind: 'weak-password', reason: weak };
  const check = await confirmCurrentPassword(db, request.adminId, request.ip, request.input.currentPassword);
  if (check.kind !== 'confirmed') return check;
  const { admin } = check;
  await setAdminPassword(db, admin.id, request.input.newPassword, request.sessionId);
  await removeInitialPasswordFile(config.DATA_DIR, admin.username);
  mailInBackground(services, 'password changed notice', (site) => passwordChangedEmail(admin.email, admin.username, site));
  return { kind: 'changed' };
}
