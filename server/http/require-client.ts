import type { RequestHandler } from 'express';

const LOOKUP_RETRY_AFTER_SECONDS = 5;

/**
 * Guards the client portal's API: a live client session (res.locals.client, set by the client session
 * middleware) or 401. An admin session does not count: the studio uses its own routes. A lookup that
 * failed (database unreachable) is a 503 to retry, not a signed-out client.
 */
export const requireClient: RequestHandler = (_req, res, next) => {
  if (res.locals.client) return next();
  if (res.locals.clientLookupFailed) {
    res.set({ 'Retry-After': String(LOOKUP_RETRY_AFTER_SECONDS), 'Cache-Control': 'no-store' });
    res.status(503).json({ message: 'Service temporarily unavailable. Please try again shortly.' });
    return;
  }
  res.status(401).set('Cache-Control', 'no-store').json({ message: 'Sign in to your client portal to continue' });
};
