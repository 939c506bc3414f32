import { sessionCookie } from '#server/cookies/signed-cookies.ts';

/** The client's session cookie: its own name, so an admin session and a client session never stand for each other. */
export const clientCookie = sessionCookie('studio.client');

export const CLIENT_COOKIE = clientCookie.name;
export const readClientToken = clientCookie.read;
export const setClientCookie = clientCookie.set;
export const clearClientCookie = clientCookie.clear;
