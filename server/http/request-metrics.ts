import { performance } from 'node:perf_hooks';
import type { Request, RequestHandler, Response } from 'express';

export interface RequestObservation {
  method: string;
  route: string;
  status: string;
}

/** Where request counts and durations go (the metrics registry, passed in by server/app.ts). */
export interface RequestObserver {
  observeRequest(labels: RequestObservation, seconds: number): void;
}

/** Set by a handler whose requests must not count themselves (a successful metrics scrape). */
export function skipRequestMetrics(res: Response): void {
  res.locals.skipRequestMetrics = true;
}

function isUnder(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

/**
 * The route a request matched, as written in the code ('api:/samples/:id', '/objects/uploads/:key'),
 * else one of a few fixed names. Never the URL itself: anyone could mint a new label per request.
 */
function routeLabel(req: Request): string {
  // Routing paths are case-insensitive; the route's own pattern is what names it.
  const path = req.originalUrl.split('?')[0].toLowerCase();
  const pattern: unknown = req.route?.path;
  if (isUnder(path, '/api')) return typeof pattern === 'string' ? `api:${pattern}` : 'api:unmatched';
  if (typeof pattern === 'string') return pattern;
  if (isUnder(path, '/assets')) return 'asset';
  // React Router, the public folder's files and every unknown path.
  return 'page';
}

/** Counts and times every response; mounted first so the time covers the whole middleware chain. */
export function recordRequestMetrics(observer: RequestObserver): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    res.once('close', () => {
      if (res.locals.skipRequestMetrics) return;
      // A client that leaves before any answer (a closed tab, a timed-out probe) has no status to report.
      const status = res.headersSent ? String(res.statusCode) : 'aborted';
      observer.observeRequest({ method: req.method, route: routeLabel(req), status }, (performance.now() - started) / 1000);
    });
    next();
  };
}
