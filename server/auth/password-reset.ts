import { createHash, randomBytes } from 'node:crypto';
import type { MailingServices } from '#server/core-services.ts';
import { hitRateLimit } from '#server/rate-limits/rate-limit.ts';
import { findAdminByEmail, findAdminById, setAdminPassword } from './admin-users.ts';
import { recordAudit } from './audit-log.ts';
import { mailInBackground, mailSite, passwordChangedEmail, passwordResetEmail, resetLink } from './auth-emails.ts';
import { runInBackground } from './background.ts';
import { liftAccountLocks } from './login-guard.ts';
import { removeInitialPasswordFile } from './first-admin.ts';
import { personalFactsOf, weakPasswordReason } from './password-policy.ts';

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const FORGOT_PER_EMAIL_LIMIT = 5;
export const FORGOT_PER_IP_LIMIT = 20;
const FORGOT_WINDOW_MS = 60 * 60 * 1000;

/** Only this hash is stored: whoever reads the table cannot use a pending link. */
export const hashResetToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Counts the request, then (within the limits) sends a reset link in the background. The caller
 * answers the same thing right away whatever happens here, so the answer and its timing reveal
 * neither whether the address has an account nor whether a limit was hit.
 */
export async function requestPasswordReset(services: MailingServices, email: string, ip: string): Promise<void> {
  const { db, logger } = services;
  const perEmail = await hitRateLimit(db, { key: `forgot:email:${email}`, limit: FORGOT_PER_EMAIL_LIMIT, windowMs: FORGOT_WINDOW_MS });
  const perIp = await hitRateLimit(db, { key: `forgot:ip:${ip}`, limit: FORGOT_PER_IP_LIMIT, windowMs: FORGOT_WINDOW_MS });
  if (!perEmail.allowed || !perIp.allowed) {
    logger.warn({ ip }, 'password reset request over the limit: nothing sent');
    return;
  }
  runInBackground(logger, 'password reset e-mail', () => issueResetLink(services, email, ip));
}

async function issueResetLink({ db, mailer, config, studioIdentity, logger }: MailingServices, email: string, ip: string): Promise<void> {
  const admin = await findAdminByEmail(db, email);
  if (!admin || admin.isActive !== 1) return;
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  await db.transaction().execute(async (trx) => {
    // One live link per admin: a new request retires the older ones.
    await trx.updateTable('passwordResetTokens').set({ used: 1 }).where('adminUserId', '=', admin.id).where('used', '=', 0).execute();
    await trx
      .insertInto('passwordResetTokens')
      .values({
        adminUserId: admin.id,
        token: hashResetToken(token),
        expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS).toISOString(),
        createdAt: now.toISOString(),
      })
      .execute();
  });
  await recordAudit(db, logger, {
    personId: admin.id,
    person: admin.displayName ?? admin.username,
    area: 'security',
    action: 'Password reset link asked for',
    ip,
  });
  const site = await mailSite(config.PUBLIC_URL, studioIdentity);
  await mailer.send(passwordResetEmail(admin.email, admin.username, resetLink(config.PUBLIC_URL, token), site));
}

export type ResetPasswordOutcome =
  | { kind: 'reset' }
  /** Unknown, used or expired link, or its admin is inactive or gone. */
  | { kind: 'invalid-link' }
  /** Common or guessable; the link stays unused, so the owner can choose another password with it. */
  | { kind: 'weak-password'; reason: string };

/**
 * Spends a reset token: sets the password, ends every session of that admin, retires all of its
 * links, lifts the login locks held against its username (whoever tripped them) and sends a notice.
 * Two-factor stays on: an e-mail alone must not switch it off. The password is judged only once
 * the link is known to be live, so a stranger without a link cannot make the server judge passwords.
 */
export async function resetPassword(
  services: MailingServices,
  token: string,
  password: string,
  ip = 'unknown',
): Promise<ResetPasswordOutcome> {
  const { db, config, logger } = services;
  const tokenHash = hashResetToken(token);
  const live = await db
    .selectFrom('passwordResetTokens')
    .select('adminUserId')
    .where('token', '=', tokenHash)
    .where('used', '=', 0)
    .where('expiresAt', '>', new Date().toISOString())
    .executeTakeFirst();
  const owner = live ? await findAdminById(db, live.adminUserId) : undefined;
  if (!owner || owner.isActive !== 1) return { kind: 'invalid-link' };
  const weak = await weakPasswordReason(password, await personalFactsOf(owner, services));
  if (weak) return { kind: 'weak-password', reason: weak };
  // Claiming with `used = 0` in the WHERE makes two concurrent uses of one link succeed only once.
  const claimed = await db
    .updateTable('passwordResetTokens')
    .set({ used: 1 })
    .where('token', '=', tokenHash)
    .where('used', '=', 0)
    .where('expiresAt', '>', new Date().toISOString())
    .returning(['adminUserId'])
    .executeTakeFirst();
  if (!claimed) return { kind: 'invalid-link' };
  const admin = await findAdminById(db, claimed.adminUserId);
  if (!admin || admin.isActive !== 1) return { kind: 'invalid-link' };
  await setAdminPassword(db, admin.id, password);
  await liftAccountLocks(db, admin.username);
  await removeInitialPasswordFile(config.DATA_DIR, admin.username);
  const person = admin.displayName ?? admin.username;
  await recordAudit(db, logger, { personId: admin.id, person, area: 'security', action: 'Password reset with an e-mailed link', ip });
  mailInBackground(services, 'password changed notice', (site) => passwordChangedEmail(admin.email, admin.username, site));
  return { kind: 'reset' };
}
