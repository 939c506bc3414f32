import type { AdminProfile } from '#common/admin-auth.ts';
import type { ProjectCapability } from '#common/collaborators.ts';
import { Router, type Request, type Response } from 'express';
import { createCommentSchema, createTrackSchema, createVersionSchema, editCommentSchema, requestRevisionsSchema } from '#common/review.ts';
import type { Services } from '#server/context.ts';
import { HttpError, methodNotAllowed } from '#server/http/errors.ts';
import { requireAdmin } from '#server/http/require-admin.ts';
import { requireClient } from '#server/http/require-client.ts';
import { parseBody, parseIdParam } from '#server/http/validation.ts';
import type { Actor } from '#server/projects/activity.ts';
import type { ChangeOutcome, CommentAuthor, CommentOutcome } from '#server/projects/review/comments.ts';
import type { DecisionOutcome } from '#server/projects/review/decisions.ts';
import { hitRateLimit } from '#server/rate-limits/rate-limit.ts';
import { answerRegistration, studioActor } from './admin-projects.ts';
import { portalProjectGuard } from './portal-access.ts';
import { sendVersionAudio } from './version-audio.ts';
import { noStore } from '#server/http/no-store.ts';

const PROJECT_NOT_FOUND = 'Project not found';
const NOT_FOUND = 'Not found';
/** Comments a person may post in ten minutes: plenty for a careful listen, not for a script. */
const COMMENT_LIMIT = { limit: 60, windowMs: 10 * 60 * 1000 };

interface Ids {
  projectId: number;
  trackId: number;
  versionId: number;
}

function idsOf(req: Request): Ids {
  return {
    projectId: parseIdParam(req.params.id, PROJECT_NOT_FOUND),
    trackId: parseIdParam(req.params.trackId, NOT_FOUND),
    versionId: parseIdParam(req.params.versionId, NOT_FOUND),
  };
}

/** A comment's creation as an answer; the listener's page (review-links.ts) answers the same way. */
export function answerComment(res: Response, outcome: CommentOutcome): void {
  switch (outcome.kind) {
    case 'created':
      noStore(res)
        .status(201)
        .json({ id: outcome.id, ...outcome.comments });
      return;
    case 'not-found':
      throw new HttpError(404, NOT_FOUND);
    case 'not-ready':
      throw new HttpError(409, 'This version is still being analysed; comment in a moment');
    case 'invalid':
      throw new HttpError(400, Object.values(outcome.errors)[0]?.[0] ?? 'Invalid comment', outcome.errors);
  }
}

export function answerChange(res: Response, outcome: ChangeOutcome): void {
  switch (outcome.kind) {
    case 'changed':
      noStore(res).json(outcome.comments);
      return;
    case 'not-found':
      throw new HttpError(404, NOT_FOUND);
    case 'not-yours':
      throw new HttpError(403, 'Only its author can change a comment');
    case 'too-late':
      throw new HttpError(403, 'A comment can be changed for 10 minutes after it was written');
  }
}

function answerDecision(res: Response, outcome: DecisionOutcome): void {
  switch (outcome.kind) {
    case 'decided':
      noStore(res).json(outcome.decision);
      return;
    case 'not-found':
      throw new HttpError(404, NOT_FOUND);
    case 'not-latest':
      throw new HttpError(409, 'A newer version of this track is waiting for review: decide on that one');
    case 'settled':
      throw new HttpError(409, 'This version has already been decided on');
  }
}

/**
 * The routes both sides share under their own prefix: the comments of a version and its audio. The
 * caller (`who`) says who is asking and checks the project is theirs.
 */
