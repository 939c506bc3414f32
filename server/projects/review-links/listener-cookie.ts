import { readCookies, type WithHeaders } from '#server/cookies/signed-cookies.ts';
import { listenerCookieName } from './link-tokens.ts';
import type { PassCookie } from './review-links-service.ts';

/**
 * The listener's cookie of one link: HttpOnly, SameSite=Lax, path `/` (the page and the API both read
 * it), `__Host-` over HTTPS as the session cookies are. Its name holds the link's id and its value is
 * signed for that link, so it is scoped to that one link.
 */
const nameFor = (linkId: number, secure: boolean) => `${secure ? '__Host-' : ''}${listenerCookieName(linkId)}`;

export function listenerCookieReader(req: WithHeaders, secure: boolean) {
  const cookies = readCookies(req);
  return (linkId: number) => cookies.get(nameFor(linkId, secure));
}

export function listenerCookieHeader(cookie: PassCookie, secure: boolean): string {
  const parts = [
    `${nameFor(cookie.linkId, secure)}=${encodeURIComponent(cookie.value)}`,
    'Path=/',
    `Max-Age=${Math.floor(cookie.maxAgeMs / 1000)}`,
    'HttpOnly',
    'SameSite=Lax',
  ];
  if (secure) parts.push('Secure');
  return parts.join('; ');
}
