import type { Kysely, Transaction } from 'kysely';
import type { ProjectStatus } from '#common/projects.ts';
import type { CreateCommentInput, ReviewDecision, TrackView, VersionComments } from '#common/review.ts';
import { formatTime } from '#common/format-time.ts';
import type { Database } from '#server/db/schema.ts';
import { recordActivity, type Actor } from './activity.ts';
import { queueProjectEmail } from './project-emails.ts';
import { spendReservation, type ProjectFileService } from './project-files.ts';
import { toCommentView, toTrackView, toVersionView, type VersionRow } from './review-views.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** Who writes a comment: the side, the key that lets them edit it, and the name shown. */
export interface CommentAuthor {
  side: 'client' | 'studio';
  key: string;
  name: string | null;
}

export type AddVersionOutcome =
  | { kind: 'created'; track: TrackView; versionId: number; number: number }
  | { kind: 'not-found' }
  | { kind: 'not-issued' }
  | { kind: 'not-uploaded' }
  | { kind: 'too-large' };

export type CommentOutcome =
  | { kind: 'created'; comments: VersionComments; id: number }
  | { kind: 'not-found' }
  | { kind: 'not-ready' }
  | { kind: 'invalid'; errors: Record<string, string[]> };

export type ChangeOutcome =
  { kind: 'changed'; comments: VersionComments } | { kind: 'not-found' } | { kind: 'not-yours' } | { kind: 'too-late' };

export type DecisionOutcome =
  { kind: 'decided'; decision: ReviewDecision } | { kind: 'not-found' } | { kind: 'not-latest' } | { kind: 'settled' };

/** Project statuses a new version moves to review; revisions and approvals move them on. */
const REVIEWABLE_FROM: readonly ProjectStatus[] = ['awaiting_files', 'in_progress', 'revisions'];
const DELIVERED_OR_LATER: readonly ProjectStatus[] = ['delivered', 'completed', 'archived'];

/**
 * The review room: tracks and their versions, comments pinned to moments, and the client's decisions.
 * Access (whose project it is) is checked by the routes; every method here also checks that the
 * track belongs to the project and the version to the track, so a mixed-up path is a 404.
 */
