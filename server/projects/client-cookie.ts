import type { Request, Response } from 'express';
import { readCookies, signToken, unsignToken, type WithHeaders } from '#server/cookies/signed-cookies.ts';

/**
 * The client's session cookie: its own name, so an admin session and a client session never stand
 * for each other. `__Host-` over HTTPS for the same reason as the admin's (no subdomain can plant it).
 */
export const CLIENT_COOKIE = 'studio.client';
export const SECURE_CLIENT_COOKIE = `__Host-${CLIENT_COOKIE}`;

const cookieName = (req: Request) => (req.secure ? SECURE_CLIENT_COOKIE : CLIENT_COOKIE);

export function hasClientCookie(req: WithHeaders): boolean {
  const cookies = readCookies(req);
  return cookies.has(SECURE_CLIENT_COOKIE) || cookies.has(CLIENT_COOKIE);
}

export function readClientToken(req: Request, secret: string): string | null {
  const value = readCookies(req).get(cookieName(req));
  return value ? unsignToken(value, secret) : null;
}

export function setClientCookie(req: Request, res: Response, token: string, secret: string, maxAgeMs: number): void {
  // Lax: the sign-in link arrives from a mail client, a top-level navigation that must carry it.
  res.cookie(cookieName(req), signToken(token, secret), {
    httpOnly: true,
    sameSite: 'lax',
    secure: req.secure,
    path: '/',
    maxAge: maxAgeMs,
  });
}

export function clearClientCookie(req: Request, res: Response): void {
  res.clearCookie(cookieName(req), { httpOnly: true, sameSite: 'lax', secure: req.secure, path: '/' });
}
