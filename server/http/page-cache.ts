import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { Request, RequestHandler, Response } from 'express';

/**
 * A short-lived cache of rendered public pages for visitors. Rendering the home page costs a few
 * milliseconds of CPU; serving it from memory costs a string replace, so a burst of visitors does not
 * queue behind React. Per-response values stay per-response: each page is rendered with placeholder
 * tokens for the CSP nonce and the contact form's signed render time, and every response gets fresh
 * ones. Any successful write, on any instance, clears the cache, so the site shows a change at once.
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
  private clears = 0;
  constructor(private readonly options: PageCacheOptions) {}

  /** Taken before a render starts and handed to set(): a page rendered across a clear may hold old data. */
  get generation(): number {
    return this.clears;
  }

  get(key: string, now = Date.now()): CachedPage | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  set(key: string, entry: Omit<CachedPage, 'expiresAt'>, { now = Date.now(), generation = this.clears } = {}): void {
    if (generation !== this.clears) return;
    // Bounded: random URLs (404s) must not grow memory without limit. Oldest entries go first.
    if (this.entries.size >= this.options.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { ...entry, expiresAt: now + this.options.ttlMs });
  }

  clear(): void {
    this.clears += 1;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

/** Unique, alphanumeric, so it survives HTML and JSON escaping untouched. */
export const newPlaceholder = () => `ph${randomBytes(12).toString('hex')}`;

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const CHANGES_NOTHING_SHOWN = 'changesNothingShown';

/**
 * Marks a write whose effect no cached page shows (a play-count beacon): it must not clear every
 * instance's page cache, or a busy player would make public pages uncacheable.
 */
export function markChangesNothingShown(res: Response): void {
  res.locals[CHANGES_NOTHING_SHOWN] = true;
}

/** What the write hook needs from the invalidation channel (server/db/invalidation-channel.ts). */
export interface ChangePublisher {
  /** Clears this instance's caches and tells the other instances; never rejects. */
  publish(): Promise<void>;
}

/**
 * After every successful write (API or page action), whatever it changed, every instance's caches are
 * cleared. The response is held back until the notice is out (as express-session holds it to save a
 * session), so the caller's next request finds the caches cleared whichever instance answers it.
 */
export function publishSuccessfulWrites(changes: ChangePublisher): RequestHandler {
  return (req, res, next) => {
    if (!WRITE_METHODS.has(req.method)) return next();
    const end = res.end;
    let publishing = false;
    res.end = function (this: Response, ...args: Parameters<Response['end']>) {
      if (publishing || res.statusCode >= 400 || res.locals[CHANGES_NOTHING_SHOWN]) return end.apply(this, args);
      publishing = true;
      const finish = () => end.apply(this, args);
      void changes.publish().then(finish, finish);
      return this;
    } as Response['end'];
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
