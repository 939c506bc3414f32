import type { Kysely } from 'kysely';
import type { PublicAdmin } from '#server/context.ts';
import type { Database } from '#server/db/schema.ts';
import type { LoginInput } from '#common/admin-auth.ts';
import { findAdminByUsername, toPublicAdmin } from './admin-users.ts';
import { loginLockedFor, recordLoginFailure, recordLoginSuccess } from './login-guard.ts';
import { burnPasswordCheck, verifyPassword } from './passwords.ts';

export type LoginOutcome = { kind: 'ok'; admin: PublicAdmin } | { kind: 'invalid' } | { kind: 'locked'; retryAfterSeconds: number };

/**
 * Checks a username and password. Unknown user, wrong password and inactive account take the same
 * path (a full argon2 verification each) and give the same outcome, so neither the answer nor its
 * timing tells which it was. A locked username or address is refused before any check, even with
 * the right password.
 */
export async function attemptLogin(db: Kysely<Database>, input: LoginInput, ip: string): Promise<LoginOutcome> {
  const retryAfterSeconds = await loginLockedFor(db, input.username, ip);
  if (retryAfterSeconds > 0) return { kind: 'locked', retryAfterSeconds };

  const user = await findAdminByUsername(db, input.username);
  let passwordMatches = false;
  if (user) passwordMatches = await verifyPassword(user.password, input.password);
  else await burnPasswordCheck(input.password);

  if (!user || !passwordMatches || user.isActive !== 1) {
    await recordLoginFailure(db, input.username, ip);
    return { kind: 'invalid' };
  }
  await recordLoginSuccess(db, input.username);
  await db.updateTable('adminUsers').set({ lastLogin: new Date().toISOString() }).where('id', '=', user.id).execute();
  return { kind: 'ok', admin: toPublicAdmin(user) };
}
