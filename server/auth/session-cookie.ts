import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Request, Response } from 'express';

/**
 * Over HTTPS the cookie takes the `__Host-` prefix, which browsers only accept with Secure, path `/`
 * and no Domain: a sibling subdomain cannot plant or overwrite it. Plain HTTP (a laptop, the e2e
 * server) cannot use the prefix, so it gets the bare name.
 */
export const SESSION_COOKIE = 'studio.sid';
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;

const cookieName = (req: Request) => (req.secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE);

function signature(token: string, secret: string): string {
  return createHmac('sha256', secret).update(token).digest('base64url');
}

export function signToken(token: string, secret: string): string {
  return `${token}.${signature(token, secret)}`;
}

/** The token inside a signed value, or null when the signature does not match (forged or old secret). */
export function unsignToken(value: string, secret: string): string | null {
  const dot = value.lastIndexOf('.');
  if (dot <= 0) return null;
  const token = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(signature(token, secret));
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

/** Only the headers are read, so a request Express has not seen yet (node:http's) will do. */
type WithHeaders = Pick<Request, 'headers'>;

function readCookies(req: WithHeaders): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (cookies.has(name)) continue; // the first one wins, as in browsers' ordering (most specific path first)
    try {
      cookies.set(name, decodeURIComponent(part.slice(eq + 1).trim()));
    } catch {
      // A cookie we cannot decode is one we did not set.
    }
  }
  return cookies;
}

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
