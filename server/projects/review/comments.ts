import type { Kysely } from 'kysely';
import type { CollaboratorRole } from '#common/collaborators.ts';
import { formatTime } from '#common/format-time.ts';
import type { CreateCommentInput, VersionComments } from '#common/review.ts';
import type { Database } from '#server/db/schema.ts';
import { recordActivity, type Actor } from '#server/projects/activity.ts';
import { queueForPeople, queueStudioNotice } from '#server/projects/people-to-tell.ts';
import { toCommentView } from './review-views.ts';
import { findVersion } from './tracks.ts';

/** The version a request names: its project, its track and its own id. */
export interface VersionPath {
  projectId: number;
  trackId: number;
  versionId: number;
}

/** Who writes a comment: the side, the key that lets them edit it, the name shown, and a collaborator's role. */
export interface CommentAuthor {
  side: 'client' | 'studio';
  key: string;
  name: string | null;
  /** A collaborator's role on the project; null (or absent) for the client, the studio and a review link's listener. */
  role?: CollaboratorRole | null;
}

export type CommentOutcome =
  | { kind: 'created'; comments: VersionComments; id: number }
  | { kind: 'not-found' }
  | { kind: 'not-ready' }
  | { kind: 'invalid'; errors: Record<string, string[]> };

export type ChangeOutcome =
  { kind: 'changed'; comments: VersionComments } | { kind: 'not-found' } | { kind: 'not-yours' } | { kind: 'too-late' };

/**
 * Who hears of a new comment (issue 41): the client of every comment of the studio, as before, and
 * of a reply everyone on the project who wrote in that thread; never its author. A review link's
 * listener leaves no address: nobody to tell.
 */
async function peopleToTellOf(db: Kysely<Database>, projectId: number, author: CommentAuthor, threadId: number | null): Promise<string[]> {
  const people: string[] = [];
  if (author.side === 'studio') {
    const project = await db.selectFrom('projects').select('clientEmail').where('id', '=', projectId).executeTakeFirst();
    if (project) people.push(project.clientEmail);
  }
  if (threadId !== null) {
    const writers = await db
      .selectFrom('versionComments')
      .select('authorKey')
      .distinct()
      .where((eb) => eb.or([eb('id', '=', threadId), eb('parentId', '=', threadId)]))
      .where('authorKey', 'like', 'client:%')
      .execute();
    people.push(...writers.map((w) => w.authorKey.slice('client:'.length)));
  }
  return people.filter((email) => `client:${email}` !== author.key);
}

/** The version's comments (threads in time order) and the open threads of the version before it. */
export async function commentsOf(db: Kysely<Database>, path: VersionPath, viewer: string): Promise<VersionComments | null> {
  const version = await findVersion(db, path.projectId, path.trackId, path.versionId);
  if (!version) return null;
  const rows = await db
    .selectFrom('versionComments')
    .selectAll()
    .where('versionId', '=', path.versionId)
    .orderBy('atSeconds')
    .orderBy('id')
    .execute();
  const previous = await db
    .selectFrom('trackVersions')
    .select('id')
    .where('trackId', '=', path.trackId)
    .where('number', '<', version.number)
    .orderBy('number', 'desc')
    .executeTakeFirst();
  const carried = previous
    ? await db
        .selectFrom('versionComments')
        .selectAll()
        .where('versionId', '=', previous.id)
        .where('parentId', 'is', null)
        .where('resolvedAt', 'is', null)
        .where('deletedAt', 'is', null)
        .orderBy('atSeconds')
        .execute()
    : [];
  const now = Date.now();
  return { comments: rows.map((row) => toCommentView(row, viewer, now)), toCheck: carried.map((row) => toCommentView(row, viewer, now)) };
}

