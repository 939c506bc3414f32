import path from 'node:path';
import express, { type Express, type Request, type Response } from 'express';
import { createRequestHandler } from '@react-router/express';
import type { AppLoadContext, ServerBuild } from 'react-router';
import type { ServerContext, Services } from '../context.ts';

export type PageMode = { kind: 'development' } | { kind: 'production'; buildDir: string };

function loadContext(services: Services) {
  return (req: Request, res: Response): AppLoadContext => ({
    services,
    cspNonce: res.locals.cspNonce as string,
    requestId: String(req.id ?? ''),
    admin: (res.locals.admin as ServerContext['admin']) ?? null,
    publicUrl: services.config.PUBLIC_URL,
    clientIp: req.ip ?? req.socket.remoteAddress ?? 'unknown',
  });
}

/**
 * Mounts the React Router app last: Vite middleware with hot reload in development, the built
 * client assets (immutable, a year) and server bundle in production.
 */
export async function mountPages(app: Express, services: Services, mode: PageMode): Promise<() => Promise<void>> {
  const getLoadContext = loadContext(services);
  if (mode.kind === 'development') {
    const vite = await import('vite');
    const devServer = await vite.createServer({ server: { middlewareMode: true }, appType: 'custom' });
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
  app.use(createRequestHandler({ build, getLoadContext, mode: 'production' }));
  return async () => {};
}
