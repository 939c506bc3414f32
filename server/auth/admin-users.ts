import { adminShownName, type AdminProfile } from '#common/admin-auth.ts';
import type { StaffRole } from '#common/staff-roles.ts';
import type { Kysely } from 'kysely';
import type { AdminUser, Database } from '#server/db/schema.ts';
import { hashPassword } from './passwords.ts';

/** The columns a AdminProfile is made of (the session lookup selects these). */
export const PUBLIC_ADMIN_COLUMNS = [
  'id',
  'username',
  'email',
  'displayName',
  'firstName',
  'lastName',
  'profileImageUrl',
  'setupChecklistDismissedAt',
  'role',
] as const;

export function toPublicAdmin(user: Pick<AdminUser, (typeof PUBLIC_ADMIN_COLUMNS)[number]>): AdminProfile {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    displayName: user.displayName,
    firstName: user.firstName,
    lastName: user.lastName,
    profileImageUrl: user.profileImageUrl,
    setupChecklistDismissed: user.setupChecklistDismissedAt !== null,
    // A role the table does not know (a row edited by hand) may do nothing: common/staff-roles.ts's roleMay.
    role: user.role as StaffRole,
  };
}

/** Usernames and e-mails are matched without regard to case, so `Owner` and `owner` are one account. */
export const normaliseIdentifier = (value: string) => value.trim().toLowerCase();

export function findAdminByUsername(db: Kysely<Database>, username: string) {
  return db.selectFrom('adminUsers').selectAll().where('username', '=', normaliseIdentifier(username)).executeTakeFirst();
}

export function findAdminByEmail(db: Kysely<Database>, email: string) {
  return db.selectFrom('adminUsers').selectAll().where('email', '=', normaliseIdentifier(email)).executeTakeFirst();
}

export function findAdminById(db: Kysely<Database>, id: number) {
  return db.selectFrom('adminUsers').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listAdmins(db: Kysely<Database>) {
  return db.selectFrom('adminUsers').select(['id', 'username', 'email', 'isActive', 'lastLogin', 'createdAt']).orderBy('id').execute();
}

/**
 * The studio's people as they are named now (the display name, else the username), by id: a
 * project's e-mails sign the owner's comments with it (server/services.ts hands it to projects).
 */
export async function adminNamesById(db: Kysely<Database>, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const admins = await db.selectFrom('adminUsers').select(['id', 'username', 'displayName']).where('id', 'in', ids).execute();
  return new Map(admins.map((admin) => [admin.id, adminShownName(admin)]));
}

export function countAdmins(db: Kysely<Database>) {
  return db
    .selectFrom('adminUsers')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow()
    .then((row) => Number(row.count));
}

export interface NewAdmin {
  username: string;
  email: string;
  password: string;
  firstName?: string | null;
  lastName?: string | null;
}

export async function createAdmin(db: Kysely<Database>, input: NewAdmin): Promise<AdminUser> {
  const password = await hashPassword(input.password);
  const now = new Date().toISOString();
  return db
    .insertInto('adminUsers')
    .values({
      username: normaliseIdentifier(input.username),
      email: normaliseIdentifier(input.email),
      password,
      firstName: input.firstName ?? null,
      lastName: input.lastName ?? null,
      joinedAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Sets a new password and ends everything the old one opened: every session of that admin and every
 * outstanding reset link. `keepSessionId` spares the session that made the change.
 */
export async function setAdminPassword(db: Kysely<Database>, adminId: number, password: string, keepSessionId?: string): Promise<void> {
  const hashed = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('adminUsers').set({ password: hashed, updatedAt: new Date().toISOString() }).where('id', '=', adminId).execute();
    let sessions = trx.deleteFrom('sessions').where('adminUserId', '=', adminId);
    if (keepSessionId) sessions = sessions.where('sid', '!=', keepSessionId);
    await sessions.execute();
    await trx.updateTable('passwordResetTokens').set({ used: 1 }).where('adminUserId', '=', adminId).where('used', '=', 0).execute();
  });
}

/**
 * A new e-mail address: reset links go there from now on, and links already sent to the old
 * address stop working. False when another admin has the address (compared without regard to case).
 */
export async function setAdminEmail(db: Kysely<Database>, adminId: number, email: string): Promise<boolean> {
  const wanted = normaliseIdentifier(email);
  const other = await db
    .selectFrom('adminUsers')
    .select('id')
    .where('id', '!=', adminId)
    .where((eb) => eb(eb.fn('lower', ['email']), '=', wanted))
    .executeTakeFirst();
  if (other) return false;
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('adminUsers').set({ email: wanted, updatedAt: new Date().toISOString() }).where('id', '=', adminId).execute();
    await trx.updateTable('passwordResetTokens').set({ used: 1 }).where('adminUserId', '=', adminId).where('used', '=', 0).execute();
  });
  return true;
}

/** Deactivating also ends the admin's sessions at once, not at their next expiry. */
export async function setAdminActive(db: Kysely<Database>, adminId: number, active: boolean): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('adminUsers')
      .set({ isActive: active ? 1 : 0, updatedAt: new Date().toISOString() })
      .where('id', '=', adminId)
      .execute();
    if (!active) await trx.deleteFrom('sessions').where('adminUserId', '=', adminId).execute();
  });
}
