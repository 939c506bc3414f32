import type { LoginInput, AdminProfile } from '#common/admin-auth.ts';
import type { CoreServices } from '#server/core-services.ts';
import type { AdminUser } from '#server/db/schema.ts';
import { findAdminById, findAdminByUsername, toPublicAdmin } from './admin-users.ts';
import { beginLoginAttempt, loginAttemptFailed, loginAttemptSucceeded, refundLoginAttempt } from './login-guard.ts';
import { burnPasswordCheck, verifyPassword } from './passwords.ts';
import { issuePendingLogin, readPendingLogin } from './pending-login.ts';
import { checkSecondFactor, isTwoFactorEnabled } from './two-factor.ts';

type Services = Pick<CoreServices, 'db' | 'config'>;
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
export async function attemptLogin({ db, config }: Services, input: LoginInput, ip: string): Promise<LoginOutcome> {
  const attempt = await beginLoginAttempt(db, input.username, ip);
  if (attempt.kind === 'locked') return attempt;

  const user = await findAdminByUsername(db, input.username);
  let passwordMatches = false;
  if (user) passwordMatches = await verifyPassword(user.password, input.password);
  else await burnPasswordCheck(input.password);

  if (!user || !passwordMatches || user.isActive !== 1) {
    await loginAttemptFailed(db, input.username);
    return { kind: 'invalid' };
  }
  if (await isTwoFactorEnabled(db, user.id)) {
    await refundLoginAttempt(db, input.username, ip);
    return { kind: 'two-factor-required', pendingToken: issuePendingLogin(user.id, config.SESSION_SECRET) };
  }
  return succeed(db, user, ip);
}

export type SecondStepOutcome = { kind: 'ok'; admin: AdminProfile } | { kind: 'expired' } | { kind: 'invalid' } | Locked;

/**
 * The code step: a TOTP code or a recovery code for the admin a pending-login token names. Codes
 * count against the same (username, address) limits as passwords.
 */
export async function completeTwoFactorLogin(
  { db, config }: Services,
  input: { pendingToken: string; code: string },
  ip: string,
): Promise<SecondStepOutcome> {
  const pending = readPendingLogin(input.pendingToken, config.SESSION_SECRET);
  const user = pending ? await findAdminById(db, pending.adminId) : undefined;
  if (!user || user.isActive !== 1) return { kind: 'expired' };
  const attempt = await beginLoginAttempt(db, user.username, ip);
  if (attempt.kind === 'locked') return attempt;
  if (!(await checkSecondFactor({ db, config }, user.id, input.code))) {
    await loginAttemptFailed(db, user.username);
    return { kind: 'invalid' };
  }
  return succeed(db, user, ip);
}

async function succeed(db: Services['db'], user: AdminUser, ip: string): Promise<{ kind: 'ok'; admin: AdminProfile }> {
  await loginAttemptSucceeded(db, user.username, ip);
  await db.updateTable('adminUsers').set({ lastLogin: new Date().toISOString() }).where('id', '=', user.id).execute();
  return { kind: 'ok', admin: toPublicAdmin(user) };
}
