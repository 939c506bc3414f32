import { describe, expect, it } from 'vitest';
import { issuePendingLogin, PENDING_LOGIN_TTL_MS, readPendingLogin } from './pending-login.ts';

const SECRET = 'a-session-secret-of-at-least-32-characters';
const OTHER = 'another-session-secret-of-32-characters!!';

describe('the pending login between password and second factor', () => {
  it('signs the pending login: it names its admin until it expires, and a forged one names nobody', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    const token = issuePendingLogin(7, SECRET, now);
    expect(readPendingLogin(token, SECRET, now)).toEqual({ adminId: 7, expiresAt: now.getTime() + PENDING_LOGIN_TTL_MS });
    expect(readPendingLogin(token, SECRET, new Date(now.getTime() + PENDING_LOGIN_TTL_MS))).toBeNull();
    expect(readPendingLogin(token, OTHER, now)).toBeNull();
    const [, signature] = token.split('.');
    const other = Buffer.from(JSON.stringify({ a: 8, e: now.getTime() + 1000, n: 'x' })).toString('base64url');
    expect(readPendingLogin(`${other}.${signature}`, SECRET, now)).toBeNull();
  });
});
