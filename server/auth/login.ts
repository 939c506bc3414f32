import type { LoginInput, AdminProfile } from '#common/admin-auth.ts';
import type { CoreServices, MailingServices } from '#server/core-services.ts';
import type { AdminUser } from '#server/db/schema.ts';
import { mailInBackground, recoveryCodeUsedEmail } from './auth-emails.ts';
import { recordAudit } from './audit-log.ts';
import { findAdminById, findAdminByUsername, toPublicAdmin } from './admin-users.ts';
import { beginLoginAttempt, loginAttemptFailed, loginAttemptSucceeded, refundLoginAttempt } from './login-guard.ts';
import { burnPasswordCheck, verifyPassword } from './passwords.ts';
import { issuePendingLogin, readPendingLogin } from './pending-login.ts';
import { countUnusedRecoveryCodes } from './recovery-codes.ts';
import { checkSecondFactor, isTwoFactorEnabled } from './two-factor.ts';

type Services = Pick<CoreServices, 'db' | 'config' | 'logger'>;
type Locked = { kind: 'locked'; retryAfterSeconds: number };

export type LoginOutcome =
  | { kind: 'ok'; admin: AdminProfile }
  /** The password was right and the admin uses two-factor: no session until the code step. */
  | { kind: 'two-factor-required'; pendingToken: string }
  | { kind: 'invalid' }
  | Locked;

/**
 * Checks a username and password. The attempt is counted before anything is checked (see
 * login-guard.ts), so a locked pair or address is refused before any check, even with the right
 * password. Unknown user, wrong password and inactive account take the same path (a full argon2
 * verification each) and give the same outcome, so neither the answer nor its timing tells which.
 */
export async function attemptLogin({ db, config, logger }: Services, input: LoginInput, ip: string): Promise<LoginOutcome> {
  const attempt = await beginLoginAttempt(db, input.username, ip);
  if (attempt.kind === 'locked') return attempt;

  const user = await findAdminByUsername(db, input.username);
  let passwordMatches = false;
  if (user) passwordMatches = await verifyPassword(user.password, input.password);
  else await burnPasswordCheck(input.password);

  if (!user || !passwordMatches || user.isActive !== 1) {
    await loginAttemptFailed(db, input.username);
    // A name no account has is not kept: it may be a password typed in the wrong field.
    await signInEvent({ db, logger }, user ?? null, 'Failed sign-in (wrong username or password)', ip);
    return { kind: 'invalid' };
  }
  if (await isTwoFactorEnabled(db, user.id)) {
    await refundLoginAttempt(db, input.username, ip);
    return { kind: 'two-factor-required', pendingToken: issuePendingLogin(user.id, config.SESSION_SECRET) };
  }
  return succeed({ db, logger }, user, ip, 'Signed in');
}

export type SecondStepOutcome =
  | { kind: 'ok'; admin: AdminProfile }
  | { kind: 'expired' }
  | { kind: 'invalid' }
  /** A recovery code this admin already spent: worth saying, the password step was passed already. */
  | { kind: 'used-recovery-code' }
  | Locked;

/**
 * The code step: a TOTP code or a recovery code for the admin a pending-login token names. Codes
 * count against the same (username, address) limits as passwords; a spent recovery code is a failure
 * too. Signing in with a recovery code is e-mailed to the admin, with how many codes are left.
 */
export async function completeTwoFactorLogin(
  services: MailingServices,
  input: { pendingToken: string; code: string },
  ip: string,
): Promise<SecondStepOutcome> {
  const { db, config } = services;
  const pending = readPendingLogin(input.pendingToken, config.SESSION_SECRET);
  const user = pending ? await findAdminById(db, pending.adminId) : undefined;
  if (!user || user.isActive !== 1) return { kind: 'expired' };
  const attempt = await beginLoginAttempt(db, user.username, ip);
  if (attempt.kind === 'locked') return attempt;
  const check = await checkSecondFactor(services, user.id, input.code);
  if (check.kind === 'wrong' || check.kind === 'used-recovery-code') {
    await loginAttemptFailed(db, user.username);
    await signInEvent(services, user, 'Failed sign-in (wrong two-factor code)', ip);
    return check.kind === 'wrong' ? { kind: 'invalid' } : check;
  }
  const signedIn = await succeed(
    services,
    user,
    ip,
    check.kind === 'recovery-code' ? 'Signed in with a recovery code' : 'Signed in with two-factor',
  );
  if (check.kind === 'recovery-code') {
    const codesLeft = await countUnusedRecoveryCodes(db, user.id);
    const at = new Date();
    mailInBackground(services, 'recovery code notice', (site) => recoveryCodeUsedEmail(user.email, user.username, at, codesLeft, site));
  }
  return signedIn;
}

/** A sign-in, or a failed one, in the audit log's security area (decision 116). */
function signInEvent({ db, logger }: Pick<Services, 'db' | 'logger'>, user: AdminUser | null, action: string, ip: string): Promise<void> {
  const person = user ? (user.displayName ?? user.username) : 'Unknown username';
  return recordAudit(db, logger, { personId: user?.id ?? null, person, area: 'security', action, ip });
}

async function succeed(
  services: Pick<Services, 'db' | 'logger'>,
  user: AdminUser,
  ip: string,
  action: string,
): Promise<{ kind: 'ok'; admin: AdminProfile }> {
  const { db } = services;
  await loginAttemptSucceeded(db, user.username, ip);
  await signInEvent(services, user, action, ip);
  await db.updateTable('adminUsers').set({ lastLogin: new Date().toISOString() }).where('id', '=', user.id).execute();
  return { kind: 'ok', admin: toPublicAdmin(user) };
}
