import { createHmac, timingSafeEqual } from 'node:crypto';

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
