import type { Services } from './context.ts';
import type { CoreServices } from './core-services.ts';
import { countUnsentNotices } from './contact/notice-delivery.ts';
import { enquiryExists } from './contact/enquiry-links.ts';
import { createProposalsCapability } from './proposals/proposals-capability.ts';
import { createMetrics } from './metrics/metrics.ts';
import { createSamplesCapability } from './samples/samples-capability.ts';
import { createSiteContentService } from './site-content/create-site-content.ts';
import { createSiteImageService } from './site-content/site-images.ts';
import { createSiteDrafts } from './site-content/site-drafts.ts';
import { createShareImages } from './site-content/share-image.ts';
import { createObjectStore } from './storage/create-store.ts';
import { MultipartUploadService } from './uploads/multipart-uploads.ts';
import { adminNamesById } from './auth/admin-users.ts';
import { staffNoticeAddress } from './auth/staff-notices.ts';
import { hashPassword, verifyPassword } from './auth/passwords.ts';
import { createProjectsCapability } from './projects/projects-capability.ts';
import { emailLogo } from './email/email-brand.ts';
import { studioInbox } from './email/studio-inbox.ts';
import { signedByStudio } from './email/studio-sender.ts';
import { MAX_AUDIO_BYTES } from '#common/samples.ts';
import { runProjectAudioAnalysisInWorker } from './audio/run-analysis.ts';
import { createBookingCapability } from './booking/booking-capability.ts';
import { createInsightsCapability } from './insights/insights-capability.ts';
import { createBillingCapability } from './billing/billing-capability.ts';

/**
 * Builds every service once, in one place: the process entry and the tests call this, so what a
 * route reaches is exactly what was built here (no module-level caches).
 */
