import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { Request, RequestHandler, Response } from 'express';

/**
 * A short-lived cache of rendered public pages for visitors. Rendering the home page costs a few
 * milliseconds of CPU; serving it from memory costs a string replace, so a burst of visitors does not
 * queue behind React. Per-response values stay per-response: each page is rendered with placeholder
 * tokens for the CSP nonce and the contact form's signed render time, and every response gets fresh
 * ones. Any successful write clears the cache, so the site shows a change at once.
 */
export interface CachedPage {
  status: number;
  headers: Array<[string, string]>;
  body: string;
  /** Stand-ins rendered into the body, swapped for fresh values on each response. */
  noncePlaceholder: string;
  formTokenPlaceholder: string;
  expiresAt: number;
}

export interface PageCacheOptions {
  ttlMs: number;
  maxEntries: number;
}

export class PageCache {
  private readonly entries = new Map<string, CachedPage>();
  constructor(private readonly options: PageCacheOptions) {}

  get(key: string, now = Date.now()): CachedPage | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  set(key: string, entry: Omit<CachedPage, 'expiresAt'>, now = Date.now()): void {
    // Bounded: random URLs (404s) must not grow memory without limit. Oldest entries go first.
    if (this.entries.size >= this.options.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { ...entry, expiresAt: now + this.options.ttlMs });
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

/** Unique, alphanumeric, so it survives HTML and JSON escaping untouched. */
export const newPlaceholder = () => `ph${randomBytes(12).toString('hex')}`;

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Clears the cache after every successful write (API or page action), whatever it changed. */
export function clearPageCacheOnWrite(cache: PageCache): RequestHandler {
  return (req, res, next) => {
    if (WRITE_METHODS.has(req.method)) {
      res.on('finish', () => {
        if (res.statusCode < 400) cache.clear();
      });
    }
    next();
  };
}

/**
 * Documents for visitors only: a signed-in admin sees their own header, and data requests, the
 * admin area and anything carrying a query for a form are left to React Router.
 */
/** Tells whether a request carries a session cookie (passed in: sessions belong to server/auth). */
export type SessionCookieProbe = (req: Request) => boolean;

export function isCacheablePageRequest(req: Request, res: Response, hasSessionCookie: SessionCookieProbe): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  if (res.locals.admin || hasSessionCookie(req)) return false;
  const path = req.path;
  if (path.endsWith('.data') || path.startsWith('/__') || path.startsWith('/manage')) return false;
  return true;
}

/**
 * Writes a cached page with this response's nonce and form token. It is gzipped here, in one
 * synchronous call (about 0.1 ms for the home page), rather than through the streaming compression
 * middleware, whose per-response set-up costs more than the compression itself.
 */
export function replayCachedPage(
  entry: Omit<CachedPage, 'expiresAt'>,
  req: Request,
  res: Response,
  fresh: { nonce: string; formToken: string },
): void {
  const body = entry.body.split(entry.noncePlaceholder).join(fresh.nonce).split(entry.formTokenPlaceholder).join(fresh.formToken);
  res.status(entry.status);
  for (const [name, value] of entry.headers) res.setHeader(name, value);
  res.setHeader('Vary', 'Accept-Encoding');
  let payload: Buffer = Buffer.from(body);
  if (payload.length > 1024 && req.acceptsEncodings('gzip') === 'gzip') {
    payload = gzipSync(payload, { level: 3 });
    res.setHeader('Content-Encoding', 'gzip');
  }
  res.setHeader('Content-Length', payload.length);
  res.end(req.method === 'HEAD' ? undefined : payload);
}
