import type { Kysely } from 'kysely';
import type { CreateReviewLinkInput, CreatedReviewLink, ReviewLinkView } from '#common/review-links.ts';
import type { CreateCommentInput, TrackView, VersionComments } from '#common/review.ts';
import type { Database } from '#server/db/schema.ts';
import { recordActivity, type Actor } from '#server/projects/activity.ts';
import type { ChangeOutcome, CommentOutcome } from '#server/projects/review/comments.ts';
import type { ReviewService } from '#server/projects/review/review-service.ts';
import type { VersionRow } from '#server/projects/review/review-views.ts';
import { logAccess, type Visitor } from './access-log.ts';
import { freshListenerKey, readListenerPass, signListenerPass, UNLOCK_MS, type ListenerPass } from './link-tokens.ts';
import { beginLinkComment, beginUnlock, unlockFailed, unlockSucceeded, type LimitCheck } from './listener-limits.ts';
import { liveLink, type LiveLink } from './live-links.ts';
import { createReviewLink, reviewLinksOf, revokeReviewLink } from './owner-links.ts';

/** A listener allowed in: the link, and the key that marks their own comments. */
export interface Listener {
  link: LiveLink;
  authorKey: string;
}

/** The cookie to set for a link: its signed value and how long it lasts. */
export interface PassCookie {
  linkId: number;
  value: string;
  maxAgeMs: number;
}

export type ListenerPage =
  | { kind: 'gone' }
  | { kind: 'locked'; linkId: number }
  | { kind: 'open'; studioName: string; track: TrackView; cookie: PassCookie | null; watermarked: boolean };

export type UnlockOutcome =
  { kind: 'gone' } | { kind: 'limited'; retryAfterSeconds: number } | { kind: 'wrong' } | { kind: 'unlocked'; cookie: PassCookie };

/** What a listener may see of the track: its versions, not the client's revision summaries. */
function listenerTrack(track: TrackView): TrackView {
  return { ...track, revisionRounds: [], revisionsUsed: 0, revisionsIncluded: null };
}

/**
 * Review links (decision 082): the owner makes and turns off links to one track; a listener with the
 * link (and its password, if it has one) streams the track's versions and comments under a typed name.
 * Every use is written to the access log.
 */
