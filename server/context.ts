import type { Kysely } from 'kysely';
import type { AdminProfile } from '#common/admin-auth.ts';
import type { Config } from './config.ts';
import type { DatabasePoolStats, Dialect } from './db/connection.ts';
import type { InvalidationChannel } from './db/invalidation-channel.ts';
import type { Database } from './db/schema.ts';
import type { Mailer } from './email/mailer.ts';
import type { Logger } from './logger.ts';
import type { Metrics } from './metrics/metrics.ts';
import type { SamplesCapability } from './samples/samples-capability.ts';
import type { ProjectsCapability } from './projects/projects-capability.ts';
import type { SiteContentService } from './site-content/site-content-service.ts';
import type { SiteImageService } from './site-content/site-images.ts';
import type { ObjectStore } from './storage/object-store.ts';
import type { MultipartUploadService } from './uploads/multipart-uploads.ts';
import type { ShareImages } from './site-content/share-image.ts';

/** The long-lived infrastructure every capability is built from. */
export interface CoreServices {
  config: Config;
  logger: Logger;
  db: Kysely<Database>;
  dialect: Dialect;
  mailer: Mailer;
  /** The connection pool's state, for the metrics (scripts that build services may leave it out). */
  databasePool?: () => DatabasePoolStats;
  /** Clears every instance's caches after a change (server/db/invalidation-channel.ts). */
  invalidation: InvalidationChannel;
}

/**
 * Everything the routes, page loaders and start-up tasks use, built once by `buildServices`
 * (server/services.ts). Stateless capabilities (auth, contact) are plain functions over the core;
 * stateful ones (samples: the object store, the analysis queue) are built here.
 */
export interface Services extends CoreServices, SamplesCapability, ProjectsCapability {
  store: ObjectStore;
  /** The owner's site content: every fact a visitor reads (server/site-content/). */
  siteContent: SiteContentService;
  /** The owner's uploaded images and their renditions (server/site-content/site-images.ts). */
  siteImages: SiteImageService;
  /** Each page's share image, made from the content (server/site-content/share-image.ts). */
  shareImages: ShareImages;
  /**
   * The studio's name and public e-mail as the owner set them, for what the server itself says
   * (e-mails, the two-factor issuer): a callback, so auth and contact need not know site content.
   */
  studioIdentity: () => Promise<StudioIdentity>;
  /** The uploader's multipart protocol over the store (server/uploads). */
  multipartUploads: MultipartUploadService;
  /** The largest file an upload may be (the sample audio limit). */
  uploadLimitBytes: number;
  /** Built only when METRICS_TOKEN is set: without it nothing is counted and /metrics does not exist. */
  metrics: Metrics | null;
}

export interface StudioIdentity {
  name: string;
  email: string;
  /** The reply promise in hours (what the acknowledgement's default text says). */
  responseHours: number;
  /** The studio's IANA time zone (its opening hours'): owner e-mails and the CSV give times in it. */
  timeZone: string;
}

/** The signed-in admin as pages and the public API may see it (one shape for server and browser). */
export type PublicAdmin = AdminProfile;

/** What React Router loaders and actions receive: the same services the JSON API uses. */
export interface ServerContext {
  services: Services;
  /** The per-response CSP nonce; absent when a page is rendered for the shared cache (hashes instead). */
  cspNonce?: string;
  /** Render everything before sending (a page made for the shared cache): no streamed-in blocks. */
  wholeDocument?: boolean;
  /** The built islands entry (production only): public pages then load it instead of React Router (decision 059). */
  islandsEntry?: { src: string; preloads: string[] };
  requestId: string;
  /** Filled by the session middleware; null for visitors. */
  admin: PublicAdmin | null;
  /** The signed-in client of the portal (a client session, never an admin's); null otherwise. */
  portalClient: { email: string } | null;
  publicUrl: string;
  /** The client address as Express sees it (honours TRUST_PROXY), for per-IP limits in actions. */
  clientIp: string;
  /** One per request: lets the page layer answer 503 when a loader or action met a database that cannot serve. */
  faults: PageFaults;
}

/**
 * React Router catches loader errors itself, so Express's error handler never sees them. Its
 * `handleError` (app/entry.server.tsx) marks `databaseUnavailable` here, and the document is then
 * sent as 503 with Retry-After instead of 500 (the root error boundary already says "try again").
 */
export interface PageFaults {
  isDatabaseUnavailable(error: unknown): boolean;
  retryAfterSeconds: number;
  databaseUnavailable: boolean;
}

declare module 'react-router' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends ServerContext {}
}
