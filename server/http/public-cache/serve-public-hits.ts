import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { aheadRouteLabel, beginAhead, recordAhead, type AheadBookkeeping } from '#server/http/ahead-of-express.ts';
import { hasUsableHost } from '#server/http/request-guards.ts';
import type { PublicCache } from './public-cache.ts';
import { sendStored } from './send-stored.ts';

/** Tells whether a request carries a session cookie (passed in: sessions belong to server/auth). */
export type SessionCookieProbe = (req: { headers: IncomingMessage['headers'] }) => boolean;

/** Public answers are kept by path alone: none of them depends on the query string. */
export function storedAnswerKey(originalUrl: string): string {
  const query = originalUrl.indexOf('?');
  return query < 0 ? originalUrl : originalUrl.slice(0, query);
}

/** The header that says whether a public answer came from the store; tests and operators read it. */
export const CACHE_STATUS_HEADER = 'X-Page-Cache';

export interface PublicHitOptions extends AheadBookkeeping {
  cache: PublicCache;
  hasSessionCookie: SessionCookieProbe;
}

/**
 * In front of Express: a visitor's GET for an answer already stored is written straight from memory.
 * Express's routing, the per-request logger, compression and sessions would only arrive at the same
 * bytes, at several times the cost. What the stack would refuse or personalise goes to it: other
 * methods, a session cookie (it may be the admin, who sees their own header), an unusable Host.
 * The answer still carries the fixed security headers, counts in the metrics (as a page, or as its
 * API route) and is logged in the request logger's shape when the level shows requests.
 */
export function servePublicHits(options: PublicHitOptions, stack: RequestListener): RequestListener {
  const { cache, hasSessionCookie } = options;
  return (req, res) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || hasSessionCookie(req) || !hasUsableHost(req)) return stack(req, res);
    const url = req.url ?? '/';
    const key = storedAnswerKey(url);
    const found = cache.lookup(key);
    if (!found || (found.bareAddressOnly && url.length > key.length)) return stack(req, res);
    const started = beginAhead(req, res, options);
    res.setHeader(CACHE_STATUS_HEADER, found.freshness);
    sendStored(req, res as ServerResponse, found.stored);
    recordAhead(req, res, aheadRouteLabel(key), started, options);
  };
}
