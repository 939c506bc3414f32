import type { Request, RequestHandler } from 'express';
import type { SessionCookieProbe } from './public-cache/serve-public-hits.ts';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

function isSameSite(req: Request, publicOrigin: string | null): boolean {
  const origin = req.get('origin');
  if (origin && origin !== 'null') {
    const ownOrigin = `${req.protocol}://${req.get('host') ?? ''}`;
    return origin === publicOrigin || origin === ownOrigin;
  }
  return req.get('sec-fetch-site') === 'same-origin';
}

/**
 * Refuses cross-site writes. Browsers send `Origin` on every POST/PUT/PATCH/DELETE (and
 * `Sec-Fetch-Site`), so a write that carries the session cookie must show it comes from this site;
 * one that comes from elsewhere is refused even without the cookie (that stops login CSRF and forms
 * on other sites posting here). SameSite=Lax on the cookie is the second layer.
 */
export function csrfProtection(publicUrl: string, hasSessionCookie: SessionCookieProbe): RequestHandler {
  const publicOrigin = originOf(publicUrl);
  return (req, res, next) => {
    if (!STATE_CHANGING.has(req.method)) return next();
    const declaresOrigin = Boolean(req.get('origin')) || Boolean(req.get('sec-fetch-site'));
    if ((hasSessionCookie(req) || declaresOrigin) && !isSameSite(req, publicOrigin)) {
      res.status(403).json({ message: 'Cross-site request refused' });
      return;
    }
    next();
  };
}
