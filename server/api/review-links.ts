import { Router, type Request } from 'express';
import { createReviewLinkSchema, listenerNameSchema, unlockReviewLinkSchema } from '#common/review-links.ts';
import { createCommentSchema, editCommentSchema } from '#common/review.ts';
import type { Services } from '#server/context.ts';
import { clientIp } from '#server/http/client-ip.ts';
import { HttpError, methodNotAllowed } from '#server/http/errors.ts';
import { answerError } from '#server/http/refusals.ts';
import { requireAdmin } from '#server/http/require-admin.ts';
import { parseBody, parseIdParam } from '#server/http/validation.ts';
import type { Visitor } from '#server/projects/review-links/access-log.ts';
import { LINK_COMMENTS_PER_DAY } from '#server/projects/review-links/listener-limits.ts';
import { listenerCookieHeader, listenerCookieReader } from '#server/projects/review-links/listener-cookie.ts';
import type { Listener } from '#server/projects/review-links/review-links-service.ts';
import { studioActor } from './admin-projects.ts';
import { answerChange, answerComment } from './review.ts';
import { LINK_GONE, unlockRefusal } from './review-link-refusals.ts';
import { sendListeningCopy } from './version-audio.ts';
import { noStore } from '#server/http/no-store.ts';

const NOT_FOUND = 'Not found';

export const visitorOf = (req: Request): Visitor => ({ ip: clientIp(req), userAgent: req.get('user-agent') ?? '' });

/** The owner's side: make, list and turn off the review links of a track (admin session). */
export function adminReviewLinksRouter(services: Services): Router {
  const router = Router();
  const { reviewLinks } = services.projects;
  const base = '/admin/projects/:id/tracks/:trackId/review-links';
  router.use(base, requireAdmin);
  const pathOf = (req: Request) => ({
    projectId: parseIdParam(req.params.id, NOT_FOUND),
    trackId: parseIdParam(req.params.trackId, NOT_FOUND),
  });

  router
    .route(base)
    .get(async (req, res) => {
      const { projectId, trackId } = pathOf(req);
      const links = await reviewLinks.linksOf(projectId, trackId);
      if (!links) throw new HttpError(404, NOT_FOUND);
      noStore(res).json({ links });
    })
    .post(async (req, res) => {
      const { projectId, trackId } = pathOf(req);
      const input = parseBody(createReviewLinkSchema, req.body, 'Invalid review link');
      const created = await reviewLinks.create(projectId, trackId, input, studioActor(res));
      if (!created) throw new HttpError(404, NOT_FOUND);
      noStore(res).status(201).json(created);
    })
    .all(methodNotAllowed(['GET', 'POST']));

  router
    .route(`${base}/:linkId`)
    .delete(async (req, res) => {
      const { projectId, trackId } = pathOf(req);
      const linkId = parseIdParam(req.params.linkId, NOT_FOUND);
      if (!(await reviewLinks.revoke(projectId, trackId, linkId, studioActor(res)))) throw new HttpError(404, NOT_FOUND);
      res.status(204).end();
    })
    .all(methodNotAllowed(['DELETE']));

  return router;
}

/**
 * The listener's side, under /api/listen/{token}: the track, its comments and its audio, and the
 * password. Nothing else is reachable with a link: no files, no ZIPs, no decisions, no other track.
 */
