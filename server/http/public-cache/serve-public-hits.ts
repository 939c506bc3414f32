import type { RequestHandler } from 'express';
import type { PublicCache } from './public-cache.ts';
import { sendStored } from './send-stored.ts';

/** Tells whether a request carries a session cookie (passed in: sessions belong to server/auth). */
export type SessionCookieProbe = (req: Parameters<RequestHandler>[0]) => boolean;

/** The header that says whether a public answer came from the store; tests and operators read it. */
export const CACHE_STATUS_HEADER = 'X-Page-Cache';

/**
 * Near the top of the stack: a visitor's GET for an answer already stored is written straight from
 * memory, before compression, sessions and routing, which would only arrive at the same bytes. A
 * request with a session cookie goes the long way (it may be the admin, who sees their own header).
 */
export function servePublicHits(cache: PublicCache, hasSessionCookie: SessionCookieProbe): RequestHandler {
  return (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || hasSessionCookie(req)) return next();
    const stored = cache.get(req.originalUrl);
    if (!stored) return next();
    res.setHeader(CACHE_STATUS_HEADER, 'hit');
    sendStored(req, res, stored);
  };
}
