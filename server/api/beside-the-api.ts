import type { Express } from 'express';
import type { Services } from '#server/context.ts';
import { methodNotAllowed } from '#server/http/errors.ts';
import { calendarSubscriptionRoutes } from './admin-bookings.ts';
import { audioObjectRoutes } from './audio-objects.ts';
import { emailMuteRoutes } from './email-mutes.ts';
import { faviconRoutes } from './favicons.ts';
import { newsletterLinkRoutes } from './newsletter.ts';
import { portalAuthRoute } from './portal-auth.ts';
import { proposalRoutes } from './proposals.ts';
import { shareImageRoutes } from './share-images.ts';
import { siteImageMediaRoutes } from './site-images.ts';
import { uploadPartRoutes } from './upload-parts.ts';

/**
 * What the app answers outside /api and beside the pages (server/app.ts mounts it after the API and
 * before the page body limit): audio and uploads, the owner's images, and the addresses behind an
 * e-mail's links (sign-in, mute, a proposal's form post, the calendar subscription).
 */
export function mountBesideTheApi(app: Express, services: Services): void {
  // Audio delivery and local uploads.
  app.use(audioObjectRoutes(services));
  app.use(uploadPartRoutes(services));
  app.all('/objects/uploads/:key', methodNotAllowed(['GET', 'HEAD', 'PUT']));
  // The owner's images: long-cached renditions, read from the store (no database).
  app.use(siteImageMediaRoutes(services));
  app.use(shareImageRoutes(services));
  app.use(faviconRoutes(services));
  // The sign-in link of a client's e-mail: sets the client session, then on to the portal's pages.
  app.use(portalAuthRoute(services));
  // A project e-mail's mute link: the one-click post of mail apps (no cookie, no Origin) and the page's button.
  app.use(emailMuteRoutes(services));
  // The newsletter's one-click unsubscribe post (RFC 8058), beside its page.
  app.use(newsletterLinkRoutes(services));
  // A proposal's form post from a browser without JavaScript (the page's script calls the API instead).
  app.use(proposalRoutes(services).pages);
  // The owner's private calendar subscription: a secret address, read by calendar apps without a session.
  app.use(calendarSubscriptionRoutes(services));
  app.all('/objects/multipart/:uploadId/:partNumber', methodNotAllowed(['PUT']));
}
