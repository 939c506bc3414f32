import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { STAFF_INVITATION_HOURS, type StaffInvitationView, type StaffInvite, type StaffJoin, type StaffMember } from '#common/staff.ts';
import type { AdminProfile } from '#common/admin-auth.ts';
import type { StaffRole } from '#common/staff-roles.ts';
import type { MailingServices } from '#server/core-services.ts';
import type { Database } from '#server/db/schema.ts';
import { isUniqueViolation } from '#server/db/unique-violation.ts';
import { findAdminById, normaliseIdentifier, toPublicAdmin } from './admin-users.ts';
import { mailInBackground } from './auth-emails.ts';
import { hashPassword } from './passwords.ts';
import { hashResetToken } from './password-reset.ts';
import { personalFactsOf, weakPasswordReason } from './password-policy.ts';
import { findStaffMember, statusOf } from './staff.ts';
import { joinLink, staffInvitationEmail } from './staff-emails.ts';

/*
 * Invitations to the staff (issue 43): the owner names a person, their e-mail and role; the row is
 * there at once (status `invited`, signing in nowhere) and a single-use link valid 72 hours is
 * e-mailed. Only the link's hash is stored. Joining chooses the username and password and spends it.
 */

const INVITATION_TTL_MS = STAFF_INVITATION_HOURS * 60 * 60 * 1000;

/** A fresh link for this person; older ones stop working. */
async function issueInvitation(db: Kysely<Database>, adminUserId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('staffInvitations').set({ used: 1 }).where('adminUserId', '=', adminUserId).where('used', '=', 0).execute();
    await trx
      .insertInto('staffInvitations')
      .values({
        adminUserId,
        tokenHash: hashResetToken(token),
        expiresAt: new Date(now.getTime() + INVITATION_TTL_MS).toISOString(),
        createdAt: now.toISOString(),
      })
      .execute();
  });
  return token;
}

function mailInvitation(services: MailingServices, member: StaffMember, invitedBy: AdminProfile, token: string) {
  const inviter = invitedBy.displayName ?? invitedBy.username;
  mailInBackground(services, 'staff invitation', (site) =>
    staffInvitationEmail(
      { to: member.email, name: member.name, role: member.role, invitedBy: inviter, link: joinLink(site.publicUrl, token) },
      site,
    ),
  );
}

export type InviteOutcome = { kind: 'invited'; member: StaffMember } | { kind: 'email-taken' };

/**
 * Adds the person as invited and e-mails their link (after the answer, once committed). Someone
 * removed earlier with the same address comes back as invited: their old work stays credited to them.
 */
