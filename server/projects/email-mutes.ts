import { timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { EmailMuteView } from '#common/email-mutes.ts';
import { keyedHash } from '#server/crypto/secret-box.ts';
import type { Database } from '#server/db/schema.ts';

/*
 * Muting a project's e-mails (decision 102): every e-mail about the work carries a link that mutes
 * that project for the person it was sent to. The link is the address and the project signed under
 * SESSION_SECRET (an HMAC, nothing stored), so it works from any mail app without signing in, for
 * that person and that project only; an edited link names nobody.
 */

const signatureOf = (secret: string, projectId: number, email: string) => keyedHash(`${projectId}\u0000${email}`, secret, 'email-mute');

/** The token of the mute link: `{projectId}.{address, base64url}.{HMAC}`. */
export function muteToken(secret: string, projectId: number, email: string): string {
  return `${projectId}.${Buffer.from(email).toString('base64url')}.${signatureOf(secret, projectId, email)}`;
}

/** Who a mute link is for, or null when it is not one this site signed. */
export function readMuteToken(secret: string, token: string): { projectId: number; email: string } | null {
  const match = /^([1-9]\d{0,9})\.([A-Za-z0-9_-]{1,400})\.([0-9a-f]{64})$/.exec(token);
  if (!match) return null;
  const projectId = Number(match[1]);
  const email = Buffer.from(match[2]!, 'base64url').toString('utf8');
  const expected = Buffer.from(signatureOf(secret, projectId, email));
  const given = Buffer.from(match[3]!);
  return given.length === expected.length && timingSafeEqual(given, expected) ? { projectId, email } : null;
}

export async function isMuted(db: Kysely<Database>, projectId: number, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('projectEmailMutes')
    .select('projectId')
    .where('projectId', '=', projectId)
    .where('email', '=', email)
    .executeTakeFirst();
  return Boolean(row);
}

export type MuteOutcome = { kind: 'done'; view: EmailMuteView } | { kind: 'not-found' };

/** The mute links' use cases: what a link's page shows, muting and unmuting (each again is no change). */
export class EmailMutes {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly secret: string,
  ) {}

  link(publicUrl: string, projectId: number, email: string): string {
    return `${publicUrl}/mute/${muteToken(this.secret, projectId, email)}`;
  }

  async view(token: string): Promise<MuteOutcome> {
    const who = readMuteToken(this.secret, token);
    if (!who) return { kind: 'not-found' };
    const project = await this.db.selectFrom('projects').select('title').where('id', '=', who.projectId).executeTakeFirst();
    if (!project) return { kind: 'not-found' };
    return {
      kind: 'done',
      view: { projectTitle: project.title, email: who.email, muted: await isMuted(this.db, who.projectId, who.email) },
    };
  }

  async set(token: string, muted: boolean, now = new Date()): Promise<MuteOutcome> {
    const who = readMuteToken(this.secret, token);
    if (!who) return { kind: 'not-found' };
    const exists = await this.db.selectFrom('projects').select('id').where('id', '=', who.projectId).executeTakeFirst();
    if (!exists) return { kind: 'not-found' };
    if (muted) {
      await this.db
        .insertInto('projectEmailMutes')
        .values({ projectId: who.projectId, email: who.email, mutedAt: now.toISOString() })
        .onConflict((oc) => oc.columns(['projectId', 'email']).doNothing())
        .execute();
    } else {
      await this.db.deleteFrom('projectEmailMutes').where('projectId', '=', who.projectId).where('email', '=', who.email).execute();
    }
    return this.view(token);
  }
}
