import { randomBytes } from 'node:crypto';
import type { RequestHandler } from 'express';

export interface SecurityHeaderOptions {
  /** Vite's dev server needs eval, websockets and inline styles for hot reload. */
  development: boolean;
  /**
   * Origins besides this one that images, audio and fetches may reach: the bucket (uploads), a CDN,
   * hosts in MEDIA_HOSTS (server/http/media-origins.ts). Nothing else: an admin-entered URL cannot
   * make visitors' browsers call an arbitrary host.
   */
  mediaOrigins: readonly string[];
}

export interface ContentSecurityPolicy {
  /** For a response rendered for one request: its scripts carry this nonce. */
  withNonce(nonce: string): string;
  /** For a page shared by every visitor: its inline scripts are allowed by their hashes. */
  withScriptHashes(hashes: readonly string[]): string;
}

/**
 * The one policy of the site. Scripts: only those the page itself names (a nonce or hashes), and what
 * they load ('strict-dynamic'); never 'unsafe-inline'. Everything else is fixed at start-up.
 */
export function contentSecurityPolicy({ development, mediaOrigins }: SecurityHeaderOptions): ContentSecurityPolicy {
  const media = mediaOrigins.map((origin) => ` ${origin}`).join('');
  const rest = [
    // Radix positions popovers with style attributes rendered on the server, so inline styles stay allowed.
    `style-src 'self' 'unsafe-inline'`,
    `img-src 'self' data: blob:${media}`,
    `font-src 'self' data:`,
    `media-src 'self' blob:${media}`,
    `connect-src 'self'${media}${development ? ' ws: wss:' : ''}`,
    `worker-src 'self' blob:`,
    `object-src 'none'`,
    `base-uri 'none'`,
    `frame-ancestors 'none'`,
    `form-action 'self'`,
  ].join('; ');
  const policy = (sources: string) =>
    `default-src 'self'; script-src 'self' ${sources} 'strict-dynamic'${development ? ` 'unsafe-eval'` : ''}; ${rest}`;
  return {
    // Pages made for one person (the admin, the portal) may compile WebAssembly: the uploader hashes
    // each part with it (app/features/file-uploader/part-digest.ts). It allows no JavaScript eval; pages
    // shared by every visitor upload nothing and do not get it.
    withNonce: (nonce) => policy(`'nonce-${nonce}' 'wasm-unsafe-eval'`),
    withScriptHashes: (hashes) => policy(hashes.join(' ')),
  };
}

export const FIXED_SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'X-Frame-Options': 'DENY',
};

/** Over HTTPS only: browsers ignore it on plain HTTP, and a laptop's http://localhost must keep working. */
export const HSTS = 'max-age=63072000; includeSubDomains';

/** The headers every response carries, whatever it is. */
export const fixedSecurityHeaders: RequestHandler = (req, res, next) => {
  res.set(FIXED_SECURITY_HEADERS);
  if (req.secure) res.set('Strict-Transport-Security', HSTS);
  next();
};

/**
 * A per-request CSP nonce in res.locals.cspNonce, which React Router puts on its scripts, and the
 * policy naming it. Shared public answers bring their own policy (server/http/public-cache) and are
 * served before this runs.
 */
export function cspWithNonce(policy: ContentSecurityPolicy): RequestHandler {
  return (_req, res, next) => {
    const nonce = randomBytes(16).toString('base64');
    res.locals.cspNonce = nonce;
    res.set('Content-Security-Policy', policy.withNonce(nonce));
    next();
  };
}