export function buildServices(core: CoreServices): Services {
  const store = createObjectStore(core.config);
  const siteImages = createSiteImageService({ db: core.db, store, logger: core.logger });
  const siteContent = createSiteContentService({
    db: core.db,
    logger: core.logger,
    invalidation: core.invalidation,
    checkReferences: siteImages.checkReferences,
  });
  const siteDrafts = createSiteDrafts({ db: core.db, logger: core.logger, siteContent });
  // What auth and contact say in the studio's name comes from the content (cached: no query per e-mail).
  // The one address of every studio notice and of replies to the studio (server/email/studio-inbox.ts).
  const inboxOf = (studio: { email: string }) => studioInbox(core.config.STUDIO_EMAIL, studio.email);
  const studioIdentity = async () => {
    const { studio } = await siteContent.current();
    return { name: studio.name, email: inboxOf(studio), responseHours: studio.responseHours, timeZone: studio.hours.timeZone };
  };
  const mailer = signedByStudio(core.mailer, async () => {
    const { studio, brand } = await siteContent.current();
    return {
      name: studio.name,
      replyTo: inboxOf(studio),
      accent: brand.accentColor,
      logo: emailLogo(core.config.PUBLIC_URL, brand.logo),
    };
  });
  const samples = createSamplesCapability({
    db: core.db,
    store,
    logger: core.logger,
    secret: core.config.SESSION_SECRET,
    announceChange: () => core.invalidation.publish(),
  });
  // The metrics read the capabilities through these callbacks; no capability knows the metrics exist.
  const metrics = core.config.METRICS_TOKEN
    ? createMetrics(
        {
          analysisQueueDepth: () => samples.sampleAnalysis.depth,
          unsentContactNotices: () => countUnsentNotices(core.db),
          databasePool: core.databasePool,
        },
        core.logger,
      )
    : null;
  // Today every upload is a sample's audio: its key, its limit and its registration come from samples.
  const multipartUploads = new MultipartUploadService(core.db, store, {
    reserveKey: () => samples.audioUploads.reserveKey(),
    maxBytes: MAX_AUDIO_BYTES,
    // A client's file into a project is judged at its first part (a renamed .exe stops there).
    checkFirstBytes: (uploadKey, head) => projects.projectFiles.firstBytesRefusal(uploadKey, head),
  });
  const projects = createProjectsCapability({
    db: core.db,
    store,
    logger: core.logger,
    mailer,
    publicUrl: core.config.PUBLIC_URL,
    secret: core.config.SESSION_SECRET,
    passwords: { hash: hashPassword, verify: verifyPassword },
    // A project snapshots its package's name and revision rounds from the package records the site shows.
    packages: async () => {
      const { packages } = await siteContent.current();
      return Object.fromEntries(packages.packages.map((pkg) => [pkg.key, { title: pkg.name, revisions: pkg.revisions }]));
    },
    studio: async () => {
      const studio = await studioIdentity();
      // Project notices go to the studio's own address from the settings (decision 077).
      return { name: studio.name, inbox: studio.email };
    },
    // The owner's comments in e-mails are signed with the admin's name now: auth owns the accounts (decision 097).
    adminNames: (ids) => adminNamesById(core.db, ids),
    // Billing is made below; a project e-mail is composed long after both exist.
    deliveriesHeld: async (projectId) => (await billing.invoices.deliveryLock(projectId)).locked,
    // The engineers' copies of the studio's notices: auth knows each person's address and choices (decision 121).
    staffAddress: (adminUserId, kind) => staffNoticeAddress(core.db, adminUserId, kind),
    analyse: runProjectAudioAnalysisInWorker,
  });
  // The consultation's studio facts: the zone of the opening hours, and the address of the Studio section.
  // What booking and billing need to e-mail as the studio.
  const mailing = { db: core.db, logger: core.logger, config: core.config, mailer, studioIdentity, publicUrl: core.config.PUBLIC_URL };
  const booking = createBookingCapability({
    ...mailing,
    invalidation: core.invalidation,
    team: {
      name: async (id) => (await adminNamesById(core.db, [id])).get(id) ?? null,
      address: (id, kind) => staffNoticeAddress(core.db, id, kind),
    },
    studio: async () => {
      const { studio } = await siteContent.current();
      const street = [studio.streetAddress, `${studio.location.city}, ${studio.location.region} ${studio.postalCode}`.trim()];
      return { name: studio.name, email: inboxOf(studio), hours: studio.hours, address: studio.streetAddress ? street.join(', ') : '' };
    },
  });
  const billing = createBillingCapability({
    ...mailing,
    content: () => siteContent.current(),
    logo: (image, width) => siteImages.readWebp(image, width),
    // Billing reads and changes projects only through what the projects capability hands it (decision 097).
    projects: projects.projectsForBilling,
    // A client's reminders go out in the zone they booked their consultation in, when they did (decision 104).
    clientZone: (email) => booking.visitorZoneOf(email),
    staffAddress: (adminUserId, kind) => staffNoticeAddress(core.db, adminUserId, kind),
  });
  const shareImages = createShareImages({
    content: () => siteContent.current(),
    invalidation: core.invalidation,
    // The card draws the logo at most 240 px wide or 120 px high.
    logo: (image) => siteImages.readWebp(image, 480),
  });
  const proposals = createProposalsCapability({
    ...mailing,
    content: () => siteContent.current(),
    cardPayments: billing.cardPayments !== null,
    // What a proposal may be made from: the records of booking, contact and projects, asked of each.
    exists: async (kind, id) => {
      if (kind === 'booking') return (await booking.studioBookings.one(id)) !== null;
      if (kind === 'enquiry') return enquiryExists(core.db, id);
      return (await projects.records.adminView(id)) !== null;
    },
  });
  const insights = createInsightsCapability({
    db: core.db,
    logger: core.logger,
    countryHeader: core.config.INSIGHTS_COUNTRY_HEADER ?? null,
    siteHost: new URL(core.config.PUBLIC_URL).hostname,
  });
  return {
    ...core,
    mailer,
    store,
    studioIdentity,
    metrics,
    samples,
    projects,
    booking,
    billing,
    proposals,
    insights,
    site: { siteContent, siteDrafts, siteImages, shareImages },
    uploads: { multipartUploads },
  };
}

/**
 * Shutdown: no further analysis starts and the store's connections close (the database closes
 * after). An analysis cut short is redone at the next start: its sample still has no peaks.
 */
export async function stopServices(services: Services): Promise<void> {
  services.samples.sampleAnalysis.stop();
  services.projects.projectFileProcessing.stop();
  services.projects.projectEmails.stop();
  services.booking.bookingEmails.stop();
  services.billing.billingEmails.stop();
  services.proposals.proposalEmails.stop();
  services.store.close();
  // The statistics counted since the last batch are written before the database closes.
  await services.insights.events.stop();
}
