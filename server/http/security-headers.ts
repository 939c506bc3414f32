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

/**
 * Sets the security headers on every response and a per-request CSP nonce in res.locals.cspNonce,
 * which React Router puts on its scripts. No 'unsafe-inline' for scripts.
 */
export function securityHeaders({ development, mediaOrigins }: SecurityHeaderOptions): RequestHandler {
  const media = mediaOrigins.map((origin) => ` ${origin}`).join('');
  // Everything but the nonce is fixed at start-up: the policy is built once, around the nonce's place.
  const beforeNonce = `default-src 'self'; script-src 'self' 'nonce-`;
  const afterNonce = [
    `' 'strict-dynamic'${development ? ` 'unsafe-eval'` : ''}`,
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
  return (req, res, next) => {
    const nonce = randomBytes(16).toString('base64');
    res.locals.cspNonce = nonce;
    res.set({
      'Content-Security-Policy': `${beforeNonce}${nonce}${afterNonce}`,
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
      'Cross-Origin-Opener-Policy': 'same-origin',
      'X-Frame-Options': 'DENY',
    });
    if (req.secure) res.set('Strict-Transport-Security', 'max-age=63072000; includeSubDomains');
    next();
  };
}
