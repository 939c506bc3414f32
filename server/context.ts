import type { AdminProfile } from '#common/admin-auth.ts';
import type { CoreServices, StudioIdentitySource } from './core-services.ts';
import type { Metrics } from './metrics/metrics.ts';
import type { SamplesCapability } from './samples/samples-capability.ts';
import type { ProjectsCapability } from './projects/projects-capability.ts';
import type { BookingCapability } from './booking/booking-capability.ts';
import type { InsightsCapability } from './insights/insights-capability.ts';
import type { ProposalsCapability } from './proposals/proposals-capability.ts';
import type { BillingCapability } from './billing/billing-capability.ts';
import type { SiteContentService } from './site-content/site-content-service.ts';
import type { SiteImageService } from './site-content/site-images.ts';
import type { SiteDrafts } from './site-content/site-drafts.ts';
import type { ObjectStore } from './storage/object-store.ts';
import type { MultipartUploadService } from './uploads/multipart-uploads.ts';
import type { ShareImages } from './site-content/share-image.ts';

/** The owner's site: every fact a visitor reads, its drafts, its images and share cards (server/site-content/). */
export interface SiteCapability {
  /** The published content (and, for the owner's preview, the drafts over it). */
  siteContent: SiteContentService;
  /** Unpublished drafts of the site content and the owner's preview of them (site-drafts.ts). */
  siteDrafts: SiteDrafts;
  /** The owner's uploaded images and their renditions (site-images.ts). */
  siteImages: SiteImageService;
  /** Each page's share image, made from the content (share-image.ts). */
  shareImages: ShareImages;
}

/** The uploader's multipart protocol over the store (server/uploads/). */
export interface UploadsCapability {
  multipartUploads: MultipartUploadService;
}

/**
 * Everything the routes, page loaders and start-up tasks use, built once by `buildServices`
 * (server/services.ts): the floor every capability stands on (database, log, settings, mail, store)
 * flat, and each stateful capability as a group named after its folder, so `services.billing.invoices`
 * says whose the invoices are. Stateless capabilities (auth, contact) are plain functions over the floor.
 */
export interface Services extends CoreServices, StudioIdentitySource {
  store: ObjectStore;
  /** Built only when METRICS_TOKEN is set: without it nothing is counted and /metrics does not exist. */
  metrics: Metrics | null;
  samples: SamplesCapability;
  projects: ProjectsCapability;
  booking: BookingCapability;
  billing: BillingCapability;
  insights: InsightsCapability;
  proposals: ProposalsCapability;
  site: SiteCapability;
  uploads: UploadsCapability;
}

/**
 * What React Router loaders and actions receive, through the key in app/lib/server-context.server.ts:
 * the same services the JSON API uses.
 */
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
  admin: AdminProfile | null;
  /** The signed-in owner asked for `?preview=draft`: `services.site.siteContent` shows the drafts (decision 076). */
  preview?: boolean;
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