export async function inviteStaffMember(services: MailingServices, input: StaffInvite, invitedBy: AdminProfile): Promise<InviteOutcome> {
  const { db } = services;
  const email = normaliseIdentifier(input.email);
  const existing = await db.selectFrom('adminUsers').select(['id', 'removedAt']).where('email', '=', email).executeTakeFirst();
  if (existing && existing.removedAt === null) return { kind: 'email-taken' };
  const now = new Date().toISOString();
  const fields = { displayName: input.name, role: input.role, isActive: 0, joinedAt: null, removedAt: null, updatedAt: now };
  // Until they choose one at joining, the username is the address (unique like it) and the password a
  // hash of random bytes nobody knows: the row signs in nowhere while `is_active` is 0 either way.
  const unknowable = await hashPassword(randomBytes(32).toString('base64url'));
  let id: number;
  if (existing) {
    await db
      .updateTable('adminUsers')
      .set({ ...fields, password: unknowable })
      .where('id', '=', existing.id)
      .execute();
    id = existing.id;
  } else {
    const taken = await db.selectFrom('adminUsers').select('id').where('username', '=', email).executeTakeFirst();
    if (taken) return { kind: 'email-taken' };
    const row = await db
      .insertInto('adminUsers')
      .values({ ...fields, username: email, email, password: unknowable, createdAt: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    id = row.id;
  }
  const token = await issueInvitation(db, id);
  const member = (await findStaffMember(db, id))!;
  mailInvitation(services, member, invitedBy, token);
  return { kind: 'invited', member };
}

export type ResendOutcome = { kind: 'sent' } | { kind: 'not-found' } | { kind: 'not-invited' };

export async function resendStaffInvitation(services: MailingServices, id: number, invitedBy: AdminProfile): Promise<ResendOutcome> {
  const member = await findStaffMember(services.db, id);
  if (!member) return { kind: 'not-found' };
  if (member.status !== 'invited') return { kind: 'not-invited' };
  mailInvitation(services, member, invitedBy, await issueInvitation(services.db, id));
  return { kind: 'sent' };
}

/** The live invitation behind a link: its person, still invited and not removed. */
async function liveInvitation(db: Kysely<Database>, token: string) {
  return db
    .selectFrom('staffInvitations')
    .innerJoin('adminUsers', 'adminUsers.id', 'staffInvitations.adminUserId')
    .select(['adminUsers.id', 'adminUsers.email', 'adminUsers.username', 'adminUsers.displayName', 'adminUsers.role'])
    .select(['adminUsers.isActive', 'adminUsers.joinedAt', 'staffInvitations.expiresAt'])
    .where('staffInvitations.tokenHash', '=', hashResetToken(token))
    .where('staffInvitations.used', '=', 0)
    .where('staffInvitations.expiresAt', '>', new Date().toISOString())
    .where('adminUsers.removedAt', 'is', null)
    .where('adminUsers.joinedAt', 'is', null)
    .executeTakeFirst();
}

/** What the join page shows, or null for a link that is unknown, used or expired. */
export async function staffInvitationView(db: Kysely<Database>, token: string): Promise<StaffInvitationView | null> {
  const found = await liveInvitation(db, token);
  if (!found) return null;
  return { email: found.email, name: found.displayName ?? found.email, role: found.role as StaffRole, expiresAt: found.expiresAt };
}

export type JoinOutcome =
  | { kind: 'joined'; admin: AdminProfile }
  | { kind: 'invalid-link' }
  | { kind: 'username-taken' }
  | { kind: 'weak-password'; reason: string };

/**
 * Spends the link: the chosen username and password, active from now on. The password is judged
 * only once the link is known to be live (a stranger cannot make the server judge passwords), and
 * the link is claimed with `used = 0` in the WHERE, so two uses at once succeed only once.
 */
export async function joinStaff(services: MailingServices, input: StaffJoin): Promise<JoinOutcome> {
  const { db } = services;
  const found = await liveInvitation(db, input.token);
  if (!found || statusOf(found) !== 'invited') return { kind: 'invalid-link' };
  const username = normaliseIdentifier(input.username);
  const other = await db
    .selectFrom('adminUsers')
    .select('id')
    .where('username', '=', username)
    .where('id', '!=', found.id)
    .executeTakeFirst();
  if (other) return { kind: 'username-taken' };
  const weak = await weakPasswordReason(input.password, await personalFactsOf({ ...found, username }, services));
  if (weak) return { kind: 'weak-password', reason: weak };
  const password = await hashPassword(input.password);
  const joined = await claimAndJoin(db, input.token, username, password).catch((error: unknown) => {
    // Someone took the username between the check above and now.
    if (isUniqueViolation(error)) return 'username-taken' as const;
    throw error;
  });
  if (joined === 'username-taken') return { kind: 'username-taken' };
  if (!joined) return { kind: 'invalid-link' };
  const admin = await findAdminById(db, found.id);
  return admin ? { kind: 'joined', admin: toPublicAdmin(admin) } : { kind: 'invalid-link' };
}

/** Claims the link and activates its person in one transaction: false when the link was spent meanwhile. */
function claimAndJoin(db: Kysely<Database>, token: string, username: string, password: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('staffInvitations')
      .set({ used: 1 })
      .where('tokenHash', '=', hashResetToken(token))
      .where('used', '=', 0)
      .where('expiresAt', '>', new Date().toISOString())
      .returning('adminUserId')
      .executeTakeFirst();
    if (!claimed) return false;
    const now = new Date().toISOString();
    const updated = await trx
      .updateTable('adminUsers')
      .set({ username, password, isActive: 1, joinedAt: now, updatedAt: now })
      .where('id', '=', claimed.adminUserId)
      .where('joinedAt', 'is', null)
      .where('removedAt', 'is', null)
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) === 1;
  });
}
