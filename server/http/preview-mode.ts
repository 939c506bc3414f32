import type { Request, Response, NextFunction } from 'express';
import { PREVIEW_PARAM, PREVIEW_LEAVE_VALUE, PREVIEW_VALUE } from '#common/site-content/drafts.ts';

/**
 * The owner's preview of drafts (docs/decisions/076-drafts-and-preview.md). `?preview=draft` starts
 * it; a session cookie keeps it while the owner follows links, so every page they open shows the
 * drafts, with the banner; `?preview=off` (the banner's Leave preview) ends it. The cookie alone
 * shows nothing: only a signed-in admin's request is ever previewed, and a request with an admin
 * session never comes from or goes into the public page cache.
 */
const PREVIEW_COOKIE = 'studio.preview';
const HAS_PREVIEW_COOKIE = new RegExp(`(?:^|;\\s*)${PREVIEW_COOKIE.replace('.', '\\.')}=${PREVIEW_VALUE}(?:;|$)`);

const cookie = (req: Request, value: string, extra: string) =>
  `${PREVIEW_COOKIE}=${value}; Path=/; HttpOnly; SameSite=Lax${req.secure ? '; Secure' : ''}${extra}`;

/**
 * Public pages only (and React Router's data requests for them): never the sitemap, manifest or
 * other files, and not the admin or the portal, which show no site content to preview.
 */
const isPage = (path: string) => (!path.includes('.') || path.endsWith('.data')) && !/^\/(manage|portal)(\/|\.|$)/.test(path);

/**
 * Whether this request shows the drafts: a signed-in admin asked for it now or earlier in this
 * browser session. Starting sets the cookie; the answer is the owner's alone and never indexed.
 */
export function previewRequested(req: Request, res: Response): boolean {
  // Reading only: a form the owner sends from a previewed page (the contact form) acts on the published content.
  if (!res.locals.admin || (req.method !== 'GET' && req.method !== 'HEAD') || !isPage(req.path)) return false;
  const asked = req.query[PREVIEW_PARAM] === PREVIEW_VALUE;
  const kept = HAS_PREVIEW_COOKIE.test(req.headers.cookie ?? '');
  if (!asked && !kept) return false;
  if (!kept) res.append('Set-Cookie', cookie(req, PREVIEW_VALUE, ''));
  res.setHeader('X-Robots-Tag', 'noindex');
  return true;
}

/** `?preview=off`: ends the preview and goes to the page's own address (anyone may; it only clears a cookie). */
export function leavePreview(req: Request, res: Response, next: NextFunction) {
  if ((req.method !== 'GET' && req.method !== 'HEAD') || req.query[PREVIEW_PARAM] !== PREVIEW_LEAVE_VALUE) return next();
  const url = new URL(req.originalUrl, 'http://page.invalid');
  url.searchParams.delete(PREVIEW_PARAM);
  res.append('Set-Cookie', cookie(req, '', '; Max-Age=0'));
  res.setHeader('Cache-Control', 'no-store');
  res.redirect(303, `${url.pathname}${url.search}`);
}
