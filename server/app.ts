import type { AdminProfile } from '#common/admin-auth.ts';
import type { RequestListener } from 'node:http';
import compression from 'compression';
import express, { type Express } from 'express';
import type { Services } from './context.ts';
import { pingDatabase } from './db/connection.ts';
import { probeWrite } from './rate-limits/rate-limit.ts';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from './db/unavailable-error.ts';
import { isStoreFull, STORE_RETRY_AFTER_SECONDS } from './storage/store-faults.ts';
import { storeReadiness } from './storage/store-readiness.ts';
import { jsonBody, limitPageFormBody, multipartCompletionJsonBody, siteContentJsonBody } from './http/body-limits.ts';
import { redirectToCanonicalPath } from './http/canonical-path.ts';
import { PAGE_ALIASES } from '#common/page-aliases.ts';
import { apiNotFound, errorHandler, methodNotAllowed } from './http/errors.ts';
import { csrfProtection } from './http/csrf.ts';
import { sessionMiddleware } from './auth/session-middleware.ts';
import { metricsEndpoint } from './http/metrics-endpoint.ts';
import { recordRequestMetrics } from './http/request-metrics.ts';
import { requestLogging } from './http/request-logging.ts';
import { pageMethodsOnly, refuseUnknownMethods, requireValidHost } from './http/request-guards.ts';
import { requireAdmin } from './http/require-admin.ts';
import { auditAdminWrites } from './http/audit-writes.ts';
import { recordAudit } from './auth/audit-log.ts';
import { auditSubjects } from './flows/audit-subjects.ts';
import { mediaOrigins } from './http/media-origins.ts';
import { clientIpAsExpressJudges, secureAsExpressJudges } from './http/client-ip.ts';
import { contentSecurityPolicy, cspWithNonce, fixedSecurityHeaders } from './http/security-headers.ts';
import { openPages, type PageMode } from './http/pages.ts';
import { STORED_MAX_AGE_MS } from './http/public-cache/cache-policy.ts';
import { publishSuccessfulWrites } from './http/public-cache/clear-on-write.ts';
import { endingWithTheBar } from './http/public-cache/page-validity.ts';
import { PublicCache } from './http/public-cache/public-cache.ts';
import { servePublicHits, type SessionCookieProbe } from './http/public-cache/serve-public-hits.ts';
import { serveSharedAnswersAhead } from './http/shared-answers-ahead.ts';
import { sharedAnswerRoutes } from './api/shared-answer-routes.ts';
import { apiRouter } from './api/index.ts';
import { mountBesideTheApi } from './api/beside-the-api.ts';
import { adminCookie } from './auth/session-cookie.ts';
import { clientCookie } from './projects/client-cookie.ts';
import { clientSessionMiddleware } from './projects/client-session-middleware.ts';
import { stripeWebhookHandler } from './api/portal-invoices.ts';
import { SITE_VERSION } from './version.ts';
import { beaconHandler } from './api/insights.ts';
import { tapFinishedGets } from './http/page-view-tap.ts';
import { pageViewCounter } from './insights/page-views.ts';

/** Either session's cookie, signed or not: CSRF checks the origin of such a request. */
const hasSessionCookie: SessionCookieProbe = (req) => adminCookie.has(req) || clientCookie.has(req);

/**
 * Either session's cookie with a valid signature: such a request is someone's own, and no shared
 * public answer is served to it or made from it. A junk or forged cookie is told apart by an HMAC,
 * before any database lookup, and gets the shared page: it cannot force a full render per request.
 */
const holdsSessionCookie =
  (secret: string): SessionCookieProbe =>
  (req) =>
    adminCookie.hasSigned(req, secret) || clientCookie.hasSigned(req, secret);

export interface AppOptions {
  /** Omitted in API integration tests, which need no pages. */
  pages?: PageMode;
  /**
   * Test-only: every request acts as this admin. Only server/test-support passes it; the process
   * entry (server/index.ts) never does, so production cannot reach it.
   */
  testAdmin?: AdminProfile;
}

