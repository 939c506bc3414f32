import { PostgresAdapter, sql, type Kysely, type Transaction } from 'kysely';
import type { StaffChange, StaffMember, StaffStatus } from '#common/staff.ts';
import type { StaffRole } from '#common/staff-roles.ts';
import type { AdminUser, Database } from '#server/db/schema.ts';

/*
 * The studio's staff (issue 43): the admin accounts that are not removed, with their role and status.
 * There is always at least one active owner: every change that could take the last one away runs in
 * a transaction that first takes the staff lock, so twenty demotions at once still leave one.
 */

/** pg_advisory_xact_lock's key for "the staff's roles and states", held until the transaction ends. */
const STAFF_LOCK_KEY = 43_001;

type StaffRow = Pick<AdminUser, 'id' | 'email' | 'username' | 'displayName' | 'role' | 'isActive' | 'joinedAt'>;

export function statusOf(row: Pick<AdminUser, 'isActive' | 'joinedAt'>): StaffStatus {
  if (row.isActive === 1) return 'active';
  return row.joinedAt === null ? 'invited' : 'suspended';
}

const toMember = (row: StaffRow): StaffMember => ({
  id: row.id,
  email: row.email,
  name: row.displayName ?? row.username,
  role: row.role as StaffRole,
  status: statusOf(row),
});

const STAFF_COLUMNS = ['id', 'email', 'username', 'displayName', 'role', 'isActive', 'joinedAt'] as const;

export async function listStaff(db: Kysely<Database>): Promise<StaffMember[]> {
  const rows = await db.selectFrom('adminUsers').select(STAFF_COLUMNS).where('removedAt', 'is', null).orderBy('id').execute();
  return rows.map(toMember);
}

export async function findStaffMember(db: Kysely<Database>, id: number): Promise<StaffMember | undefined> {
  const row = await db
    .selectFrom('adminUsers')
    .select(STAFF_COLUMNS)
    .where('id', '=', id)
    .where('removedAt', 'is', null)
    .executeTakeFirst();
  return row && toMember(row);
}

/**
 * Runs `work` holding the staff lock. On PostgreSQL an advisory lock for the transaction (no deadlock:
 * one key, whatever rows are touched); SQLite runs one transaction at a time on its one connection.
 */
export async function withStaffLock<T>(db: Kysely<Database>, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    if (db.getExecutor().adapter instanceof PostgresAdapter) await sql`select pg_advisory_xact_lock(${STAFF_LOCK_KEY})`.execute(trx);
    return work(trx);
  });
}

/** The active owners other than this person, counted under the staff lock. */
async function otherActiveOwners(trx: Transaction<Database>, id: number): Promise<number> {
  const row = await trx
    .selectFrom('adminUsers')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('role', '=', 'owner')
    .where('isActive', '=', 1)
    .where('removedAt', 'is', null)
    .where('id', '!=', id)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export type StaffChangeOutcome =
  | { kind: 'changed'; member: StaffMember }
  | { kind: 'not-found' }
  | { kind: 'last-owner' }
  /** Suspending someone whose invitation still waits. */
  | { kind: 'not-joined' };

/** A person still on the staff (not removed), read inside the staff lock. */
const staffRow = (trx: Kysely<Database>, id: number) =>
  trx.selectFrom('adminUsers').select(STAFF_COLUMNS).where('id', '=', id).where('removedAt', 'is', null).executeTakeFirst();

/** A new role and/or suspended or not. Suspending ends their sessions in the same transaction. */
export async function changeStaffMember(db: Kysely<Database>, id: number, change: StaffChange): Promise<StaffChangeOutcome> {
  return withStaffLock(db, async (trx) => {
    const row = await staffRow(trx, id);
    if (!row) return { kind: 'not-found' };
    if (change.suspended !== undefined && row.joinedAt === null) return { kind: 'not-joined' };
    const activeAfter = change.suspended === undefined ? row.isActive === 1 : !change.suspended;
    const roleAfter = change.role ?? row.role;
    const ownerNow = row.role === 'owner' && row.isActive === 1;
    if (ownerNow && (roleAfter !== 'owner' || !activeAfter) && (await otherActiveOwners(trx, id)) === 0) return { kind: 'last-owner' };
    const isActive = row.joinedAt === null ? 0 : activeAfter ? 1 : 0;
    await trx
      .updateTable('adminUsers')
      .set({ role: roleAfter, isActive, updatedAt: new Date().toISOString() })
      .where('id', '=', id)
      .execute();
    if (!isActive) await trx.deleteFrom('sessions').where('adminUserId', '=', id).execute();
    return { kind: 'changed', member: toMember({ ...row, role: roleAfter, isActive }) };
  });
}

export type StaffRemoveOutcome = { kind: 'removed' } | { kind: 'not-found' } | { kind: 'last-owner' };

/**
 * Off the staff: signs in nowhere from this moment (their sessions and links end in the same
 * transaction), but the row stays so what they made is still credited to them.
 */
export async function removeStaffMember(db: Kysely<Database>, id: number): Promise<StaffRemoveOutcome> {
  return withStaffLock(db, async (trx) => {
    const row = await staffRow(trx, id);
    if (!row) return { kind: 'not-found' };
    if (row.role === 'owner' && row.isActive === 1 && (await otherActiveOwners(trx, id)) === 0) return { kind: 'last-owner' };
    const now = new Date().toISOString();
    await trx.updateTable('adminUsers').set({ isActive: 0, removedAt: now, updatedAt: now }).where('id', '=', id).execute();
    await trx.deleteFrom('sessions').where('adminUserId', '=', id).execute();
    await trx.updateTable('staffInvitations').set({ used: 1 }).where('adminUserId', '=', id).execute();
    await trx.updateTable('passwordResetTokens').set({ used: 1 }).where('adminUserId', '=', id).execute();
    return { kind: 'removed' };
  });
}