function versionRoutes(
  services: Services,
  prefix: string,
  who: (req: Request, res: Response, capability: 'listen' | 'comment') => Promise<{ author: CommentAuthor; actor: Actor }>,
): Router {
  const router = Router();
  const { review } = services.projects;
  const base = `${prefix}/:id/tracks/:trackId/versions/:versionId`;

  router
    .route(`${base}/comments`)
    .get(async (req, res) => {
      const { author } = await who(req, res, 'listen');
      const ids = idsOf(req);
      const comments = await review.comments(ids.projectId, ids.trackId, ids.versionId, author.key);
      if (!comments) throw new HttpError(404, NOT_FOUND);
      noStore(res).json(comments);
    })
    .post(async (req, res) => {
      const { author, actor } = await who(req, res, 'comment');
      const ids = idsOf(req);
      const input = parseBody(createCommentSchema, req.body, 'Invalid comment');
      const limit = await hitRateLimit(services.db, { key: `comments:${author.key}`, ...COMMENT_LIMIT });
      if (!limit.allowed) {
        res.set('Retry-After', String(limit.retryAfterSeconds));
        throw new HttpError(429, 'Too many comments in a short time; wait a few minutes');
      }
      const outcome = await review.addComment(ids.projectId, ids.trackId, ids.versionId, input, author, actor);
      answerComment(res, outcome);
      // A comment waits in its batch, but sends at once any other batch of the project it made due (decision 077).
      if (outcome.kind === 'created') services.projects.projectEmails.sendSoon();
    })
    .all(methodNotAllowed(['GET', 'POST']));

  router
    .route(`${base}/comments/:commentId`)
    .patch(async (req, res) => {
      const { author } = await who(req, res, 'comment');
      const ids = idsOf(req);
      const { body } = parseBody(editCommentSchema, req.body, 'Invalid comment');
      const commentId = parseIdParam(req.params.commentId, NOT_FOUND);
      answerChange(res, await review.changeComment(ids.projectId, ids.trackId, ids.versionId, commentId, { body }, author.key));
    })
    .delete(async (req, res) => {
      const { author } = await who(req, res, 'comment');
      const ids = idsOf(req);
      const commentId = parseIdParam(req.params.commentId, NOT_FOUND);
      answerChange(res, await review.changeComment(ids.projectId, ids.trackId, ids.versionId, commentId, 'delete', author.key));
    })
    .all(methodNotAllowed(['PATCH', 'DELETE']));

  router
    .route(`${base}/audio`)
    .get(async (req, res) => {
      await who(req, res, 'listen');
      const ids = idsOf(req);
      const version = await review.version(ids.projectId, ids.trackId, ids.versionId);
      if (!version || version.removedAt) throw new HttpError(404, NOT_FOUND);
      await sendVersionAudio(req, res, version, (range) => services.store.read(version.objectKey, range));
    })
    .all(methodNotAllowed(['GET', 'HEAD']));

  return router;
}

