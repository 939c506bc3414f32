import type { RequestHandler } from 'express';

/**
 * Guards every admin API. The session middleware (server/auth) puts the signed-in admin in
 * res.locals.admin; without one the API answers 401 JSON.
 */
export const requireAdmin: RequestHandler = (_req, res, next) => {
  if (res.locals.admin) return next();
  res.status(401).json({ message: 'Authentication required' });
};
