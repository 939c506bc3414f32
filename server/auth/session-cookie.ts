import { sessionCookie } from '#server/cookies/signed-cookies.ts';

/** The admin's session cookie (the client portal has its own: server/projects/client-cookie.ts). */
export const adminCookie = sessionCookie('studio.sid');

export const SESSION_COOKIE = adminCookie.name;
export const SECURE_SESSION_COOKIE = adminCookie.secureName;
export const readSessionToken = adminCookie.read;
export const setSessionCookie = adminCookie.set;
export const clearSessionCookie = adminCookie.clear;
