import { existsSync, readFileSync } from 'node:fs';
import type { Server as HttpServer } from 'node:http';
import path from 'node:path';
import compression from 'compression';
import express, { type Express, type Request, type Response } from 'express';
import { createRequestHandler } from '@react-router/express';
import { createRequestHandler as createDocumentHandler, RouterContextProvider, type RouterContext, type ServerBuild } from 'react-router';
import type { ServerContext, Services } from '#server/context.ts';
import { clientIp } from './client-ip.ts';
import type { UnavailableErrors } from './errors.ts';
import { precompressedAssets } from './precompressed-assets.ts';
import { leavePreview, previewRequested } from './preview-mode.ts';
import { PERSONAL_CACHE_CONTROL, PUBLIC_CACHE_CONTROL } from './public-cache/cache-policy.ts';
import { inlineScriptHashes } from './public-cache/inline-script-hashes.ts';
import type { Produced, PublicCache } from './public-cache/public-cache.ts';
import { sendStored } from './public-cache/send-stored.ts';
import { CACHE_STATUS_HEADER, storedAnswerKey, type SessionCookieProbe } from './public-cache/serve-public-hits.ts';
import { prepareResponse } from './public-cache/stored-response.ts';
import { NOT_FOUND_KEY, NOT_FOUND_RENDER_PATH, unknownPathTest } from './public-cache/unknown-paths.ts';
import { FRAME_SOURCES_HEADER, type ContentSecurityPolicy } from './security-headers.ts';
import { pagePolicyTest } from './page-policy.ts';
import type { PageAnswerPolicy } from '#common/page-policy.ts';

/** The policy of every built asset: nothing runs, loads or frames from a file opened on its own. */
export const ASSET_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:; frame-ancestors 'none'";

export type PageMode =
  /** Hot reload runs its websocket on the app's own HTTP server: one port in development too. */
  { kind: 'development'; httpServer?: HttpServer } | { kind: 'production'; buildDir: string };

/**
 * The build's context key (app/entry.server.tsx exports it): loaders read the server context through
 * that very object, made once in the app bundle.
 */
function serverContextKey(build: ServerBuild): RouterContext<ServerContext> {
  const key = (build.entry.module as { serverContext?: RouterContext<ServerContext> }).serverContext;
  if (!key) throw new Error('The React Router build does not export serverContext from app/entry.server.tsx');
  return key;
}

const providing = (key: RouterContext<ServerContext>, value: ServerContext) => new RouterContextProvider(new Map([[key, value]]));

function serverContextOf(services: Services, unavailable: UnavailableErrors, islandsEntry?: ServerContext['islandsEntry']) {
  return (req: Request, res: Response): ServerContext => {
    // The owner's preview of drafts: this request's content has every draft in place (decision 076).
    const preview = previewRequested(req, res);
    return {
      services: preview
        ? { ...services, site: { ...services.site, siteContent: services.site.siteDrafts.previewOf(services.site.siteContent) } }
        : services,
      preview,
      islandsEntry,
      cspNonce: res.locals.cspNonce as string,
      requestId: String(req.id ?? ''),
      admin: (res.locals.admin as ServerContext['admin']) ?? null,
      portalClient: res.locals.client ? { email: (res.locals.client as { email: string }).email } : null,
      publicUrl: services.config.PUBLIC_URL,
      clientIp: clientIp(req),
      faults: { isDatabaseUnavailable: unavailable.matches, retryAfterSeconds: unavailable.retryAfterSeconds, databaseUnavailable: false },
    };
  };
}

export interface PageCaching {
  cache: PublicCache;
  hasSessionCookie: SessionCookieProbe;
  policy: ContentSecurityPolicy;
}

/**
 * Documents for visitors only: a signed-in admin sees their own header, React Router's own requests
 * (data, the route manifest) are never a document for everyone, and a route may say its page is
 * private (the admin, the portal, the booking pages, the review links: `handle.page` on the routes).
 */
function isSharedPageRequest(req: Request, hasSessionCookie: SessionCookieProbe, policy: PageAnswerPolicy): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  if (hasSessionCookie(req)) return false;
  if (req.path.endsWith('.data') || req.path.startsWith('/__')) return false;
  if (policy.queryIsPersonal && req.originalUrl.includes('?')) return false;
  return policy.shared;
}

/**
 * A page whose address holds a secret (a review link, decision 082; a booking's cancel and reschedule
 * pages): the pages it links to must not receive it as a referrer, and no search engine should keep it.
 */
function guardSecretAddress(res: Response, policy: PageAnswerPolicy): void {
  if (policy.secretInAddress) res.set({ 'Referrer-Policy': 'no-referrer', 'X-Robots-Tag': 'noindex, nofollow' });
}