/** The studio's side of the review room (admin session): tracks, versions, replies and resolving. */
export function adminReviewRouter(services: Services): Router {
  const router = Router();
  const { review, records: projects } = services.projects;
  router.use('/admin/projects/:id/tracks', requireAdmin);

  const studio = async (req: Request, res: Response) => {
    const admin = res.locals.admin as AdminProfile;
    const actor = studioActor(res);
    return { author: { side: 'studio' as const, key: `admin:${admin.id}`, name: actor.name }, actor };
  };

  router
    .route('/admin/projects/:id/tracks')
    .post(async (req, res) => {
      const projectId = parseIdParam(req.params.id, PROJECT_NOT_FOUND);
      const { title } = parseBody(createTrackSchema, req.body, 'Invalid track');
      const track = await review.createTrack(projectId, title, studioActor(res));
      if (!track) throw new HttpError(404, PROJECT_NOT_FOUND);
      noStore(res).status(201).json(track);
    })
    .get(async (req, res) => {
      const projectId = parseIdParam(req.params.id, PROJECT_NOT_FOUND);
      if (!(await projects.adminView(projectId))) throw new HttpError(404, PROJECT_NOT_FOUND);
      noStore(res).json({ tracks: await review.tracksOf(projectId) });
    })
    .all(methodNotAllowed(['GET', 'POST']));

  router
    .route('/admin/projects/:id/tracks/:trackId')
    .get(async (req, res) => {
      const projectId = parseIdParam(req.params.id, PROJECT_NOT_FOUND);
      const trackId = parseIdParam(req.params.trackId, NOT_FOUND);
      const track = (await review.tracksOf(projectId)).find((t) => t.id === trackId);
      if (!track) throw new HttpError(404, NOT_FOUND);
      noStore(res).json(track);
    })
    .all(methodNotAllowed(['GET']));

  router
    .route('/admin/projects/:id/tracks/:trackId/versions')
    .post(async (req, res) => {
      const projectId = parseIdParam(req.params.id, PROJECT_NOT_FOUND);
      const trackId = parseIdParam(req.params.trackId, NOT_FOUND);
      const input = parseBody(createVersionSchema, req.body, 'Invalid version');
      const admin = res.locals.admin as AdminProfile;
      const outcome = await review.addVersion(projectId, trackId, input, `admin:${admin.id}`, studioActor(res));
      if (outcome.kind === 'not-found') throw new HttpError(404, NOT_FOUND);
      answerRegistration(outcome);
      if (outcome.kind !== 'created') return;
      // A retried registration answers the version it made before (201 again): nothing new to send.
      if (!outcome.again) services.projects.projectEmails.sendSoon();
      const version = outcome.track.versions.find((v) => v.id === outcome.versionId)!;
      noStore(res)
        .status(201)
        .json({ ...version, trackId, track: outcome.track });
    })
    .all(methodNotAllowed(['POST']));

  for (const [action, resolved] of [
    ['resolve', true],
    ['reopen', false],
  ] as const) {
    router
      .route(`/admin/projects/:id/tracks/:trackId/versions/:versionId/comments/:commentId/${action}`)
      .post(async (req, res) => {
        const ids = idsOf(req);
        const commentId = parseIdParam(req.params.commentId, NOT_FOUND);
        answerChange(res, await review.setResolved(ids.projectId, ids.trackId, ids.versionId, commentId, resolved, studioActor(res)));
      })
      .all(methodNotAllowed(['POST']));
  }

  router.use(versionRoutes(services, '/admin/projects', studio));
  return router;
}

/** The client's side of the review room (client session): listening, comments, approval and revisions. */
export function portalReviewRouter(services: Services): Router {
  const router = Router();
  const { review } = services.projects;
  router.use('/portal/projects/:id/tracks', requireClient);
  const projectFor = portalProjectGuard(services);

  /** The client or a collaborator, as far as their role allows (common/collaborators.ts); signed with their own address. */
  const client = async (req: Request, res: Response, capability: ProjectCapability) => {
    const { actor, access } = await projectFor(req, res, capability);
    const role = access === 'client' ? null : access;
    return { author: { side: 'client' as const, key: `client:${actor.email}`, name: actor.name, role }, actor };
  };

  router
    .route('/portal/projects/:id/tracks/:trackId/versions/:versionId/approve')
    .post(async (req, res) => {
      const { actor } = await client(req, res, 'decide');
      const ids = idsOf(req);
      const outcome = await review.approve(ids.projectId, ids.trackId, ids.versionId, actor);
      answerDecision(res, outcome);
      // The studio hears of it at once (decision 077), and any batch still waiting goes out before it.
      if (outcome.kind === 'decided') services.projects.projectEmails.sendSoon();
    })
    .all(methodNotAllowed(['POST']));

  router
    .route('/portal/projects/:id/tracks/:trackId/versions/:versionId/request-revisions')
    .post(async (req, res) => {
      const { actor } = await client(req, res, 'decide');
      const ids = idsOf(req);
      const { summary } = parseBody(requestRevisionsSchema, req.body, 'Invalid request');
      const outcome = await review.requestRevisions(ids.projectId, ids.trackId, ids.versionId, summary, actor);
      answerDecision(res, outcome);
      if (outcome.kind === 'decided') services.projects.projectEmails.sendSoon();
    })
    .all(methodNotAllowed(['POST']));

  router.use(versionRoutes(services, '/portal/projects', client));
  return router;
}