export class ReviewService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly files: ProjectFileService,
  ) {}

  async createTrack(projectId: number, title: string, actor: Actor, now = new Date()): Promise<TrackView | null> {
    const id = await this.db.transaction().execute(async (trx) => {
      const project = await trx.selectFrom('projects').select('id').where('id', '=', projectId).executeTakeFirst();
      if (!project) return null;
      const row = await trx
        .insertInto('projectTracks')
        .values({ projectId, title, createdAt: now.toISOString(), updatedAt: now.toISOString() })
        .returning('id')
        .executeTakeFirstOrThrow();
      await recordActivity(trx, projectId, actor, { action: 'track_added', title }, now);
      return row.id;
    });
    if (id === null) return null;
    return (await this.tracksOf(projectId)).find((track) => track.id === id)!;
  }

  /** Every track of a project with its versions (newest last) and revision counts. */
  async tracksOf(projectId: number, db: Db = this.db): Promise<TrackView[]> {
    const project = await db.selectFrom('projects').select('revisionsIncluded').where('id', '=', projectId).executeTakeFirst();
    if (!project) return [];
    const tracks = await db.selectFrom('projectTracks').selectAll().where('projectId', '=', projectId).orderBy('id').execute();
    if (tracks.length === 0) return [];
    const versions = await db.selectFrom('trackVersions').selectAll().where('projectId', '=', projectId).orderBy('number').execute();
    const open = await db
      .selectFrom('versionComments')
      .innerJoin('trackVersions', 'trackVersions.id', 'versionComments.versionId')
      .select(['versionComments.versionId', (eb) => eb.fn.countAll<number>().as('count')])
      .where('trackVersions.projectId', '=', projectId)
      .where('versionComments.parentId', 'is', null)
      .where('versionComments.resolvedAt', 'is', null)
      .where('versionComments.deletedAt', 'is', null)
      .groupBy('versionComments.versionId')
      .execute();
    const openBy = new Map(open.map((row) => [row.versionId, Number(row.count)]));
    const rounds = await db
      .selectFrom('revisionRequests')
      .innerJoin('projectTracks', 'projectTracks.id', 'revisionRequests.trackId')
      .select(['revisionRequests.trackId', (eb) => eb.fn.countAll<number>().as('count')])
      .where('projectTracks.projectId', '=', projectId)
      .groupBy('revisionRequests.trackId')
      .execute();
    const roundsBy = new Map(rounds.map((row) => [row.trackId, Number(row.count)]));
    return tracks.map((track) =>
      toTrackView(
        track,
        versions.filter((version) => version.trackId === track.id).map((version) => toVersionView(version, openBy.get(version.id) ?? 0)),
        roundsBy.get(track.id) ?? 0,
        project.revisionsIncluded,
      ),
    );
  }

  /** A version of the project's track, or null when the path does not name one. */
  async version(projectId: number, trackId: number, versionId: number): Promise<VersionRow | null> {
    const row = await this.db
      .selectFrom('trackVersions')
      .selectAll()
      .where('id', '=', versionId)
      .where('trackId', '=', trackId)
      .where('projectId', '=', projectId)
      .executeTakeFirst();
    return row ?? null;
  }

  /**
   * A new version of a track from an upload the studio made into the project: numbered after the
   * last one, the track back in review, the project in review, the client e-mailed (batched).
   */
  async addVersion(
    projectId: number,
    trackId: number,
    input: { objectPath: string; notes: string },
    uploader: string,
    actor: Actor,
    now = new Date(),
  ): Promise<AddVersionOutcome> {
    const track = await this.db
      .selectFrom('projectTracks')
      .select(['id', 'title'])
      .where('id', '=', trackId)
      .where('projectId', '=', projectId)
      .executeTakeFirst();
    if (!track) return { kind: 'not-found' };
    const checked = await this.files.checkUpload(projectId, 'studio', uploader, input.objectPath);
    if (checked.kind !== 'ok') return checked;
    const created = await this.db.transaction().execute(async (trx) => {
      if (!(await spendReservation(trx, checked.uploadKey))) return null;
      const last = await trx
        .selectFrom('trackVersions')
        .select((eb) => eb.fn.max('number').as('number'))
        .where('trackId', '=', trackId)
        .executeTakeFirst();
      const number = Number(last?.number ?? 0) + 1;
      const row = await trx
        .insertInto('trackVersions')
        .values({
          trackId,
          projectId,
          number,
          name: checked.fileName,
          notes: input.notes,
          objectKey: checked.objectKey,
          size: checked.size,
          format: null,
          durationSeconds: null,
          loudnessLufs: null,
          truePeakDbtp: null,
          loudnessRangeLu: null,
          peaks: null,
          processingUntil: null,
          uploadedBy: uploader,
          removedAt: null,
          createdAt: now.toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('projectTracks')
        .set({ state: 'in_review', approvedVersionId: null, updatedAt: now.toISOString() })
        .where('id', '=', trackId)
        .execute();
      await this.moveProject(trx, projectId, REVIEWABLE_FROM, 'in_review', actor, now);
      await recordActivity(trx, projectId, actor, { action: 'version_added', title: track.title, number }, now);
      await queueProjectEmail(trx, projectId, 'version_ready', now);
      return { id: row.id, number };
    });
    if (!created) return { kind: 'not-issued' };
    this.files.scheduleVersion(created.id);
    const tracks = await this.tracksOf(projectId);
    return { kind: 'created', track: tracks.find((t) => t.id === trackId)!, versionId: created.id, number: created.number };
  }

  /** The version's comments (threads in time order) and the open threads of the version before it. */
  async comments(projectId: number, trackId: number, versionId: number, viewer: string): Promise<VersionComments | null> {
    const version = await this.version(projectId, trackId, versionId);
    if (!version) return null;
    const rows = await this.db
      .selectFrom('versionComments')
      .selectAll()
      .where('versionId', '=', versionId)
      .orderBy('atSeconds')
      .orderBy('id')
      .execute();
    const previous = await this.db
      .selectFrom('trackVersions')
      .select('id')
      .where('trackId', '=', trackId)
      .where('number', '<', version.number)
      .orderBy('number', 'desc')
      .executeTakeFirst();
    const carried = previous
      ? await this.db
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

  async addComment(
    projectId: number,
    trackId: number,
    versionId: number,
    input: CreateCommentInput,
    author: CommentAuthor,
    actor: Actor,
    now = new Date(),
  ): Promise<CommentOutcome> {
    const version = await this.version(projectId, trackId, versionId);
    if (!version) return { kind: 'not-found' };
    let at = input.atSeconds;
    let end = input.endSeconds ?? null;
    if (input.parentId) {
      const parent = await this.db
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
    const id = await this.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('versionComments')
        .values({
          versionId,
          parentId: input.parentId ?? null,
          authorSide: author.side,
          authorKey: author.key,
          authorName: author.name,
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
      await queueProjectEmail(trx, projectId, author.side === 'client' ? 'comments_for_studio' : 'comments_for_client', now);
      await recordActivity(
        trx,
        projectId,
        actor,
        { action: input.parentId ? 'comment_replied' : 'comment_added', number: version.number, at: at! },
        now,
      );
      return row.id;
    });
    return { kind: 'created', id, comments: (await this.comments(projectId, trackId, versionId, author.key))! };
  }

  /** The author changes (or removes) their own comment, within the edit window. */
  async changeComment(
    projectId: number,
    trackId: number,
    versionId: number,
    commentId: number,
    change: { body: string } | 'delete',
    viewer: string,
    now = new Date(),
  ): Promise<ChangeOutcome> {
    if (!(await this.version(projectId, trackId, versionId))) return { kind: 'not-found' };
    const row = await this.db
      .selectFrom('versionComments')
      .selectAll()
      .where('id', '=', commentId)
      .where('versionId', '=', versionId)
      .executeTakeFirst();
    if (!row || row.deletedAt) return { kind: 'not-found' };
    if (row.authorKey !== viewer) return { kind: 'not-yours' };
    const view = toCommentView(row, viewer, now.getTime());
    if (!view.mine) return { kind: 'too-late' };
    const set = change === 'delete' ? { deletedAt: now.toISOString() } : { body: change.body, editedAt: now.toISOString() };
    await this.db.updateTable('versionComments').set(set).where('id', '=', commentId).execute();
    return { kind: 'changed', comments: (await this.comments(projectId, trackId, versionId, viewer))! };
  }

  /** The studio resolves a thread (or reopens it). */
  async setResolved(
    projectId: number,
    trackId: number,
    versionId: number,
    commentId: number,
    resolved: boolean,
    actor: Actor & { side: 'studio' },
    now = new Date(),
  ): Promise<ChangeOutcome> {
    if (!(await this.version(projectId, trackId, versionId))) return { kind: 'not-found' };
    const updated = await this.db
      .updateTable('versionComments')
      .set(resolved ? { resolvedAt: now.toISOString(), resolvedByName: actor.name } : { resolvedAt: null, resolvedByName: null })
      .where('id', '=', commentId)
      .where('versionId', '=', versionId)
      .where('parentId', 'is', null)
      .where('deletedAt', 'is', null)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return { kind: 'not-found' };
    return { kind: 'changed', comments: (await this.comments(projectId, trackId, versionId, `admin:${actor.adminId}`))! };
  }

  /** The client approves the track's newest version: the track goes to final delivery; all tracks approved, the project is delivered. */
  async approve(projectId: number, trackId: number, versionId: number, actor: Actor, now = new Date()): Promise<DecisionOutcome> {
    return this.decide(projectId, trackId, versionId, actor, now, async (trx, version, title) => {
      await trx
        .updateTable('projectTracks')
        .set({ state: 'approved', approvedVersionId: versionId, updatedAt: now.toISOString() })
        .where('id', '=', trackId)
        .execute();
      await recordActivity(trx, projectId, actor, { action: 'version_approved', title, number: version.number }, now);
      const waiting = await trx
        .selectFrom('projectTracks')
        .select('id')
        .where('projectId', '=', projectId)
        .where('state', '!=', 'approved')
        .executeTakeFirst();
      if (!waiting) {
        const project = await trx.selectFrom('projects').select('status').where('id', '=', projectId).executeTakeFirstOrThrow();
        if (!DELIVERED_OR_LATER.includes(project.status as ProjectStatus)) {
          await this.moveProject(trx, projectId, null, 'delivered', { side: 'system' }, now);
        }
      }
      return false;
    });
  }

  /** The client asks for another round on the newest version; it counts against the package's rounds. */
  async requestRevisions(
    projectId: number,
    trackId: number,
    versionId: number,
    summary: string,
    actor: Actor,
    now = new Date(),
  ): Promise<DecisionOutcome> {
    return this.decide(projectId, trackId, versionId, actor, now, async (trx, version, title) => {
      await trx
        .insertInto('revisionRequests')
        .values({
          trackId,
          versionId,
          summary,
          requestedBy: actor.side === 'client' ? `client:${actor.email}` : actor.side,
          createdAt: now.toISOString(),
        })
        .execute();
      await trx
        .updateTable('projectTracks')
        .set({ state: 'revisions_requested', updatedAt: now.toISOString() })
        .where('id', '=', trackId)
        .execute();
      await this.moveProject(trx, projectId, ['in_review', 'in_progress', 'awaiting_files'], 'revisions', actor, now);
      const used = await trx
        .selectFrom('revisionRequests')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('trackId', '=', trackId)
        .executeTakeFirstOrThrow();
      const project = await trx.selectFrom('projects').select('revisionsIncluded').where('id', '=', projectId).executeTakeFirstOrThrow();
      const beyond = project.revisionsIncluded !== null && Number(used.count) > project.revisionsIncluded;
      await recordActivity(
        trx,
        projectId,
        actor,
        { action: 'revisions_requested', title, number: version.number, round: Number(used.count), beyond },
        now,
      );
      return beyond;
    });
  }

  private async decide(
    projectId: number,
    trackId: number,
    versionId: number,
    actor: Actor,
    now: Date,
    apply: (trx: Transaction<Database>, version: VersionRow, title: string) => Promise<boolean>,
  ): Promise<DecisionOutcome> {
    const outcome = await this.db.transaction().execute(async (trx) => {
      const track = await trx
        .selectFrom('projectTracks')
        .selectAll()
        .where('id', '=', trackId)
        .where('projectId', '=', projectId)
        .executeTakeFirst();
      const version = await trx
        .selectFrom('trackVersions')
        .selectAll()
        .where('id', '=', versionId)
        .where('trackId', '=', trackId)
        .executeTakeFirst();
      if (!track || !version) return { kind: 'not-found' } as const;
      const newest = await trx
        .selectFrom('trackVersions')
        .select((eb) => eb.fn.max('number').as('number'))
        .where('trackId', '=', trackId)
        .executeTakeFirst();
      if (Number(newest?.number) !== version.number) return { kind: 'not-latest' } as const;
      // A decision is made once per version: approving twice, or asking again for the same version, changes nothing.
      if (track.state === 'approved' || track.state === 'revisions_requested') return { kind: 'settled' } as const;
      return { kind: 'applied', beyond: await apply(trx, version, track.title) } as const;
    });
    if (outcome.kind !== 'applied') return outcome;
    const track = (await this.tracksOf(projectId)).find((t) => t.id === trackId)!;
    const project = await this.db.selectFrom('projects').select('status').where('id', '=', projectId).executeTakeFirstOrThrow();
    return {
      kind: 'decided',
      decision: {
        track,
        revisionsUsed: track.revisionsUsed,
        revisionsIncluded: track.revisionsIncluded,
        beyondIncluded: outcome.beyond,
        projectStatus: project.status,
      },
    };
  }

  /** Moves the project to `to` when its status is one of `from` (any, when null), with the log entry. */
  private async moveProject(
    trx: Db,
    projectId: number,
    from: readonly ProjectStatus[] | null,
    to: ProjectStatus,
    actor: Actor,
    now: Date,
  ): Promise<void> {
    const project = await trx.selectFrom('projects').select('status').where('id', '=', projectId).executeTakeFirstOrThrow();
    const status = project.status as ProjectStatus;
    if (status === to || (from !== null && !from.includes(status))) return;
    await trx.updateTable('projects').set({ status: to, updatedAt: now.toISOString() }).where('id', '=', projectId).execute();
    await recordActivity(trx, projectId, actor, { action: 'status_changed', from: status, to }, now);
  }
}
