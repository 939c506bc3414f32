import { createHash, timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import { HttpError } from './errors.ts';
import { skipRequestMetrics } from './request-metrics.ts';

/** What the endpoint serves (the metrics registry, passed in by server/app.ts). */
export interface MetricsSource {
  scrape(): Promise<{ contentType: string; body: string }>;
}

// Digests have one length whatever was sent, so the comparison takes the same time for any guess.
const digest = (text: string) => createHash('sha256').update(text).digest();

function presentedToken(header: string | undefined): string | null {
  const match = header ? /^Bearer[ ]+(\S+)[ ]*$/i.exec(header) : null;
  return match ? match[1] : null;
}

/**
 * GET /metrics for a scraper holding the token. Mounted only when METRICS_TOKEN is set, so without
 * it the path is as unknown as any other. Answers are never stored by a cache on the way.
 */
export function metricsEndpoint(token: string, source: MetricsSource): RequestHandler {
  const expected = digest(token);
  return async (req, res) => {
    const presented = presentedToken(req.headers.authorization);
    if (presented === null || !timingSafeEqual(digest(presented), expected)) {
      throw new HttpError(401, 'A valid bearer token is required', undefined, {
        'WWW-Authenticate': 'Bearer realm="metrics"',
        'Cache-Control': 'no-store',
      });
    }
    const { contentType, body } = await source.scrape();
    skipRequestMetrics(res);
    res.set({ 'Content-Type': contentType, 'Cache-Control': 'no-store' }).send(body);
  };
}
