import { Router, type Request, type Response } from 'express';
import type { AdminProfile } from '#common/admin-auth.ts';
import { refusalOf, roleMay } from '#common/staff-roles.ts';
import { requiredTwoFactorSchema, SESSION_MESSAGES, sessionIdSchema } from '#common/staff-sessions.ts';
import { findAdminById } from '#server/auth/admin-users.ts';
import { readRequiredTwoFactor, saveRequiredTwoFactor } from '#server/auth/required-two-factor.ts';
import type { SessionDevice } from '#server/auth/session-store.ts';
import { endOtherStaffSessions, endStaffSession, listStaffSessions } from '#server/auth/staff-sessions.ts';
import type { Services } from '#server/context.ts';
import { shortenedIp } from '#server/projects/review-links/link-tokens.ts';
import { clientIp } from '#server/http/client-ip.ts';
import { HttpError, methodNotAllowed } from '#server/http/errors.ts';
import { requireAdmin, sessionEnded } from '#server/http/require-admin.ts';
import { parseBody, parseIdParam } from '#server/http/validation.ts';

/** What a new session records of where it signed in: the browser's name and the address, shortened as the review-link log does. */
export const sessionDeviceOf = (req: Request): SessionDevice => ({
  userAgent: req.get('user-agent') ?? '',
  address: shortenedIp(clientIp(req)),
});

const signedIn = (res: Response) => res.locals.admin as AdminProfile;
const isOwner = (admin: AdminProfile) => roleMay(admin.role, 'staff');

/**
 * Sessions per person (issue 43, decision 117): one's own sessions, listed and ended one by one or
 * all but this one; the owner lists and ends anyone's. Someone else's session is a 404 to everyone
 * but the owner, the same answer as an id that never was. Also the owner's rule of which roles must
 * use two-factor (the `staff` capability, as the staff page it is edited on).
 */
export function adminSessionsRouter(services: Services): Router {
  const { db } = services;
  const router = Router();
  router.use(['/admin/sessions', '/admin/staff/required-two-factor'], (_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });

  /** Whose sessions a request means: the signed-in person's, or with `?person=` (the owner's right) anyone's. */
  async function personOf(req: Request, res: Response): Promise<number> {
    const admin = signedIn(res);
    if (req.query.person === undefined) return admin.id;
    const person = parseIdParam(req.query.person as string | string[], SESSION_MESSAGES.personNotFound);
    if (person === admin.id) return person;
    if (!isOwner(admin)) throw new HttpError(403, refusalOf('staff'));
    if (!(await findAdminById(db, person))) throw new HttpError(404, SESSION_MESSAGES.personNotFound);
    return person;
  }

  router
    .route('/admin/sessions')
    .get(requireAdmin, async (req, res) => {
      const person = await personOf(req, res);
      res.json({ sessions: await listStaffSessions(db, person, res.locals.sessionId as string | undefined) });
    })
    // "End all others": every session of one's own but this one.
    .delete(requireAdmin, async (_req, res) => {
      const sid = res.locals.sessionId as string | undefined;
      if (!sid) throw sessionEnded();
      const ended = await endOtherStaffSessions(db, signedIn(res).id, sid);
      res.json({ message: SESSION_MESSAGES.othersEnded, ended });
    })
    .all(methodNotAllowed(['GET', 'DELETE']));

  router
    .route('/admin/sessions/:id')
    .delete(requireAdmin, async (req, res) => {
      const id = sessionIdSchema.safeParse(req.params.id);
      if (!id.success) throw new HttpError(404, SESSION_MESSAGES.notFound);
      const admin = signedIn(res);
      const outcome = await endStaffSession(db, id.data, { adminUserId: admin.id, anyone: isOwner(admin) });
      if (outcome.kind === 'not-found') throw new HttpError(404, SESSION_MESSAGES.notFound);
      res.json({ message: SESSION_MESSAGES.ended });
    })
    .all(methodNotAllowed(['DELETE']));

  router
    .route('/admin/staff/required-two-factor')
    .get(requireAdmin, async (_req, res) => {
      res.json(await readRequiredTwoFactor(db));
    })
    .put(requireAdmin, async (req, res) => {
      res.json(await saveRequiredTwoFactor(db, parseBody(requiredTwoFactorSchema, req.body)));
    })
    .all(methodNotAllowed(['GET', 'PUT']));

  return router;
}