export interface BuiltApp {
  app: Express;
  /** What the HTTP server calls: stored public answers straight from memory, everything else through `app`. */
  handle: RequestListener;
  /** Releases what the page layer holds (the Vite dev server) and stops listening for changes. */
  close(): Promise<void>;
}

/** Builds the whole HTTP app without listening, so tests can drive it with supertest. */
export async function createApp(services: Services, options: AppOptions = {}): Promise<BuiltApp> {
  const { config, logger, metrics } = services;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.TRUST_PROXY);
  // First, so a request's time covers everything below it.
  if (metrics) app.use(recordRequestMetrics(metrics));
  const policy = contentSecurityPolicy({ development: options.pages?.kind === 'development', mediaOrigins: mediaOrigins(config) });
  app.use(fixedSecurityHeaders);
  // Public answers (visitors' pages, the sample list) are made once per content version and kept
  // until any successful write, on any instance, makes them again (decisions 035, 056 and 111). A
  // stored one is written by `handle` below, in front of Express.
  // A page that shows the announcement bar ends at its next first or last day (decision 118).
  const publicCache = new PublicCache({
    maxAgeMs: STORED_MAX_AGE_MS,
    maxEntries: 200,
    produceWith: (produce) => endingWithTheBar(services, produce),
  });
  const holdsSession = holdsSessionCookie(config.SESSION_SECRET);
  // A change is made again while visitors get the copy they had; changes that went unheard drop everything.
  const stopClearing = services.invalidation.subscribe((notice) => (notice === 'changed' ? publicCache.changed() : publicCache.clear()));
  // A database that cannot serve right now is a 503 with Retry-After, not a 500: for the API and
  // audio through the error handler, for pages through React Router's handleError.
  const unavailable = { matches: isDatabaseUnavailable, retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS };
  // Opened first: the canonical-path redirect keeps the case of an address whose route says it holds a secret.
  const pages = options.pages
    ? await openPages({
        services,
        mode: options.pages,
        caching: { cache: publicCache, hasSessionCookie: holdsSession, policy },
        unavailable,
      })
    : null;
  // The built assets before the request id and the nonce: the same bytes and headers for every
  // request (about 1 KB less per script), behind the same guards as everything else.
  if (pages) {
    app.use('/assets', refuseUnknownMethods, requireValidHost);
    pages.mountAssets(app);
  }
  app.use(requestLogging(logger));
  // Before any route: a method no route answers is a 405, a request without a usable Host a 400.
  app.use(refuseUnknownMethods, requireValidHost);
  app.use(cspWithNonce(policy));
  // Pages and JSON made per request at a fast level: 4x the throughput of the default for about 9%
  // more bytes. (Built assets are answered above, compressed hard: browsers keep them a year.)
  app.use(compression({ level: 3 }));
  // Ahead of sessions and pages: a scrape reads no cookie and never meets the page cache.
  if (metrics && config.METRICS_TOKEN) {
    app.get('/metrics', metricsEndpoint(config.METRICS_TOKEN, metrics));
  }
  app.use(publishSuccessfulWrites(services.invalidation));
  // Before every route: cross-site writes are refused, and the session cookie becomes res.locals.admin
  // for the API (requireAdmin) and the page loaders (context.admin) alike.
  app.use(csrfProtection(config.PUBLIC_URL, hasSessionCookie));
  app.use(sessionMiddleware(services));
  app.use(clientSessionMiddleware(services));
  if (options.testAdmin) {
    const admin = options.testAdmin;
    app.use((_req, res, next) => {
      res.locals.admin = admin;
      next();
    });
  }
  // Every admin write that succeeds leaves one entry in the audit log, stored before its answer leaves (decision 116).
  app.use('/api', auditAdminWrites({ ...auditSubjects(services), record: (entry) => recordAudit(services.db, logger, entry) }));

  // Liveness: the process answers and reaches its database. A restart would not help a disk that
  // refuses writes, so this stays 200 then; readiness below says whether to send traffic here.
  app.get('/healthz', async (_req, res) => {
    try {
      await pingDatabase(services.db);
      res.set('Cache-Control', 'no-store').json({ status: 'ok', database: 'ok', version: SITE_VERSION });
    } catch {
      res.status(503).set('Cache-Control', 'no-store').json({ status: 'error', database: 'unreachable', version: SITE_VERSION });
    }
  });
  // Readiness: the site can take writes (contact messages, logins) and files (uploads, downloads) right now.
  const storeReady = storeReadiness(services.store, (error) => logger.warn({ err: error }, 'readiness: the object store is not ready'));
  app.get('/readyz', async (_req, res) => {
    res.set('Cache-Control', 'no-store');
    const [databaseWritable, storeOk] = await Promise.all([
      probeWrite(services.db).then(
        () => true,
        (error: unknown) => {
          logger.warn({ err: error }, 'readiness: the database does not take writes');
          return false;
        },
      ),
      storeReady.isReady(),
    ]);
    const answer = { database: databaseWritable ? 'writable' : 'not writable', storage: storeOk ? 'ok' : 'unavailable' };
    if (databaseWritable && storeOk) {
      res.json({ status: 'ok', ...answer });
      return;
    }
    res
      .status(503)
      .set('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS))
      .json({ status: 'error', ...answer });
  });

  app.all('/healthz', methodNotAllowed(['GET', 'HEAD']));

  // Site content bodies may be larger than other API bodies; only a signed-in admin gets them read.
  app.use('/api/admin/site', requireAdmin, siteContentJsonBody);
  // A completion names every part (up to MAX_PARTS): its body may be larger than other API bodies.
  app.post('/api/uploads/s3/multipart/:uploadId/complete', multipartCompletionJsonBody);
  // Stripe signs the exact bytes it sent: the webhook reads its body raw, before any JSON parsing.
  app.post('/api/payments/stripe/webhook', express.raw({ type: () => true, limit: '1mb' }), stripeWebhookHandler(services));
  app.all('/api/payments/stripe/webhook', methodNotAllowed(['POST']));
  // A page's beacon: its own small text body, read before the JSON parser, and 204 whatever it holds.
  app.post('/api/beacon', ...beaconHandler(services));
  app.all('/api/beacon', methodNotAllowed(['POST']));
  app.use('/api', jsonBody, apiRouter(services, publicCache), apiNotFound);
  // What is answered beside the API, before the page body limit and the page handler (audio, images, links of e-mails).
  mountBesideTheApi(app, services);

  app.use(redirectToCanonicalPath(PAGE_ALIASES, pages?.policyOf));
  app.use(limitPageFormBody, pageMethodsOnly);
  const closePages = pages ? pages.mount(app) : async () => {};
  const storeFull = { matches: isStoreFull, retryAfterSeconds: STORE_RETRY_AFTER_SECONDS };
  app.use(errorHandler(logger, unavailable, storeFull));
  const bookkeeping = { isSecure: secureAsExpressJudges(app), logger, ...(metrics ? { metrics } : {}) };
  // Outermost, the visitor statistics' tap (it sees stored answers too); then the stored public
  // answers; then the answers shared but not stored (slot lists); then Express.
  const countView = pageViewCounter(services.insights.events, async (path) => (pages ? (await pages.policyOf(path)).visitorPage : false));
  const served = servePublicHits(
    { ...bookkeeping, cache: publicCache, hasSessionCookie: holdsSession },
    serveSharedAnswersAhead(
      {
        ...bookkeeping,
        routes: sharedAnswerRoutes(services),
        hasSessionCookie: holdsSession,
        contentSecurityPolicy: policy.withScriptHashes([]),
      },
      app,
    ),
  );
  const handle = tapFinishedGets(countView, clientIpAsExpressJudges(app), holdsSession, served);
  return {
    app,
    handle,
    async close() {
      stopClearing();
      await closePages();
    },
  };
}