export function listenerRouter(services: Services): Router {
  const router = Router();
  const { reviewLinks } = services.projects;
  const base = '/listen/:token';

  router.use(base, (_req, res, next) => {
    // The token is in the address: no page the listener leaves should learn it, no copy should be kept.
    res.set({ 'Referrer-Policy': 'no-referrer', 'X-Robots-Tag': 'noindex, nofollow', 'Cache-Control': 'private, no-store' });
    next();
  });

  const listenerOf = async (req: Request): Promise<Listener> => {
    const outcome = await reviewLinks.listener(String(req.params.token), listenerCookieReader(req, req.secure));
    if (outcome === 'gone') throw new HttpError(404, LINK_GONE);
    if (outcome === 'locked') throw new HttpError(401, 'Open the review link and enter its password first');
    return outcome;
  };
  const versionIdOf = (req: Request) => parseIdParam(req.params.versionId, NOT_FOUND);

  router
    .route(`${base}/unlock`)
    .post(async (req, res) => {
      const { password } = parseBody(unlockReviewLinkSchema, req.body, 'Enter the password');
      const outcome = await reviewLinks.unlock(String(req.params.token), password, visitorOf(req));
      if (outcome.kind !== 'unlocked') throw answerError(unlockRefusal(outcome));
      res.append('Set-Cookie', listenerCookieHeader(outcome.cookie, req.secure)).status(204).end();
    })
    .all(methodNotAllowed(['POST']));

  router
    .route(`${base}/track`)
    .get(async (req, res) => {
      const track = await reviewLinks.track(await listenerOf(req));
      if (!track) throw new HttpError(404, LINK_GONE);
      res.json(track);
    })
    .all(methodNotAllowed(['GET']));

  router
    .route(`${base}/versions/:versionId/comments`)
    .get(async (req, res) => {
      const comments = await reviewLinks.comments(await listenerOf(req), versionIdOf(req));
      if (!comments) throw new HttpError(404, NOT_FOUND);
      res.json(comments);
    })
    .post(async (req, res) => {
      const listener = await listenerOf(req);
      const versionId = versionIdOf(req);
      const { name, ...comment } = (req.body ?? {}) as Record<string, unknown>;
      const typedName = parseBody(listenerNameSchema, name, 'Type your name');
      const input = parseBody(createCommentSchema, comment, 'Invalid comment');
      const limit = await reviewLinks.commentLimit(listener, clientIp(req));
      if (!limit.allowed) {
        res.set('Retry-After', String(limit.retryAfterSeconds));
        throw new HttpError(
          429,
          limit.refusedBy === 'link'
            ? `This review link has taken its ${LINK_COMMENTS_PER_DAY.limit} comments for today; more can be left tomorrow`
            : 'Too many comments in a short time; wait a few minutes',
        );
      }
      const outcome = await reviewLinks.addComment(listener, versionId, input, typedName, visitorOf(req));
      answerComment(res, outcome);
      // The studio hears of it in the usual comment batch (decision 077).
      if (outcome.kind === 'created') services.projects.projectEmails.sendSoon();
    })
    .all(methodNotAllowed(['GET', 'POST']));

  router
    .route(`${base}/versions/:versionId/comments/:commentId`)
    .patch(async (req, res) => {
      const listener = await listenerOf(req);
      const { body } = parseBody(editCommentSchema, req.body, 'Invalid comment');
      const commentId = parseIdParam(req.params.commentId, NOT_FOUND);
      answerChange(res, await reviewLinks.changeComment(listener, versionIdOf(req), commentId, { body }));
    })
    .delete(async (req, res) => {
      const listener = await listenerOf(req);
      const commentId = parseIdParam(req.params.commentId, NOT_FOUND);
      answerChange(res, await reviewLinks.changeComment(listener, versionIdOf(req), commentId, 'delete'));
    })
    .all(methodNotAllowed(['PATCH', 'DELETE']));

  // The clean copy for a link without the watermark, the watermarked one (another URL) for a link with it.
  for (const [route, watermarked] of [
    ['audio', false],
    ['watermarked-audio', true],
  ] as const) {
    router
      .route(`${base}/versions/:versionId/${route}`)
      .get(async (req, res) => {
        const listener = await listenerOf(req);
        if (listener.link.watermark !== watermarked) throw new HttpError(404, NOT_FOUND);
        const range = req.get('range');
        const fromStart = req.method === 'GET' && (!range || /^bytes=0-/.test(range));
        const version = await reviewLinks.version(listener, versionIdOf(req), visitorOf(req), fromStart);
        if (!version) throw new HttpError(404, NOT_FOUND);
        // To play, never to save: no file name, no attachment.
        res.set('Content-Disposition', 'inline');
        // A listening copy only (decision 101): a link never reaches the original.
        const listening = services.projects.review.listeningStateOf(version, watermarked);
        await sendListeningCopy(req, res, version, listening, services.store, watermarked);
      })
      .all(methodNotAllowed(['GET', 'HEAD']));
  }

  return router;
}