export async function addComment(
  db: Kysely<Database>,
  path: VersionPath,
  input: CreateCommentInput,
  author: CommentAuthor,
  actor: Actor,
  now: Date,
): Promise<CommentOutcome> {
  const { projectId, versionId } = path;
  const version = await findVersion(db, projectId, path.trackId, versionId);
  if (!version) return { kind: 'not-found' };
  let at = input.atSeconds;
  let end = input.endSeconds ?? null;
  if (input.parentId) {
    const parent = await db
      .selectFrom('versionComments')
      .select(['atSeconds', 'endSeconds'])
      .where('id', '=', input.parentId)
      .where('versionId', '=', versionId)
      .where('parentId', 'is', null)
      .executeTakeFirst();
    if (!parent) return { kind: 'invalid', errors: { parentId: ['Reply to a comment of this version'] } };
    at = parent.atSeconds;
    end = parent.endSeconds;
  } else {
    // A moment needs a length to fall within: comments wait for the analysis.
    if (version.durationSeconds === null) return { kind: 'not-ready' };
    const limit = version.durationSeconds;
    const errors: Record<string, string[]> = {};
    if (at! > limit) errors.atSeconds = [`The version is ${formatTime(limit)} long`];
    if (end !== null && end > limit) errors.endSeconds = [`The version is ${formatTime(limit)} long`];
    if (Object.keys(errors).length > 0) return { kind: 'invalid', errors };
  }
  const id = await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('versionComments')
      .values({
        versionId,
        parentId: input.parentId ?? null,
        authorSide: author.side,
        authorKey: author.key,
        authorName: author.name,
        authorRole: author.role ?? null,
        atSeconds: at!,
        endSeconds: end,
        body: input.body,
        resolvedAt: null,
        resolvedByName: null,
        editedAt: null,
        deletedAt: null,
        createdAt: now.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (author.side === 'client') await queueStudioNotice(trx, projectId, 'comments_for_studio', now);
    await queueForPeople(trx, projectId, 'comments_for_client', await peopleToTellOf(trx, projectId, author, input.parentId ?? null), now);
    await recordActivity(
      trx,
      projectId,
      actor,
      { action: input.parentId ? 'comment_replied' : 'comment_added', number: version.number, at: at!, end },
      now,
    );
    return row.id;
  });
  return { kind: 'created', id, comments: (await commentsOf(db, path, author.key))! };
}

/** The author changes (or removes) their own comment, within the edit window. */
export async function changeComment(
  db: Kysely<Database>,
  path: VersionPath & { commentId: number },
  change: { body: string } | 'delete',
  viewer: string,
  now: Date,
): Promise<ChangeOutcome> {
  if (!(await findVersion(db, path.projectId, path.trackId, path.versionId))) return { kind: 'not-found' };
  const row = await db
    .selectFrom('versionComments')
    .selectAll()
    .where('id', '=', path.commentId)
    .where('versionId', '=', path.versionId)
    .executeTakeFirst();
  if (!row || row.deletedAt) return { kind: 'not-found' };
  if (row.authorKey !== viewer) return { kind: 'not-yours' };
  const view = toCommentView(row, viewer, now.getTime());
  if (!view.mine) return { kind: 'too-late' };
  const set = change === 'delete' ? { deletedAt: now.toISOString() } : { body: change.body, editedAt: now.toISOString() };
  await db.updateTable('versionComments').set(set).where('id', '=', path.commentId).execute();
  return { kind: 'changed', comments: (await commentsOf(db, path, viewer))! };
}

/** The studio resolves a thread (or reopens it). */
export async function setResolved(
  db: Kysely<Database>,
  path: VersionPath & { commentId: number },
  resolved: boolean,
  actor: Actor & { side: 'studio' },
  now: Date,
): Promise<ChangeOutcome> {
  if (!(await findVersion(db, path.projectId, path.trackId, path.versionId))) return { kind: 'not-found' };
  const updated = await db
    .updateTable('versionComments')
    .set(resolved ? { resolvedAt: now.toISOString(), resolvedByName: actor.name } : { resolvedAt: null, resolvedByName: null })
    .where('id', '=', path.commentId)
    .where('versionId', '=', path.versionId)
    .where('parentId', 'is', null)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) return { kind: 'not-found' };
  return { kind: 'changed', comments: (await commentsOf(db, path, `admin:${actor.adminId}`))! };
}
