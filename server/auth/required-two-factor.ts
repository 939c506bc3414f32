import type { RequiredTwoFactor } from '#common/staff-sessions.ts';
import { STAFF_ROLES, type StaffRole } from '#common/staff-roles.ts';
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';

/*
 * The owner's rule that a role must use two-factor (decision 117). The session lookup reads it with
 * the session (session-store.ts), so a change counts from the next request: a person of that role
 * without two-factor is then held at its setup, which stays open to them, so nobody, the last owner
 * included, is locked out by it.
 */

export async function readRequiredTwoFactor(db: Kysely<Database>): Promise<RequiredTwoFactor> {
  const rows = await db.selectFrom('staffRoleSettings').select(['role', 'twoFactorRequired']).execute();
  const required = Object.fromEntries(STAFF_ROLES.map((role) => [role, false])) as RequiredTwoFactor;
  for (const row of rows) if (row.role in required) required[row.role as StaffRole] = Number(row.twoFactorRequired) === 1;
  return required;
}

export async function saveRequiredTwoFactor(
  db: Kysely<Database>,
  required: RequiredTwoFactor,
  now = new Date(),
): Promise<RequiredTwoFactor> {
  await db.transaction().execute(async (trx) => {
    for (const role of STAFF_ROLES) {
      const values = { twoFactorRequired: required[role] ? 1 : 0, updatedAt: now.toISOString() };
      await trx
        .insertInto('staffRoleSettings')
        .values({ role, ...values })
        .onConflict((oc) => oc.column('role').doUpdateSet(values))
        .execute();
    }
  });
  return readRequiredTwoFactor(db);
}

/** Whether this role must use two-factor (turning it off is then refused). */
export async function roleRequiresTwoFactor(db: Kysely<Database>, role: string): Promise<boolean> {
  const row = await db.selectFrom('staffRoleSettings').select('twoFactorRequired').where('role', '=', role).executeTakeFirst();
  return Number(row?.twoFactorRequired ?? 0) === 1;
}
