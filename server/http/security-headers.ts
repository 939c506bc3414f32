import { randomBytes } from 'node:crypto';
import type { RequestHandler } from 'express';
import { FRAME_SOURCES_HEADER, PROVIDER_FACTS } from '#common/embeds.ts';

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
  /** For a response rendered for one request: its scripts carry this nonce. `frames`: its players' origins (frameSources). */
  withNonce(nonce: string, frames?: readonly string[]): string;
  /** For a page shared by every visitor: its inline scripts are allowed by their hashes; `frames`: its FRAME_SOURCES_HEADER. */
  withScriptHashes(hashes: readonly string[], frames?: string | null): string;
}

/** Pages name their players' origins in it (server/http/pages.ts takes it off a shared page's answer). */
export { FRAME_SOURCES_HEADER };

const PLAYER_ORIGINS = new Set(Object.values(PROVIDER_FACTS).map((facts) => facts.frameOrigin));

/**
 * The frame origins a page names for its players (FRAME_SOURCES_HEADER, set by the owner's pages):
 * only the embed providers' own, whatever else the value holds. Empty for every other page.
 */
export function frameSources(value: string | null | undefined): string[] {
  return [...new Set((value ?? '').split(/\s+/).filter((origin) => PLAYER_ORIGINS.has(origin)))].sort();
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
  // Only a page that shows a player may frame anything, and then only its providers (decision 119).
  const frameSrc = (frames: readonly string[]) => (frames.length > 0 ? `; frame-src ${frames.join(' ')}` : '');
  const policy = (sources: string, frames: readonly string[] = []) =>
    `default-src 'self'; script-src 'self' ${sources} 'strict-dynamic'${development ? ` 'unsafe-eval'` : ''}; ${rest}${frameSrc(frames)}`;
  return {
    // Pages made for one person (the admin, the portal) may compile WebAssembly: the uploader hashes
    // each part with it (app/features/file-uploader/part-digest.ts). It allows no JavaScript eval; pages
    // shared by every visitor upload nothing and do not get it.
    withNonce: (nonce, frames) => policy(`'nonce-${nonce}' 'wasm-unsafe-eval'`, frames),
    withScriptHashes: (hashes, frames) => policy(hashes.join(' '), frameSources(frames)),
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
    // A page rendered for this request names its players' origins in a header of its own
    // (React Router's adapter appends every header): that header becomes the policy's frame-src.
    const append = res.append.bind(res);
    res.append = (name, value) => {
      if (name.toLowerCase() !== FRAME_SOURCES_HEADER) return append(name, value);
      res.set('Content-Security-Policy', policy.withNonce(nonce, frameSources(String(value))));
      return res;
    };
    next();
  };
}
