import type { Kysely } from 'kysely';
import type { CreateReviewLinkInput, CreatedReviewLink, ReviewLinkView } from '#common/review-links.ts';
import type { Database } from '#server/db/schema.ts';
import { recordActivity, type Actor } from '#server/projects/activity.ts';
import { accessCounts } from './access-log.ts';
import { freshToken, tokenHashOf } from '#server/crypto/secret-tokens.ts';

/** The listener's page of a link: the one address the studio copies. */
export const listenPath = (token: string) => `/listen/${token}`;

async function trackTitle(db: Kysely<Database>, projectId: number, trackId: number): Promise<string | null> {
  const track = await db
    .selectFrom('projectTracks')
    .select('title')
    .where('id', '=', trackId)
    .where('projectId', '=', projectId)
    .executeTakeFirst();
  return track?.title ?? null;
}

/** A new link for the track; null when the path names no track of the project. The token leaves here once, inside the URL. */
export async function createReviewLink(
  db: Kysely<Database>,
  deps: { publicUrl: string; hashPassword: (password: string) => Promise<string> },
  path: { projectId: number; trackId: number },
  input: CreateReviewLinkInput,
  actor: Actor & { side: 'studio' },
  now = new Date(),
): Promise<CreatedReviewLink | null> {
  const title = await trackTitle(db, path.projectId, path.trackId);
  if (title === null) return null;
  const token = freshToken();
  const passwordHash = input.password ? await deps.hashPassword(input.password) : null;
  const expiresAt = input.expiresAt ? new Date(input.expiresAt).toISOString() : null;
  const id = await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('reviewLinks')
      .values({
        projectId: path.projectId,
        trackId: path.trackId,
        tokenHash: tokenHashOf(token),
        passwordHash,
        expiresAt,
        watermark: input.watermark ? 1 : 0,
        revokedAt: null,
        createdBy: `admin:${actor.adminId}`,
        lastOpenedAt: null,
        createdAt: now.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordActivity(
      trx,
      path.projectId,
      actor,
      { action: 'review_link_created', title, password: passwordHash !== null, expiresAt },
      now,
    );
    return row.id;
  });
  return { id, url: `${deps.publicUrl}${listenPath(token)}` };
}

/** Turns a link off at once: every page, stream and comment through it answers "not found" from now on. */
export async function revokeReviewLink(
  db: Kysely<Database>,
  path: { projectId: number; trackId: number; linkId: number },
  actor: Actor & { side: 'studio' },
  now = new Date(),
): Promise<boolean> {
  const title = await trackTitle(db, path.projectId, path.trackId);
  if (title === null) return false;
  return db.transaction().execute(async (trx) => {
    const link = await trx
      .selectFrom('reviewLinks')
      .select(['id', 'revokedAt'])
      .where('id', '=', path.linkId)
      .where('trackId', '=', path.trackId)
      .where('projectId', '=', path.projectId)
      .executeTakeFirst();
    if (!link) return false;
    // Revoking twice is the same as once: the first time stays on record.
    if (link.revokedAt) return true;
    await trx.updateTable('reviewLinks').set({ revokedAt: now.toISOString() }).where('id', '=', link.id).execute();
    await recordActivity(trx, path.projectId, actor, { action: 'review_link_revoked', title }, now);
    return true;
  });
}

/** The track's links, newest first, with how much each was used; null when the path names no track. */
export async function reviewLinksOf(db: Kysely<Database>, path: { projectId: number; trackId: number }): Promise<ReviewLinkView[] | null> {
  if ((await trackTitle(db, path.projectId, path.trackId)) === null) return null;
  const rows = await db
    .selectFrom('reviewLinks')
    .selectAll()
    .where('trackId', '=', path.trackId)
    .where('projectId', '=', path.projectId)
    .orderBy('id', 'desc')
    .execute();
  const counts = await accessCounts(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => {
    const used = counts.get(row.id);
    return {
      id: row.id,
      createdAt: row.createdAt,
      expiresAt: row.expiresAt,
      hasPassword: row.passwordHash !== null,
      watermark: row.watermark === 1,
      revokedAt: row.revokedAt,
      lastOpenedAt: row.lastOpenedAt,
      opens: row.opens,
      streams: used?.streamed ?? 0,
      comments: used?.commented ?? 0,
      failedPasswords: used?.password_failed ?? 0,
    };
  });
}
