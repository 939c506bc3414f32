import { readCookies, signToken, unsignToken, type WithHeaders } from '#server/cookies/signed-cookies.ts';
import type { Request, Response } from 'express';

/**
 * Over HTTPS the cookie takes the `__Host-` prefix, which browsers only accept with Secure, path `/`
 * and no Domain: a sibling subdomain cannot plant or overwrite it. Plain HTTP (a laptop, the e2e
 * server) cannot use the prefix, so it gets the bare name.
 */
export const SESSION_COOKIE = 'studio.sid';
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;

const cookieName = (req: Request) => (req.secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE);

/** True when the request carries a session cookie at all, valid or not (the CSRF check needs only that). */
export function hasSessionCookie(req: WithHeaders): boolean {
  const cookies = readCookies(req);
  return cookies.has(SECURE_SESSION_COOKIE) || cookies.has(SESSION_COOKIE);
}

export function readSessionToken(req: Request, secret: string): string | null {
  const value = readCookies(req).get(cookieName(req));
  return value ? unsignToken(value, secret) : null;
}

export function setSessionCookie(req: Request, res: Response, token: string, secret: string, maxAgeMs: number): void {
  res.cookie(cookieName(req), signToken(token, secret), {
    httpOnly: true,
    sameSite: 'lax',
    secure: req.secure,
    path: '/',
    maxAge: maxAgeMs,
  });
}

export function clearSessionCookie(req: Request, res: Response): void {
  res.clearCookie(cookieName(req), { httpOnly: true, sameSite: 'lax', secure: req.secure, path: '/' });
}
