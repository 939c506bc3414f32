import type { RequestHandler } from 'express';
import type { DatabaseServices } from '#server/core-services.ts';
import { clearClientCookie, readClientToken } from './client-cookie.ts';
import { loadClientSession } from './client-sessions.ts';

/**
 * Resolves the client cookie to `res.locals.client` ({email, sid}) for the portal's API and pages. It
 * never sets `res.locals.admin`: the two sessions grant nothing of each other's.
 */
export function clientSessionMiddleware({ db, config, logger }: DatabaseServices): RequestHandler {
  return async (req, res, next) => {
    res.locals.client = null;
    if (req.path.startsWith('/assets/')) return next();
    const token = readClientToken(req, config.SESSION_SECRET);
    if (!token) return next();
    try {
      const client = await loadClientSession(db, token);
      if (client) res.locals.client = client;
      else clearClientCookie(req, res);
    } catch (error) {
      res.locals.clientLookupFailed = true;
      (req.log ?? logger).error({ err: error }, 'client session lookup failed');
    }
    next();
  };
}
