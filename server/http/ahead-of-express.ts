import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import { redactUrlSecrets, type Logger } from '#server/logger.ts';
import type { RequestObserver } from './request-metrics.ts';
import { FIXED_SECURITY_HEADERS, HSTS } from './security-headers.ts';

/*
 * What every answer written in front of Express shares (stored public answers, shared JSON answers):
 * the fixed security headers the stack would have set, and the metrics and the request log line in
 * the stack's shape, so an operator sees these requests as any other.
 */

export interface AheadBookkeeping {
  /** Whether the request came over HTTPS, as Express judges it (its trusted proxies). */
  isSecure: (req: IncomingMessage) => boolean;
  logger: Logger;
  metrics?: RequestObserver;
}

/** Starts an answer given ahead of the stack: its fixed headers; returns the time it started. */
export function beginAhead(req: IncomingMessage, res: ServerResponse, { isSecure }: AheadBookkeeping): number {
  for (const name in FIXED_SECURITY_HEADERS) res.setHeader(name, FIXED_SECURITY_HEADERS[name as keyof typeof FIXED_SECURITY_HEADERS]);
  if (isSecure(req)) res.setHeader('Strict-Transport-Security', HSTS);
  return performance.now();
}

/** Counts and logs an answer given ahead of the stack, under `route` (the stack's route label). */
export function recordAhead(
  req: IncomingMessage,
  res: ServerResponse,
  route: string,
  started: number,
  bookkeeping: AheadBookkeeping,
): void {
  const { logger, metrics } = bookkeeping;
  const seconds = (performance.now() - started) / 1000;
  metrics?.observeRequest({ method: req.method ?? 'GET', route, status: String(res.statusCode) }, seconds);
  if (logger.isLevelEnabled('info')) {
    logger.info(
      {
        req: { method: req.method, url: redactUrlSecrets(req.url ?? '/') },
        res: { statusCode: res.statusCode },
        responseTime: seconds * 1000,
      },
      'request completed',
    );
  }
}

/** The stack's own label for an API route ('api:/booking/slots'), or 'page'. */
export const aheadRouteLabel = (path: string): string => (path.startsWith('/api/') ? `api:${path.slice(4)}` : 'page');
