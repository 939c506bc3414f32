import { createContext, RouterContextProvider, type RouterContext } from 'react-router';
import type { ServerContext } from '#server/context.ts';

/**
 * The request's server context (services, the signed-in admin or client, the nonce) as React
 * Router 8 carries it: a typed key in the RouterContextProvider. The key lives in the app bundle and
 * app/entry.server.tsx exports it, so server/http/pages.ts sets the very object that loaders read
 * (server-main.js and the React Router build are separate bundles: a key made in each would differ).
 */
export const serverContext = createContext<ServerContext>();

/**
 * A context holding only these parts of the server context, for rendering a route outside the
 * server (tests call loaders and the entry with it).
 */
export const contextWith = (fields: object) => new RouterContextProvider(new Map<RouterContext, unknown>([[serverContext, fields]]));

/** What a loader or action reads: `const { services } = fromContext(context)`. */
export const fromContext = (context: Readonly<RouterContextProvider>): ServerContext => context.get(serverContext);
