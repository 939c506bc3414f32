import type { Server as HttpServer } from 'node:http';
import path from 'node:path';
import express, { type Express, type Request, type Response } from 'express';
import { createRequestHandler } from '@react-router/express';
import { createRequestHandler as createDocumentHandler, type AppLoadContext, type ServerBuild } from 'react-router';
import type { ServerContext, Services } from '#server/context.ts';
import { clientIp } from './client-ip.ts';
import type { UnavailableErrors } from './errors.ts';
import { isCacheablePageRequest, newPlaceholder, replayCachedPage, type PageCache, type SessionCookieProbe } from './page-cache.ts';

export type PageMode =
  /** Hot reload runs its websocket on the app's own HTTP server: one port in development too. */
  { kind: 'development'; httpServer?: HttpServer } | { kind: 'production'; buildDir: string };

/** Issues the contact form's signed render time; one per response (server/contact/form-token.ts). */
export type FormTokenIssuer = () => string;

function loadContext(services: Services, issueFormToken: FormTokenIssuer, unavailable: UnavailableErrors) {
  return (req: Request, res: Response): AppLoadContext => ({
    services,
    cspNonce: res.locals.cspNonce as string,
    requestId: String(req.id ?? ''),
    admin: (res.locals.admin as ServerContext['admin']) ?? null,
    publicUrl: services.config.PUBLIC_URL,
    clientIp: clientIp(req),
    contactFormToken: issueFormToken(),
    faults: { isDatabaseUnavailable: unavailable.matches, retryAfterSeconds: unavailable.retryAfterSeconds, databaseUnavailable: false },
  });
}

/**
 * Visitors' page requests go through the page cache: a miss renders the page once with placeholder
 * nonce and form token (and no request headers, so one rendering fits every visitor); every response
 * then gets its own values. Everything else goes straight to React Router.
 */
interface PageCaching {
  cache: PageCache;
  issueFormToken: FormTokenIssuer;
  hasSessionCookie: SessionCookieProbe;
}

function cachedPages(build: ServerBuild, getLoadContext: ReturnType<typeof loadContext>, caching: PageCaching) {
  const { cache, issueFormToken, hasSessionCookie } = caching;
  const handleDocument = createDocumentHandler(build, 'production');
  const handleDirectly = createRequestHandler({ build, getLoadContext, mode: 'production' });
  return async (req: Request, res: Response, next: (error?: unknown) => void) => {
    if (!isCacheablePageRequest(req, res, hasSessionCookie)) return handleDirectly(req, res, next);
    const fresh = { nonce: res.locals.cspNonce as string, formToken: issueFormToken() };
    const key = req.originalUrl;
    const hit = cache.get(key);
    if (hit) {
      res.setHeader('X-Page-Cache', 'hit');
      return replayCachedPage(hit, req, res, fresh);
    }
    try {
      const generation = cache.generation;
      const noncePlaceholder = newPlaceholder();
      const formTokenPlaceholder = newPlaceholder();
      const context = { ...getLoadContext(req, res), admin: null, cspNonce: noncePlaceholder, contactFormToken: formTokenPlaceholder };
      const url = new URL(req.originalUrl, `${req.protocol}://${req.get('host') ?? 'localhost'}`);
      const response = await handleDocument(new Request(url, { headers: { accept: 'text/html' } }), context);
      const entry = {
        status: response.status,
        headers: [...response.headers].filter(([name]) => name !== 'content-length' && name !== 'set-cookie'),
        body: await response.text(),
        noncePlaceholder,
        formTokenPlaceholder,
      };
      if ((response.status === 200 || response.status === 404) && !response.headers.has('set-cookie'))
        cache.set(key, entry, { generation });
      res.setHeader('X-Page-Cache', 'miss');
      replayCachedPage(entry, req, res, fresh);
    } catch (error) {
      next(error);
    }
  };
}

/**
 * Mounts the React Router app last: Vite middleware with hot reload in development, the built
 * client assets (immutable, a year) and server bundle in production.
 */
export async function mountPages(
  app: Express,
  { services, mode, caching, unavailable }: { services: Services; mode: PageMode; caching: PageCaching; unavailable: UnavailableErrors },
): Promise<() => Promise<void>> {
  const getLoadContext = loadContext(services, caching.issueFormToken, unavailable);
  if (mode.kind === 'development') {
    const vite = await import('vite');
    const devServer = await vite.createServer({
      server: { middlewareMode: true, ...(mode.httpServer ? { hmr: { server: mode.httpServer } } : {}) },
      appType: 'custom',
    });
    app.use(devServer.middlewares);
    app.use(async (req, res, next) => {
      try {
        const build = (await devServer.ssrLoadModule('virtual:react-router/server-build')) as ServerBuild;
        return await createRequestHandler({ build, getLoadContext, mode: 'development' })(req, res, next);
      } catch (error) {
        if (error instanceof Error) devServer.ssrFixStacktrace(error);
        next(error);
      }
    });
    return () => devServer.close();
  }
  const clientDir = path.join(mode.buildDir, 'client');
  app.use('/assets', express.static(path.join(clientDir, 'assets'), { immutable: true, maxAge: '1y', index: false, fallthrough: false }));
  app.use(express.static(clientDir, { maxAge: '1h', index: false, redirect: false }));
  const build = (await import(path.join(mode.buildDir, 'server', 'index.js'))) as ServerBuild;
  app.use(cachedPages(build, getLoadContext, caching));
  return async () => {};
}
