import { Router, type Request, type Response } from 'express';
import type { AdminProfile } from '#common/admin-auth.ts';
import { STAFF_MESSAGES, staffChangeSchema, staffInviteSchema, staffJoinSchema } from '#common/staff.ts';
import { recordAudit } from '#server/auth/audit-log.ts';
import { setSessionCookie } from '#server/auth/session-cookie.ts';
import { createSession, destroySession } from '#server/auth/session-store.ts';
import { changeStaffMember, listStaff, removeStaffMember } from '#server/auth/staff.ts';
import { inviteStaffMember, joinStaff, resendStaffInvitation } from '#server/auth/staff-invitations.ts';
import type { Services } from '#server/context.ts';
import { clientIp } from '#server/http/client-ip.ts';
import { HttpError, methodNotAllowed } from '#server/http/errors.ts';
import { requireAdmin } from '#server/http/require-admin.ts';
import { parseBody, parseIdParam } from '#server/http/validation.ts';
import { hitRateLimit } from '#server/rate-limits/rate-limit.ts';
import { sessionDeviceOf } from './admin-sessions.ts';

/** Joining is tried with a link from an e-mail: a few tries an hour per address is plenty. */
const JOIN_PER_IP_LIMIT = 20;
const JOIN_WINDOW_MS = 60 * 60 * 1000;

const notFound = () => new HttpError(404, STAFF_MESSAGES.notFound);
const lastOwner = () => new HttpError(409, STAFF_MESSAGES.lastOwner);
const signedIn = (res: Response) => res.locals.admin as AdminProfile;

/**
 * The studio's staff (issue 43): the owner invites, changes roles, suspends, removes and sends an
 * invitation again (the capability `staff`, server/http/admin-routes.ts); the invitee joins with
 * the e-mailed link and is signed in.
 */
export function adminStaffRouter(services: Services): Router {
  const { db, config } = services;
  const router = Router();
  router.use('/admin/staff', (_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });

  // Before `/admin/staff/:id`, and without requireAdmin: the invitee has no session yet.
  router
    .route('/admin/staff/join')
    .post(async (req, res) => {
      const limit = await hitRateLimit(db, { key: `staff-join:ip:${clientIp(req)}`, limit: JOIN_PER_IP_LIMIT, windowMs: JOIN_WINDOW_MS });
      if (!limit.allowed) {
        throw new HttpError(429, 'Too many tries. Please try again later.', undefined, { 'Retry-After': String(limit.retryAfterSeconds) });
      }
      const input = parseBody(staffJoinSchema, req.body);
      const outcome = await joinStaff(services, input);
      switch (outcome.kind) {
        case 'invalid-link':
          throw new HttpError(400, STAFF_MESSAGES.invalidInvitation, { token: [STAFF_MESSAGES.invalidInvitation] });
        case 'username-taken':
          throw new HttpError(409, STAFF_MESSAGES.usernameTaken, { username: [STAFF_MESSAGES.usernameTaken] });
        case 'weak-password':
          throw new HttpError(400, outcome.reason, { password: [outcome.reason] });
        case 'joined':
          await signIn(req, res, outcome.admin);
      }
    })
    .all(methodNotAllowed(['POST']));

  /** As a login does: a fresh session id, never one planted before. */
  async function signIn(req: Request, res: Response, admin: AdminProfile) {
    if (res.locals.sessionId) await destroySession(db, res.locals.sessionId as string);
    const session = await createSession(db, admin.id, sessionDeviceOf(req));
    setSessionCookie(req, res, session.token, config.SESSION_SECRET, session.maxAgeMs);
    req.log?.info({ adminId: admin.id }, 'staff member joined and signed in');
    const person = admin.displayName ?? admin.username;
    await recordAudit(db, services.logger, {
      personId: admin.id,
      person,
      area: 'security',
      action: 'Joined the staff and signed in',
      ip: clientIp(req),
    });
    res.status(201).json({ admin });
  }

  router
    .route('/admin/staff')
    .get(requireAdmin, async (_req, res) => {
      res.json({ staff: await listStaff(db) });
    })
    .post(requireAdmin, async (req, res) => {
      const input = parseBody(staffInviteSchema, req.body);
      const outcome = await inviteStaffMember(services, input, signedIn(res));
      if (outcome.kind === 'email-taken') throw new HttpError(409, STAFF_MESSAGES.emailTaken, { email: [STAFF_MESSAGES.emailTaken] });
      res.status(201).json(outcome.member);
    })
    .all(methodNotAllowed(['GET', 'POST']));

  router
    .route('/admin/staff/:id')
    .patch(requireAdmin, async (req, res) => {
      const id = parseIdParam(req.params.id, STAFF_MESSAGES.notFound);
      const outcome = await changeStaffMember(db, id, parseBody(staffChangeSchema, req.body));
      if (outcome.kind === 'not-found') throw notFound();
      if (outcome.kind === 'last-owner') throw lastOwner();
      if (outcome.kind === 'not-joined') throw new HttpError(409, STAFF_MESSAGES.notJoined);
      res.json(outcome.member);
    })
    .delete(requireAdmin, async (req, res) => {
      const outcome = await removeStaffMember(db, parseIdParam(req.params.id, STAFF_MESSAGES.notFound));
      if (outcome.kind === 'not-found') throw notFound();
      if (outcome.kind === 'last-owner') throw lastOwner();
      res.status(204).end();
    })
    .all(methodNotAllowed(['PATCH', 'DELETE']));

  router
    .route('/admin/staff/:id/resend-invite')
    .post(requireAdmin, async (req, res) => {
      const outcome = await resendStaffInvitation(services, parseIdParam(req.params.id, STAFF_MESSAGES.notFound), signedIn(res));
      if (outcome.kind === 'not-found') throw notFound();
      if (outcome.kind === 'not-invited') throw new HttpError(409, STAFF_MESSAGES.notInvited);
      res.status(202).json({ message: 'Invitation sent again.' });
    })
    .all(methodNotAllowed(['POST']));

  return router;
}
