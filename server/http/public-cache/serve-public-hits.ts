import { performance } from 'node:perf_hooks';
import type { RequestHandler } from 'express';
import { redactUrlSecrets, type Logger } from '#server/logger.ts';
import { hasUsableHost } from '#server/http/request-guards.ts';
import type { PublicCache } from './public-cache.ts';
import { sendStored } from './send-stored.ts';

/** Tells whether a request carries a session cookie (passed in: sessions belong to server/auth). */
export type SessionCookieProbe = (req: Parameters<RequestHandler>[0]) => boolean;

/** Public answers are kept by path alone: none of them depends on the query string. */
export function storedAnswerKey(originalUrl: string): string {
  const query = originalUrl.indexOf('?');
  return query < 0 ? originalUrl : originalUrl.slice(0, query);
}

/** The header that says whether a public answer came from the store; tests and operators read it. */
export const CACHE_STATUS_HEADER = 'X-Page-Cache';

/**
 * Near the top of the stack: a visitor's GET for an answer already stored is written straight from
 * memory, before request logging, compression, sessions and routing, which would only arrive at the
 * same bytes (the per-request logger alone costs more than the whole answer). A request with a
 * session cookie goes the long way (it may be the admin, who sees their own header). The answer is
 * still logged, in the request logger's shape, when the log level shows requests.
 */
export function servePublicHits(cache: PublicCache, hasSessionCookie: SessionCookieProbe, logger: Logger): RequestHandler {
  return (req, res, next) => {
    // What the guards below would refuse goes on to them, to be refused and logged.
    if ((req.method !== 'GET' && req.method !== 'HEAD') || hasSessionCookie(req) || !hasUsableHost(req)) return next();
    const stored = cache.get(storedAnswerKey(req.originalUrl));
    if (!stored) return next();
    const started = performance.now();
    res.setHeader(CACHE_STATUS_HEADER, 'hit');
    sendStored(req, res, stored);
    if (logger.isLevelEnabled('info')) {
      logger.info(
        {
          req: { method: req.method, url: redactUrlSecrets(req.originalUrl) },
          res: { statusCode: res.statusCode },
          responseTime: performance.now() - started,
        },
        'request completed',
      );
    }
  };
}
