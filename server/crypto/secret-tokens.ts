import { createHash, randomBytes } from 'node:crypto';

/*
 * Tokens that travel in an e-mailed address (a booking's cancel link): 32 random bytes, and only
 * their SHA-256 is stored, so a leaked table or backup opens nothing.
 */

/** 32 random bytes, base64url: 43 characters in the address. */
export const freshToken = () => randomBytes(32).toString('base64url');

export const tokenHashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** What a token in an address may look like; anything else is not looked up at all. */
export const isTokenShape = (token: string) => /^[A-Za-z0-9_-]{43}$/.test(token);