/** Everything not answered from the shared cache: this requester's own, under the route's policy. */
function personalAnswer(req: Request, res: Response, policy: PageAnswerPolicy): void {
  res.setHeader('Cache-Control', PERSONAL_CACHE_CONTROL);
  guardSecretAddress(res, policy);
  originForOwnForms(req);
}

/**
 * A form posted from such a page carries `Origin: null` (its referrer policy withholds the origin too).
 * The CSRF check (csrf.ts) has already accepted it as same-origin by its Sec-Fetch-Site; React Router's
 * own check of an action's origin would refuse "null", so the request is given the site's origin.
 */
function originForOwnForms(req: Request): void {
  if (req.method === 'POST' && req.headers.origin === 'null' && req.headers['sec-fetch-site'] === 'same-origin')
    req.headers.origin = `${req.protocol}://${req.get('host') ?? ''}`;
}

/**
 * Renders a page once for every visitor: no request headers, no nonce (its inline scripts are then
 * allowed by hash), nothing personal. Only the status the page is kept with (200, or 404 for the one
 * not-found page) and no cookies: any other answer is made again for the next request.
 */
async function renderForEveryone(
  handleDocument: ReturnType<typeof createDocumentHandler>,
  context: RouterContextProvider,
  url: URL,
  policy: ContentSecurityPolicy,
  keptStatus: 200 | 404,
  bareAddressOnly: boolean,
): Promise<Produced> {
  const response = await handleDocument(new Request(url, { headers: { accept: 'text/html' } }), context);
  const html = await response.text();
  const keep = response.status === keptStatus && !response.headers.has('set-cookie');
  const headers = new Headers(response.headers);
  for (const name of ['content-length', 'set-cookie', 'content-encoding', FRAME_SOURCES_HEADER]) headers.delete(name);
  headers.set('Content-Security-Policy', policy.withScriptHashes(inlineScriptHashes(html), response.headers.get(FRAME_SOURCES_HEADER)));
  // A route that states its own policy keeps it (robots.txt, the sitemap, the manifest: an hour).
  const own = response.headers.get('cache-control');
  headers.set('Cache-Control', own ?? (keep ? PUBLIC_CACHE_CONTROL : 'no-store'));
  return {
    stored: await prepareResponse(response.status, [...headers], Buffer.from(html), keep ? 'once' : 'quick'),
    keep,
    bareAddressOnly,
  };
}

/**
 * Visitors' pages come from the public cache: rendered once per content version, served to everyone
 * as the same bytes with an ETag. Every path no route has a page for shares one entry, the 404 page
 * rendered at a fixed address: random paths cost a lookup each and cannot crowd out real pages.
 * Everything else (the admin, a session cookie, data requests) goes straight to React Router and is
 * marked private.
 */
function sharedPages(build: ServerBuild, services: Services, contextOf: ReturnType<typeof serverContextOf>, caching: PageCaching) {
  const { cache, hasSessionCookie, policy } = caching;
  const contextKey = serverContextKey(build);
  const handleDocument = createDocumentHandler(build, 'production');
  const isUnknownPath = unknownPathTest(build);
  const policyOf = pagePolicyTest(build);
  const handleDirectly = createRequestHandler({
    build,
    getLoadContext: (req, res) => providing(contextKey, contextOf(req, res)),
    mode: 'production',
  });
  return async (req: Request, res: Response, next: (error?: unknown) => void) => {
    const pagePolicy = policyOf(req.path);
    if (!isSharedPageRequest(req, hasSessionCookie, pagePolicy)) {
      personalAnswer(req, res, pagePolicy);
      return handleDirectly(req, res, next);
    }
    try {
      // No public page reads its query string: `/?utm_source=…` is `/`, not one more copy to make.
      const unknown = isUnknownPath(req.path);
      const key = unknown ? NOT_FOUND_KEY : storedAnswerKey(req.originalUrl);
      const url = new URL(unknown ? NOT_FOUND_RENDER_PATH : key, `${req.protocol}://${req.get('host') ?? 'localhost'}`);
      // Never a preview, nothing of this request: what is stored here is served to every visitor, and
      // made again later without a request at hand (a refresh after a change, public-cache.ts).
      const everyone: ServerContext = {
        ...contextOf(req, res),
        services,
        preview: false,
        admin: null,
        portalClient: null,
        cspNonce: undefined,
        requestId: '',
        clientIp: '',
        wholeDocument: true,
      };
      // Each rendering gets its own context: a rendering marks a database fault in it (app/entry.server.tsx).
      const { stored, freshness } = await cache.getOrProduce(key, () =>
        renderForEveryone(
          handleDocument,
          providing(contextKey, { ...everyone, faults: everyone.faults && { ...everyone.faults, databaseUnavailable: false } }),
          url,
          policy,
          unknown ? 404 : 200,
          !unknown && pagePolicy.queryIsPersonal,
        ),
      );
      res.setHeader(CACHE_STATUS_HEADER, freshness);
      sendStored(req, res, stored);
    } catch (error) {
      next(error);
    }
  };
}

