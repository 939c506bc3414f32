import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// A link's token is made, hashed and checked by server/secret-tokens.ts, as a booking's links are.

/** How long a right password opens a link in that browser: one listening session, not for good. */
export const UNLOCK_MS = 12 * 60 * 60 * 1000;

/** Each link has its own cookie (its id in the name), so one link's pass never opens another. */
export const listenerCookieName = (linkId: number) => `studio.listen.${linkId}`;

/**
 * The listener's cookie for one link: the browser's own key (which comments are theirs) and, after the
 * right password, until when the link is open to it. Signed under SESSION_SECRET with the link's id
 * and its password hash, so it cannot be edited, moved to another link, or outlive a changed password.
 */
export interface ListenerPass {
  listenerKey: string;
  unlockedUntil: number;
}

const mac = (secret: string, linkId: number, passwordHash: string | null, body: string) =>
  createHmac('sha256', secret)
    .update(`${linkId}|${passwordHash ?? ''}|${body}`)
    .digest('base64url');

export function signListenerPass(secret: string, linkId: number, passwordHash: string | null, pass: ListenerPass): string {
  const body = `${pass.listenerKey}.${pass.unlockedUntil}`;
  return `${body}.${mac(secret, linkId, passwordHash, body)}`;
}

export function readListenerPass(
  secret: string,
  linkId: number,
  passwordHash: string | null,
  value: string | undefined,
): ListenerPass | null {
  const match = /^([A-Za-z0-9_-]{16,64})\.(\d{1,15})\.([A-Za-z0-9_-]+)$/.exec(value ?? '');
  if (!match) return null;
  const [, listenerKey, until, given] = match;
  const expected = Buffer.from(mac(secret, linkId, passwordHash, `${listenerKey}.${until}`));
  const actual = Buffer.from(given!);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
  return { listenerKey: listenerKey!, unlockedUntil: Number(until) };
}

export const freshListenerKey = () => randomBytes(16).toString('base64url');

/** The address as the access log keeps it (decision 082): one helper for every log that keeps addresses. */
export { shortenedIp } from '#common/shortened-ip.ts';
