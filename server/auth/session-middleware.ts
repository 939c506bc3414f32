import type { RequestHandler } from 'express';
import type { DatabaseServices } from '#server/core-services.ts';
import { clearSessionCookie, readSessionToken } from './session-cookie.ts';
import { loadSession } from './session-store.ts';

/**
 * Resolves the session cookie to an admin for every request, so the JSON API (`requireAdmin`) and the
 * page loaders (`context.admin`) see the same identity. A cookie that no longer maps to a live session
 * is cleared, so the browser stops sending it.
 */
export function sessionMiddleware({ db, config, logger }: DatabaseServices): RequestHandler {
  return async (req, res, next) => {
    res.locals.admin = null;
    // Built assets are the same for everyone: no session lookup for each script and font.
    if (req.path.startsWith('/assets/')) return next();
    const token = readSessionToken(req, config.SESSION_SECRET);
    if (!token) return next();
    try {
      const session = await loadSession(db, token);
      if (session) {
        res.locals.admin = session.admin;
        res.locals.sessionId = session.sid;
      } else {
        clearSessionCookie(req, res);
      }
    } catch (error) {
      // A database hiccup must not take the public pages down: the request carries on as a visitor.
      // The admin API must not read it as a logged-out visitor, though (requireAdmin answers 503).
      res.locals.sessionLookupFailed = true;
      (req.log ?? logger).error({ err: error }, 'session lookup failed');
    }
    next();
  };
}
