import type { Kysely } from 'kysely';
import { PROFILE_MESSAGES, type UpdateProfileInput, type AdminProfile } from '#common/admin-auth.ts';
import type { FieldErrors } from '#common/validation.ts';
import type { MailingServices } from '#server/core-services.ts';
import type { Database } from '#server/db/schema.ts';
import { normaliseIdentifier, PUBLIC_ADMIN_COLUMNS, toPublicAdmin } from './admin-users.ts';
import { emailChangedEmail, mailSite } from './auth-emails.ts';
import { renameInitialPasswordFileOwner } from './first-admin.ts';
import { runInBackground } from './background.ts';
import { confirmCurrentPassword } from './current-password.ts';
import { isUniqueViolation } from '#server/db/unique-violation.ts';

export type UpdateProfileOutcome =
  | { kind: 'updated'; admin: AdminProfile }
  /** The session's admin no longer exists. */
  | { kind: 'unknown-admin' }
  | { kind: 'locked'; retryAfterSeconds: number }
  | { kind: 'wrong-current-password' }
  /** Another admin has the username or the e-mail (compared without regard to case). */
  | { kind: 'taken'; errors: FieldErrors };

/** Which of the wanted username and e-mail another admin already has. */
async function takenBy(db: Kysely<Database>, adminId: number, username: string, email: string): Promise<FieldErrors> {
  const others = await db
    .selectFrom('adminUsers')
    .select(['username', 'email'])
    .where('id', '!=', adminId)
    .where((eb) => eb.or([eb(eb.fn('lower', ['username']), '=', username), eb(eb.fn('lower', ['email']), '=', email)]))
    .execute();
  const errors: FieldErrors = {};
  if (others.some((other) => normaliseIdentifier(other.username) === username)) errors.username = [PROFILE_MESSAGES.usernameTaken];
  if (others.some((other) => normaliseIdentifier(other.email) === email)) errors.email = [PROFILE_MESSAGES.emailTaken];
  return errors;
}

/**
 * A signed-in admin changes their username, e-mail and display name. The current password proves
 * it is them, counted against the login guard of the username as it was (before the check, like a
 * password change), so a stolen session cannot guess it. A new e-mail is where reset links go from
 * then on: links already sent to the old address are retired, and the old address is told.
 */
export async function updateAdminProfile(
  { db, mailer, logger, config, studioIdentity }: MailingServices,
  request: { adminId: number; ip: string; input: UpdateProfileInput },
): Promise<UpdateProfileOutcome> {
  const check = await confirmCurrentPassword(db, request.adminId, request.ip, request.input.currentPassword);
  if (check.kind !== 'confirmed') return check;
  const { admin } = check;

  const { username, email, displayName } = request.input;
  const taken = await takenBy(db, admin.id, username, email);
  if (Object.keys(taken).length > 0) return { kind: 'taken', errors: taken };
  const emailChanged = normaliseIdentifier(admin.email) !== email;
  let updated;
  try {
    updated = await db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('adminUsers')
        .set({ username, email, displayName, updatedAt: new Date().toISOString() })
        .where('id', '=', admin.id)
        .returning(PUBLIC_ADMIN_COLUMNS)
        .executeTakeFirst();
      if (emailChanged) {
        await trx.updateTable('passwordResetTokens').set({ used: 1 }).where('adminUserId', '=', admin.id).where('used', '=', 0).execute();
      }
      return row;
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const errors = await takenBy(db, admin.id, username, email);
    return { kind: 'taken', errors: Object.keys(errors).length > 0 ? errors : { username: [PROFILE_MESSAGES.usernameTaken] } };
  }
  if (!updated) return { kind: 'unknown-admin' };
  if (normaliseIdentifier(admin.username) !== username) await renameInitialPasswordFileOwner(config.DATA_DIR, admin.username, username);
  if (emailChanged) {
    runInBackground(logger, 'e-mail changed notice', async () => {
      const site = await mailSite(config.PUBLIC_URL, studioIdentity);
      await mailer.send(emailChangedEmail(admin.email, username, email, site));
    });
  }
  return { kind: 'updated', admin: toPublicAdmin(updated) };
}

/** Shows or puts away the dashboard's setup checklist for this admin. Null when the admin has gone. */
export async function setSetupChecklistDismissed(db: Kysely<Database>, adminId: number, dismissed: boolean): Promise<AdminProfile | null> {
  const row = await db
    .updateTable('adminUsers')
    .set({ setupChecklistDismissedAt: dismissed ? new Date().toISOString() : null })
    .where('id', '=', adminId)
    .returning(PUBLIC_ADMIN_COLUMNS)
    .executeTakeFirst();
  return row ? toPublicAdmin(row) : null;
}
