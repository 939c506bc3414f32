import type { RequestHandler } from 'express';
import type { PageAnswerPolicy } from '#common/page-policy.ts';

// Only page URLs are folded: API, asset and object keys are case-sensitive by nature, and so is a page
// whose address holds a secret (a review link's token, decision 082; a booking link's): its route says so.
const UNTOUCHED_PREFIXES = ['/api/', '/assets/', '/objects/', '/uploads/', '/@', '/node_modules/', '/app/', '/__'];

/** The routes' policy for a page path (server/http/pages.ts reads it from the build). */
export type PagePolicyLookup = (pathname: string) => Promise<Pick<PageAnswerPolicy, 'secretInAddress'>>;

/** The one spelling of a page path: lower case, no trailing slash (except the root). */
export function canonicalPath(pathname: string): string {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (trimmed || '/').toLowerCase();
}

/**
 * `/About/?x=1` answers 301 to `/about?x=1`, so every page has one address (routing is case-insensitive);
 * an alias (`/privacy`) answers 301 to its page. The aliases come as an argument (they are the app's navigation),
 * and so do the routes' policies (without pages, no path is a page with a secret).
 */
export const redirectToCanonicalPath =
  (aliases: Readonly<Record<string, string>> = {}, policyOf?: PagePolicyLookup): RequestHandler =>
  async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const pathname = req.path;
    if (UNTOUCHED_PREFIXES.some((prefix) => pathname.startsWith(prefix))) return next();
    const canonical = canonicalPath(pathname);
    const wanted = Object.hasOwn(aliases, canonical) ? aliases[canonical]! : canonical;
    if (wanted === pathname) return next();
    try {
      if (policyOf && (await policyOf(pathname)).secretInAddress) return next();
    } catch (error) {
      return next(error);
    }
    const queryIndex = req.originalUrl.indexOf('?');
    const query = queryIndex === -1 ? '' : req.originalUrl.slice(queryIndex);
    // `//evil.com` would become a protocol-relative redirect, and browsers read `/\evil.com` the same
    // way: leading slashes and backslashes collapse to one slash.
    res.redirect(301, wanted.replace(/^[/\\]+/, '/') + query);
  };
