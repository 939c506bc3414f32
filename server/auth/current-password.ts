import type { Kysely } from 'kysely';
import type { AdminUser, Database } from '#server/db/schema.ts';
import { findAdminById } from './admin-users.ts';
import { beginLoginAttempt, loginAttemptFailed, loginAttemptSucceeded } from './login-guard.ts';
import { verifyPassword } from './passwords.ts';

export type CurrentPasswordCheck =
  | { kind: 'confirmed'; admin: AdminUser }
  /** The session's admin no longer exists. */
  | { kind: 'unknown-admin' }
  | { kind: 'locked'; retryAfterSeconds: number }
  | { kind: 'wrong-current-password' };

/**
 * A signed-in admin proves it is still them by the current password before a sensitive change
 * (password, username, e-mail). The guess is counted against the login guard before it is checked,
 * so these forms add up with the login form into one lock.
 */
export async function confirmCurrentPassword(
  db: Kysely<Database>,
  adminId: number,
  ip: string,
  password: string,
): Promise<CurrentPasswordCheck> {
  const admin = await findAdminById(db, adminId);
  if (!admin) return { kind: 'unknown-admin' };
  const attempt = await beginLoginAttempt(db, admin.username, ip);
  if (attempt.kind === 'locked') return attempt;
  if (!(await verifyPassword(admin.password, password))) {
    await loginAttemptFailed(db, admin.username);
    return { kind: 'wrong-current-password' };
  }
  await loginAttemptSucceeded(db, admin.username, ip);
  return { kind: 'confirmed', admin };
}
