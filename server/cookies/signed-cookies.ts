import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Request, Response } from 'express';

/*
 * Signed cookie values shared by the admin session and the client session: `token.signature`, where
 * the signature is an HMAC of the token under SESSION_SECRET. A value signed with another secret, or
 * edited, reads as no cookie at all.
 */

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
export interface WithHeaders {
  headers: { cookie?: string | undefined };
}

export function readCookies(req: WithHeaders): Map<string, string> {
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

/** A session cookie by name: read, set and cleared the same way for the admin's and the client's sessions. */
export interface SessionCookie {
  name: string;
  secureName: string;
  /** True when the request carries the cookie at all, valid or not (the CSRF check and the public cache need only that). */
  has(req: WithHeaders): boolean;
  /**
   * True when the request carries the cookie with a valid signature under `secret`, under either name:
   * an HMAC, no database. The public cache serves a junk or forged cookie the shared page.
   */
  hasSigned(req: WithHeaders, secret: string): boolean;
  /** The token inside a validly signed cookie, or null. */
  read(req: Request, secret: string): string | null;
  set(req: Request, res: Response, token: string, secret: string, maxAgeMs: number): void;
  clear(req: Request, res: Response): void;
}

/**
 * Over HTTPS the cookie takes the `__Host-` prefix, which browsers only accept with Secure, path `/`
 * and no Domain: a sibling subdomain cannot plant or overwrite it. Plain HTTP (a laptop, the e2e
 * server) cannot use the prefix, so it gets the bare name. HttpOnly, and SameSite=Lax: a link from an
 * e-mail (a top-level navigation) must carry it.
 */
export function sessionCookie(name: string): SessionCookie {
  const secureName = `__Host-${name}`;
  const nameFor = (req: Request) => (req.secure ? secureName : name);
  const options = (req: Request) => ({ httpOnly: true, sameSite: 'lax' as const, secure: req.secure, path: '/' });
  return {
    name,
    secureName,
    has: (req) => {
      const cookies = readCookies(req);
      return cookies.has(secureName) || cookies.has(name);
    },
    hasSigned: (req, secret) => {
      const cookies = readCookies(req);
      return [secureName, name].some((cookieName) => {
        const value = cookies.get(cookieName);
        return value !== undefined && unsignToken(value, secret) !== null;
      });
    },
    read: (req, secret) => {
      const value = readCookies(req).get(nameFor(req));
      return value ? unsignToken(value, secret) : null;
    },
    set: (req, res, token, secret, maxAgeMs) => res.cookie(nameFor(req), signToken(token, secret), { ...options(req), maxAge: maxAgeMs }),
    clear: (req, res) => res.clearCookie(nameFor(req), options(req)),
  };
}