/** BUILD_DIR/islands.json, written by the client build (vite.config.ts); a build without it hydrates every page. */
function readIslandsEntry(buildDir: string): ServerContext['islandsEntry'] {
  const file = path.join(buildDir, 'islands.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as ServerContext['islandsEntry']) : undefined;
}

/** The pages, opened before anything is mounted: the canonical-path redirect reads their routes' policies first. */
export interface Pages {
  /** The page policy the routes declare for a path (a promise: in development the build is loaded per request). */
  policyOf(pathname: string): Promise<PageAnswerPolicy>;
  /**
   * Mounts the built assets first, ahead of the request id and the nonce: the same bytes and headers
   * for every request, kept a year (in development Vite serves them with the app).
   */
  mountAssets(app: Express): void;
  /** Mounts the React Router app last; the answer closes what it opened. */
  mount(app: Express): () => Promise<void>;
}

interface PageOptions {
  services: Services;
  mode: PageMode;
  caching: PageCaching;
  unavailable: UnavailableErrors;
}

/**
 * Vite middleware with hot reload in development, the built client assets (immutable, a year) and
 * server bundle in production.
 */
export async function openPages({ services, mode, caching, unavailable }: PageOptions): Promise<Pages> {
  return mode.kind === 'development'
    ? openDevelopmentPages(services, mode, unavailable)
    : openBuiltPages(services, mode, caching, unavailable);
}

async function openDevelopmentPages(
  services: Services,
  mode: Extract<PageMode, { kind: 'development' }>,
  unavailable: UnavailableErrors,
): Promise<Pages> {
  // Public pages stay hydrated by React Router in development, where hot reload needs its scripts.
  const contextOf = serverContextOf(services, unavailable);
  const vite = await import('vite');
  const devServer = await vite.createServer({
    server: { middlewareMode: true, ...(mode.httpServer ? { hmr: { server: mode.httpServer } } : {}) },
    appType: 'custom',
  });
  const loadBuild = async () => (await devServer.ssrLoadModule('virtual:react-router/server-build')) as ServerBuild;
  return {
    policyOf: async (pathname) => pagePolicyTest(await loadBuild())(pathname),
    mountAssets() {},
    mount(app) {
      app.use(devServer.middlewares);
      app.use(leavePreview);
      app.use(async (req, res, next) => {
        try {
          const build = await loadBuild();
          personalAnswer(req, res, pagePolicyTest(build)(req.path));
          const getLoadContext = (request: Request, response: Response) => providing(serverContextKey(build), contextOf(request, response));
          return await createRequestHandler({ build, getLoadContext, mode: 'development' })(req, res, next);
        } catch (error) {
          if (error instanceof Error) devServer.ssrFixStacktrace(error);
          next(error);
        }
      });
      return () => devServer.close();
    },
  };
}

async function openBuiltPages(
  services: Services,
  mode: Extract<PageMode, { kind: 'production' }>,
  caching: PageCaching,
  unavailable: UnavailableErrors,
): Promise<Pages> {
  const contextOf = serverContextOf(services, unavailable, readIslandsEntry(mode.buildDir));
  const build = (await import(path.join(mode.buildDir, 'server', 'index.js'))) as ServerBuild;
  const policyOf = pagePolicyTest(build);
  const clientDir = path.join(mode.buildDir, 'client');
  return {
    policyOf: async (pathname) => policyOf(pathname),
    mountAssets(app) {
      const assetsDir = path.join(clientDir, 'assets');
      // A script or a style sheet runs nothing of its own: one fixed policy, no nonce, for a file opened directly.
      app.use('/assets', (_req, res, next) => {
        res.setHeader('Content-Security-Policy', ASSET_POLICY);
        next();
      });
      app.use('/assets', precompressedAssets(assetsDir));
      // What the build did not compress ahead (small files), compressed hard once per request: a browser keeps it a year.
      app.use('/assets', compression({ level: 9 }));
      app.use('/assets', express.static(assetsDir, { immutable: true, maxAge: '1y', index: false, fallthrough: false }));
    },
    mount(app) {
      app.use(express.static(clientDir, { maxAge: '1h', index: false, redirect: false }));
      app.use(leavePreview);
      app.use(sharedPages(build, services, contextOf, caching));
      return async () => {};
    },
  };
}
