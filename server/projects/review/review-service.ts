import type { Kysely } from 'kysely';
import type { CreateCommentInput, ListeningCopyState, TrackView, VersionComments } from '#common/review.ts';
import type { StreamBitrate } from '#server/audio/streaming-copy.ts';
import type { Database } from '#server/db/schema.ts';
import type { Actor } from '#server/projects/activity.ts';
import type { ProjectFileProcessing } from '#server/projects/file-processing.ts';
import type { ProjectFileService } from '#server/projects/project-files.ts';
import { addVersion, type AddVersionOutcome } from './add-version.ts';
import {
  addComment,
  changeComment,
  commentsOf,
  setResolved,
  type ChangeOutcome,
  type CommentAuthor,
  type CommentOutcome,
} from './comments.ts';
import { approve, requestRevisions, type DecisionOutcome } from './decisions.ts';
import { toVersionView, type VersionRow } from './review-views.ts';
import { createTrack, findVersion, tracksOf } from './tracks.ts';

/**
 * The review room: tracks and their versions, comments pinned to moments, and the client's decisions
 * (one file per use case beside this one). Access (whose project it is) is checked by the routes;
 * every use case also checks that the track belongs to the project and the version to the track, so
 * a mixed-up path is a 404.
 */
export class ReviewService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly files: ProjectFileService,
    private readonly processing: ProjectFileProcessing,
  ) {}

  createTrack(projectId: number, title: string, actor: Actor, now = new Date()): Promise<TrackView | null> {
    return createTrack(this.db, projectId, title, actor, now);
  }

  /**
   * Every track of the project, each version's listening copy with how far it is being made; the
   * watermarked copy's state for a review link that hears it.
   */
  async tracksOf(projectId: number, watermarked = false): Promise<TrackView[]> {
    const rows = watermarked ? await this.db.selectFrom('trackVersions').selectAll().where('projectId', '=', projectId).execute() : [];
    const byId = new Map(rows.map((row) => [row.id, row]));
    return (await tracksOf(this.db, projectId)).map((track) => ({
      ...track,
      versions: track.versions.map((version) => {
        const row = byId.get(version.id);
        return { ...version, listening: row ? this.listeningStateOf(row, true) : this.withProgress(version.id, version.listening) };
      }),
    }));
  }

  /** One track of the project, or null when the project has no such track. */
  async trackOf(projectId: number, trackId: number, watermarked = false): Promise<TrackView | null> {
    return (await this.tracksOf(projectId, watermarked)).find((track) => track.id === trackId) ?? null;
  }

  /**
   * Where a version's listening copy is (decision 101), with the share decoded while this process
   * makes it; `watermarked`: the watermarked copy's (being prepared until it is stored).
   */
  listeningStateOf(version: VersionRow, watermarked = false): ListeningCopyState {
    const clean = toVersionView(version, 0).listening;
    const state: ListeningCopyState =
      watermarked && clean.state === 'ready' && !version.watermarkKey ? { state: 'preparing', progress: null } : clean;
    return this.withProgress(version.id, state);
  }

  /** Makes again the project's copies that are not what it needs now (a watermarked link added or gone). */
  async refreshListeningCopies(projectId: number): Promise<void> {
    await this.processing.scheduleCopies(projectId);
  }

  /**
   * The owner's listening quality for the project's copies (256 or 320 kbps): the copies are made
   * again at it, each version playing its old copy until its new one is stored. False: no such project.
   */
  async setListeningBitrate(projectId: number, bitrateKbps: StreamBitrate): Promise<boolean> {
    const changed = await this.db
      .updateTable('projects')
      .set({ listeningBitrateKbps: bitrateKbps })
      .where('id', '=', projectId)
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) === 0) return false;
    await this.processing.scheduleCopies(projectId);
    return true;
  }

  private withProgress(versionId: number, listening: ListeningCopyState): ListeningCopyState {
    return listening.state === 'preparing' ? { state: 'preparing', progress: this.processing.copies.progressOf(versionId) } : listening;
  }

  version(projectId: number, trackId: number, versionId: number): Promise<VersionRow | null> {
    return findVersion(this.db, projectId, trackId, versionId);
  }

  addVersion(
    projectId: number,
    trackId: number,
    input: { objectPath: string; notes: string },
    uploader: string,
    actor: Actor,
    now = new Date(),
  ): Promise<AddVersionOutcome> {
    return addVersion(this.db, { files: this.files, processing: this.processing }, { projectId, trackId }, input, uploader, actor, now);
  }

  comments(projectId: number, trackId: number, versionId: number, viewer: string): Promise<VersionComments | null> {
    return commentsOf(this.db, { projectId, trackId, versionId }, viewer);
  }

  addComment(
    projectId: number,
    trackId: number,
    versionId: number,
    input: CreateCommentInput,
    author: CommentAuthor,
    actor: Actor,
    now = new Date(),
  ): Promise<CommentOutcome> {
    return addComment(this.db, { projectId, trackId, versionId }, input, author, actor, now);
  }

  changeComment(
    projectId: number,
    trackId: number,
    versionId: number,
    commentId: number,
    change: { body: string } | 'delete',
    viewer: string,
    now = new Date(),
  ): Promise<ChangeOutcome> {
    return changeComment(this.db, { projectId, trackId, versionId, commentId }, change, viewer, now);
  }

  setResolved(
    projectId: number,
    trackId: number,
    versionId: number,
    commentId: number,
    resolved: boolean,
    actor: Actor & { side: 'studio' },
    now = new Date(),
  ): Promise<ChangeOutcome> {
    return setResolved(this.db, { projectId, trackId, versionId, commentId }, resolved, actor, now);
  }

  approve(projectId: number, trackId: number, versionId: number, actor: Actor, now = new Date()): Promise<DecisionOutcome> {
    return approve(this.db, { projectId, trackId, versionId }, actor, now);
  }

  requestRevisions(
    projectId: number,
    trackId: number,
    versionId: number,
    summary: string,
    actor: Actor,
    now = new Date(),
  ): Promise<DecisionOutcome> {
    return requestRevisions(this.db, { projectId, trackId, versionId }, summary, actor, now);
  }
}