export class ReviewLinkService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly review: ReviewService,
    private readonly deps: {
      publicUrl: string;
      secret: string;
      studioName: () => Promise<string>;
      /** The admin accounts' argon2id hashing (server/auth/passwords.ts), handed in at build time. */
      passwords: { hash: (password: string) => Promise<string>; verify: (hash: string, password: string) => Promise<boolean> };
    },
  ) {}

  async create(
    projectId: number,
    trackId: number,
    input: CreateReviewLinkInput,
    actor: Actor & { side: 'studio' },
  ): Promise<CreatedReviewLink | null> {
    const created = await createReviewLink(
      this.db,
      { publicUrl: this.deps.publicUrl, hashPassword: this.deps.passwords.hash },
      { projectId, trackId },
      input,
      actor,
    );
    // A watermarked link needs the watermarked copies (decision 101): made now, in the background.
    if (created && input.watermark) await this.review.refreshListeningCopies(projectId);
    return created;
  }

  async revoke(projectId: number, trackId: number, linkId: number, actor: Actor & { side: 'studio' }): Promise<boolean> {
    const revoked = await revokeReviewLink(this.db, { projectId, trackId, linkId }, actor);
    // The last watermarked link gone: its copies go too.
    if (revoked) await this.review.refreshListeningCopies(projectId);
    return revoked;
  }

  linksOf(projectId: number, trackId: number): Promise<ReviewLinkView[] | null> {
    return reviewLinksOf(this.db, { projectId, trackId });
  }

  private pass(link: LiveLink, cookie: string | undefined, now: Date): ListenerPass | null {
    const pass = readListenerPass(this.deps.secret, link.id, link.passwordHash, cookie);
    if (!pass) return null;
    if (link.passwordHash !== null && pass.unlockedUntil <= now.getTime()) return null;
    return pass;
  }

  private cookieFor(link: LiveLink, pass: ListenerPass): PassCookie {
    return { linkId: link.id, value: signListenerPass(this.deps.secret, link.id, link.passwordHash, pass), maxAgeMs: UNLOCK_MS };
  }

  /**
   * The listener's page: gone, locked behind its password, or open (then a first visit gets its
   * cookie). Logged as opened once open; the first open ever also goes in the project's log.
   */
  async page(token: string, cookieOf: (linkId: number) => string | undefined, visitor: Visitor, now = new Date()): Promise<ListenerPage> {
    const link = await liveLink(this.db, token, now);
    if (!link) return { kind: 'gone' };
    const pass = this.pass(link, cookieOf(link.id), now);
    if (link.passwordHash !== null && !pass) return { kind: 'locked', linkId: link.id };
    const track = await this.review.trackOf(link.projectId, link.trackId, link.watermark);
    if (!track) return { kind: 'gone' };
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('reviewLinks')
        .set((eb) => ({ opens: eb('opens', '+', 1), lastOpenedAt: now.toISOString() }))
        .where('id', '=', link.id)
        .execute();
      if (link.opens === 0) {
        await recordActivity(trx, link.projectId, { side: 'system' }, { action: 'review_link_first_opened', title: link.trackTitle }, now);
      }
    });
    await logAccess(this.db, link.id, 'opened', visitor, now);
    return {
      kind: 'open',
      studioName: await this.deps.studioName(),
      track: listenerTrack(track),
      watermarked: link.watermark,
      cookie: pass ? null : this.cookieFor(link, { listenerKey: freshListenerKey(), unlockedUntil: 0 }),
    };
  }

  /** The password form: limited per address (stricter while the link is under attack) before the password is checked. */
  async unlock(token: string, password: string, visitor: Visitor, now = new Date()): Promise<UnlockOutcome> {
    const link = await liveLink(this.db, token, now);
    if (!link) return { kind: 'gone' };
    if (link.passwordHash === null) {
      return { kind: 'unlocked', cookie: this.cookieFor(link, { listenerKey: freshListenerKey(), unlockedUntil: 0 }) };
    }
    const attempt = await beginUnlock(this.db, link.id, visitor.ip, now);
    if (!attempt.allowed) return { kind: 'limited', retryAfterSeconds: attempt.retryAfterSeconds };
    if (!(await this.deps.passwords.verify(link.passwordHash, password))) {
      await unlockFailed(this.db, link.id, now);
      await logAccess(this.db, link.id, 'password_failed', visitor, now);
      return { kind: 'wrong' };
    }
    await unlockSucceeded(this.db, link.id, visitor.ip);
    return {
      kind: 'unlocked',
      cookie: this.cookieFor(link, { listenerKey: freshListenerKey(), unlockedUntil: now.getTime() + UNLOCK_MS }),
    };
  }

  /** The listener behind an API call: 'gone' for a dead link, 'locked' without a valid pass for a link with a password. */
  async listener(token: string, cookieOf: (linkId: number) => string | undefined, now = new Date()): Promise<Listener | 'gone' | 'locked'> {
    const link = await liveLink(this.db, token, now);
    if (!link) return 'gone';
    const pass = this.pass(link, cookieOf(link.id), now);
    // Without a pass, even a link with no password is refused: its page hands the pass out.
    if (!pass) return 'locked';
    return { link, authorKey: `link:${link.id}:${pass.listenerKey}` };
  }

  async track(listener: Listener): Promise<TrackView | null> {
    const track = await this.review.trackOf(listener.link.projectId, listener.link.trackId, listener.link.watermark);
    return track ? listenerTrack(track) : null;
  }

  comments(listener: Listener, versionId: number): Promise<VersionComments | null> {
    const { link } = listener;
    return this.review.comments(link.projectId, link.trackId, versionId, listener.authorKey);
  }

  async addComment(
    listener: Listener,
    versionId: number,
    input: CreateCommentInput,
    name: string,
    visitor: Visitor,
  ): Promise<CommentOutcome> {
    const { link } = listener;
    const outcome = await this.review.addComment(
      link.projectId,
      link.trackId,
      versionId,
      input,
      { side: 'client', key: listener.authorKey, name },
      { side: 'listener', name },
    );
    if (outcome.kind === 'created') await logAccess(this.db, link.id, 'commented', visitor);
    return outcome;
  }

  changeComment(listener: Listener, versionId: number, commentId: number, change: { body: string } | 'delete'): Promise<ChangeOutcome> {
    const { link } = listener;
    return this.review.changeComment(link.projectId, link.trackId, versionId, commentId, change, listener.authorKey);
  }

  async version(listener: Listener, versionId: number, visitor: Visitor, fromStart: boolean): Promise<VersionRow | null> {
    const { link } = listener;
    const version = await this.review.version(link.projectId, link.trackId, versionId);
    if (!version || version.removedAt) return null;
    // A stream is logged when it starts, not for every range the player asks for while seeking.
    if (fromStart) await logAccess(this.db, link.id, 'streamed', visitor);
    return version;
  }

  /** Comments per address and per link (a day's share): checked before a comment is written. */
  commentLimit(listener: Listener, ip: string): Promise<LimitCheck> {
    return beginLinkComment(this.db, listener.link.id, ip);
  }
}
