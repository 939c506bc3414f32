import type { RequestHandler } from 'express';
import { SESSION_CHALLENGE } from '#common/session-challenge.ts';
import { refusalOf, roleMay } from '#common/staff-roles.ts';
import { SESSION_MESSAGES } from '#common/staff-sessions.ts';
import { capabilityOfRequest } from './admin-routes.ts';
import { HttpError } from './errors.ts';

/** How long a client should wait before retrying when the session store could not be read. */
const LOOKUP_RETRY_AFTER_SECONDS = 5;
const SESSION_REQUIRED_MESSAGE = 'Authentication required';
/** A route past requireAdmin that admin-routes.ts does not name: refused to everyone until it is given a capability. */
export const UNLISTED_ROUTE_MESSAGE = 'No staff role may use this yet: server/http/admin-routes.ts has no entry for it.';

/**
 * Why the signed-in staff member may not make this request, or null when they may: the route's
 * capability (admin-routes.ts) against their role as the session read it on this request.
 */
export function staffRefusal(role: string | undefined, method: string, url: string): string | null {
  const capability = capabilityOfRequest(method, url);
  if (!capability) return UNLISTED_ROUTE_MESSAGE;
  return roleMay(role, capability) ? null : refusalOf(capability);
}

/** What a person held at required two-factor setup may still ask (signing out needs no session at all). */
const TWO_FACTOR_SETUP_CALLS = new Set([
  'GET /api/admin/me',
  'GET /api/admin/two-factor',
  'POST /api/admin/two-factor/setup',
  'POST /api/admin/two-factor/confirm',
]);

function heldAtTwoFactorSetup(admin: { twoFactorSetupRequired?: boolean }, method: string, url: string): boolean {
  if (!admin.twoFactorSetupRequired) return false;
  const path = (url.split('?')[0] ?? '').replace(/\/$/, '');
  return !TWO_FACTOR_SETUP_CALLS.has(`${method === 'HEAD' ? 'GET' : method} ${path}`);
}

/**
 * Guards every admin API. The session middleware (server/auth) puts the signed-in admin in
 * res.locals.admin; without one the API answers 401 JSON with the `Session` challenge, which the
 * admin dashboard reads as "the session has ended: log in again" (a wrong password at login is a
 * 401 without it). When the session could not be looked up at all (the database is unreachable),
 * the session may well be alive: that is a 503 to retry, not a reason to log in again. A signed-in
 * staff member whose role may not use the route (common/staff-roles.ts) is answered 403 with the reason,
 * and so is one whose role requires two-factor they have not set up, for all but the setup (decision 117).
 */
export const requireAdmin: RequestHandler = (req, res, next) => {
  const admin = res.locals.admin as { role?: string; twoFactorSetupRequired?: boolean } | null | undefined;
  if (admin) {
    if (heldAtTwoFactorSetup(admin, req.method, req.originalUrl)) {
      res.set('Cache-Control', 'no-store').status(403).json({ message: SESSION_MESSAGES.setupRequired, twoFactorSetupRequired: true });
      return;
    }
    const refusal = staffRefusal(admin.role, req.method, req.originalUrl);
    if (!refusal) return next();
    res.set('Cache-Control', 'no-store').status(403).json({ message: refusal });
    return;
  }
  if (res.locals.sessionLookupFailed) {
    res.set({ 'Retry-After': String(LOOKUP_RETRY_AFTER_SECONDS), 'Cache-Control': 'no-store' });
    res.status(503).json({ message: 'Service temporarily unavailable. Please try again shortly.' });
    return;
  }
  res.set('WWW-Authenticate', SESSION_CHALLENGE).status(401).json({ message: SESSION_REQUIRED_MESSAGE });
};

/** For a route past requireAdmin whose admin has gone since the session was read: the same 401 as requireAdmin's. */
export function sessionEnded(): HttpError {
  return new HttpError(401, SESSION_REQUIRED_MESSAGE, undefined, { 'WWW-Authenticate': SESSION_CHALLENGE });
}

/** The id of the admin a request past requireAdmin acts as; the 401 of requireAdmin if the session is gone. */
export function signedInAdminId(res: { locals: Record<string, unknown> }): number {
  const admin = res.locals.admin as { id: number } | undefined;
  if (!admin) throw sessionEnded();
  return admin.id;
}
