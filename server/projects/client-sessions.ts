import { createHash, randomBytes } from 'node:crypto';
import type { ExpressionBuilder, Kysely } from 'kysely';
import { CLIENT_SESSION_IDLE_DAYS, SIGN_IN_LINK_DAYS } from '#common/projects.ts';
import type { ProjectAccess } from '#common/collaborators.ts';
import type { Database } from '#server/db/schema.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
export const CLIENT_SESSION_IDLE_MS = CLIENT_SESSION_IDLE_DAYS * DAY_MS;
export const SIGN_IN_LINK_MS = SIGN_IN_LINK_DAYS * DAY_MS;
/** Sliding the idle deadline on every request would write on every page view; once an hour is plenty for 30 days. */
const TOUCH_INTERVAL_MS = 60 * 60 * 1000;

/** Only hashes are stored: a leaked table or backup opens no portal. */
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const freshToken = () => randomBytes(32).toString('base64url');

/** The signed-in client: known by the address the studio invited. */
export interface PortalClient {
  email: string;
  /** The stored key of this session (a hash of the cookie's token). */
  sid: string;
}

/** An address's active place among the project's collaborators (added, not removed), inside a query on `projects`. */
const activeCollaborator = (eb: ExpressionBuilder<Database, 'projects'>, email: string) =>
  eb
    .selectFrom('projectCollaborators')
    .whereRef('projectCollaborators.projectId', '=', 'projects.id')
    .where('projectCollaborators.email', '=', email)
    .where('projectCollaborators.removedAt', 'is', null);

/**
 * The projects open to an address: invited and not revoked, with the address as the client or as an
 * active collaborator. The one rule of what a signed-in person may see; `projectAccessFor` says how.
 */
export function projectsOpenTo(db: Kysely<Database>, email: string) {
  return db
    .selectFrom('projects')
    .where('invitedAt', 'is not', null)
    .where('accessRevokedAt', 'is', null)
    .where((eb) => eb.or([eb('clientEmail', '=', email), eb.exists(activeCollaborator(eb, email).select('projectCollaborators.id'))]));
}

/**
 * How an address reaches one project: `client` (the invited client), a collaborator's role, or null
 * (no access: the caller answers 404). Read at every request, so a removal or a new role counts at once.
 */
export async function projectAccessFor(db: Kysely<Database>, email: string, projectId: number): Promise<ProjectAccess | null> {
  const row = await projectsOpenTo(db, email)
    .select(['clientEmail', collaboratorRole(email)])
    .where('id', '=', projectId)
    .executeTakeFirst();
  return row ? accessOfRow(row, email) : null;
}

/** The address's collaborator role on each project, as a `role` column beside the project's own. */
export const collaboratorRole = (email: string) => (eb: ExpressionBuilder<Database, 'projects'>) =>
  activeCollaborator(eb, email).select('projectCollaborators.role').limit(1).as('role');

/** How `email` reaches a project row read from `projectsOpenTo` with its `collaboratorRole`. */
export function accessOfRow(row: { clientEmail: string; role: string | null }, email: string): ProjectAccess | null {
  return row.clientEmail === email ? 'client' : ((row.role as ProjectAccess | null) ?? null);
}

/**
 * A client may sign in while at least one project is open to them. Read at every step (link,
 * session), so revoking takes effect at once.
 */
export async function hasPortalAccess(db: Kysely<Database>, email: string): Promise<boolean> {
  return Boolean(await projectsOpenTo(db, email).select('id').limit(1).executeTakeFirst());
}

/** A single-use sign-in link's token for `email`, valid SIGN_IN_LINK_DAYS. */
export async function createSignInLink(db: Kysely<Database>, email: string, now = new Date()): Promise<string> {
  const token = freshToken();
  await db
    .insertInto('clientSignInLinks')
    .values({
      email,
      tokenHash: hashOf(token),
      expiresAt: new Date(now.getTime() + SIGN_IN_LINK_MS).toISOString(),
      createdAt: now.toISOString(),
    })
    .execute();
  return token;
}

/**
 * Spends a sign-in link and opens a session: the claim is a conditional update, so two clicks at once
 * open one session. Null for an unknown, used or expired link, or an address whose access was revoked.
 */
export async function redeemSignInLink(
  db: Kysely<Database>,
  token: string,
  now = new Date(),
): Promise<{ token: string; email: string; maxAgeMs: number } | null> {
  if (token.length === 0 || token.length > 200) return null;
  const claimed = await db
    .updateTable('clientSignInLinks')
    .set({ usedAt: now.toISOString() })
    .where('tokenHash', '=', hashOf(token))
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', now.toISOString())
    .returning(['email'])
    .executeTakeFirst();
  if (!claimed || !(await hasPortalAccess(db, claimed.email))) return null;
  // What the client and the owner see beside each collaborator: one cheap write per sign-in.
  await db
    .updateTable('projectCollaborators')
    .set({ lastSignedInAt: now.toISOString() })
    .where('email', '=', claimed.email)
    .where('removedAt', 'is', null)
    .execute();
  const sessionToken = freshToken();
  await db
    .insertInto('clientSessions')
    .values({
      sid: hashOf(sessionToken),
      email: claimed.email,
      expiresAt: new Date(now.getTime() + CLIENT_SESSION_IDLE_MS).toISOString(),
      lastSeenAt: now.toISOString(),
      createdAt: now.toISOString(),
    })
    .execute();
  return { token: sessionToken, email: claimed.email, maxAgeMs: CLIENT_SESSION_IDLE_MS };
}

/** The client behind a cookie token, if the session is live and the address still has access; slides the idle deadline. */
export async function loadClientSession(db: Kysely<Database>, token: string, now = new Date()): Promise<PortalClient | null> {
  const sid = hashOf(token);
  const row = await db
    .selectFrom('clientSessions')
    .select(['email', 'lastSeenAt'])
    .where('sid', '=', sid)
    .where('expiresAt', '>', now.toISOString())
    .executeTakeFirst();
  if (!row) return null;
  if (!(await hasPortalAccess(db, row.email))) {
    await endClientSession(db, sid);
    return null;
  }
  if (now.getTime() - new Date(row.lastSeenAt).getTime() >= TOUCH_INTERVAL_MS) {
    await db
      .updateTable('clientSessions')
      .set({ lastSeenAt: now.toISOString(), expiresAt: new Date(now.getTime() + CLIENT_SESSION_IDLE_MS).toISOString() })
      .where('sid', '=', sid)
      .execute();
  }
  return { email: row.email, sid };
}

export async function endClientSession(db: Kysely<Database>, sid: string): Promise<void> {
  await db.deleteFrom('clientSessions').where('sid', '=', sid).execute();
}

/** Losing access to a last project (revoked, removed as a collaborator) ends the address's sessions and spends its pending links. */
export async function endClientAccess(db: Kysely<Database>, email: string, now = new Date()): Promise<void> {
  await db.deleteFrom('clientSessions').where('email', '=', email).execute();
  await db
    .updateTable('clientSignInLinks')
    .set({ usedAt: now.toISOString() })
    .where('email', '=', email)
    .where('usedAt', 'is', null)
    .execute();
}

/** Hourly housekeeping: sessions past their idle deadline and links past expiry. */
export async function pruneClientAccess(db: Kysely<Database>, now = new Date()): Promise<void> {
  await db.deleteFrom('clientSessions').where('expiresAt', '<=', now.toISOString()).execute();
  await db.deleteFrom('clientSignInLinks').where('expiresAt', '<=', now.toISOString()).execute();
}
