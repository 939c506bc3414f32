import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import { redactUrlSecrets, type Logger } from '#server/logger.ts';
import { hasUsableHost } from '#server/http/request-guards.ts';
import { FIXED_SECURITY_HEADERS, HSTS } from '#server/http/security-headers.ts';
import type { RequestObserver } from '#server/http/request-metrics.ts';
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

export interface PublicHitOptions {
  cache: PublicCache;
  hasSessionCookie: SessionCookieProbe;
  /** Whether the request came over HTTPS, as Express judges it (its trusted proxies). */
  isSecure: (req: IncomingMessage) => boolean;
  logger: Logger;
  metrics?: RequestObserver;
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
  const { cache, hasSessionCookie, isSecure, logger, metrics } = options;
  return (req, res) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || hasSessionCookie(req) || !hasUsableHost(req)) return stack(req, res);
    const url = req.url ?? '/';
    const key = storedAnswerKey(url);
    const stored = cache.get(key);
    if (!stored) return stack(req, res);
    const started = performance.now();
    for (const name in FIXED_SECURITY_HEADERS) res.setHeader(name, FIXED_SECURITY_HEADERS[name as keyof typeof FIXED_SECURITY_HEADERS]);
    if (isSecure(req)) res.setHeader('Strict-Transport-Security', HSTS);
    res.setHeader(CACHE_STATUS_HEADER, 'hit');
    sendStored(req, res as ServerResponse, stored);
    const seconds = (performance.now() - started) / 1000;
    metrics?.observeRequest(
      { method: req.method, route: key.startsWith('/api/') ? `api:${key.slice(4)}` : 'page', status: String(res.statusCode) },
      seconds,
    );
    if (logger.isLevelEnabled('info')) {
      logger.info(
        { req: { method: req.method, url: redactUrlSecrets(url) }, res: { statusCode: res.statusCode }, responseTime: seconds * 1000 },
        'request completed',
      );
    }
  };
}
