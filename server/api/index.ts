import { Router } from 'express';
import type { Services } from '#server/context.ts';
import type { PublicCache } from '#server/http/public-cache/public-cache.ts';
import { adminAuthRouter } from './admin-auth.ts';
import { adminProfileRouter } from './admin-profile.ts';
import { adminSessionsRouter } from './admin-sessions.ts';
import { adminStaffRouter } from './admin-staff.ts';
import { adminAuditRouter } from './admin-audit.ts';
import { engineerProjectScope } from './engineer-project-scope.ts';
import { projectEngineersRouter } from './project-engineers.ts';
import { contactRouter } from './contact.ts';
import { newsletterRouter } from './newsletter.ts';
import { contactSubmissionsAdminRouter } from './contact-submissions-admin.ts';
import { objectsRouter } from './objects.ts';
import { samplePlaysRouter } from './sample-plays.ts';
import { sampleTrashRouter } from './sample-trash.ts';
import { samplesRouter } from './samples.ts';
import { siteContentRouter } from './site-content.ts';
import { siteImageUploadRouter } from './site-images.ts';
import { embedsRouter } from './embeds.ts';
import { uploadsRouter } from './uploads.ts';
import { adminProjectsRouter } from './admin-projects.ts';
import { collaboratorsRouter } from './collaborators.ts';
import { portalRouter } from './portal.ts';
import { adminReviewRouter, portalReviewRouter } from './review.ts';
import { adminReviewLinksRouter, listenerRouter } from './review-links.ts';
import { bookingRouter } from './booking.ts';
import { adminBookingsRouter } from './admin-bookings.ts';
import { adminInvoicesRouter } from './admin-invoices.ts';
import { portalInvoicesRouter } from './portal-invoices.ts';
import { insightsRouter } from './insights.ts';
import { adminProposalsRouter } from './admin-proposals.ts';
import { proposalRoutes } from './proposals.ts';
import { projectRequestsRouter } from './project-requests.ts';

/** Every JSON API router, mounted under /api. Each resource has its own file. */
export function apiRouter(services: Services, publicCache: PublicCache): Router {
  const router = Router();
  // Ahead of every router below /admin/projects/:id: an engineer reaches only the projects assigned to them.
  router.use('/admin/projects/:id', engineerProjectScope(services));
  router.use(contactRouter(services));
  router.use(newsletterRouter(services));
  router.use(contactSubmissionsAdminRouter(services));
  router.use(adminAuthRouter(services));
  // Before the staff router: its `/admin/staff/:id` would answer /admin/staff/required-two-factor.
  router.use(adminSessionsRouter(services));
  router.use(adminStaffRouter(services));
  router.use(adminAuditRouter(services));
  // Before the samples router: /samples/trash and /samples/plays are not sample ids.
  router.use(sampleTrashRouter(services));
  router.use(samplePlaysRouter(services));
  router.use(adminProfileRouter(services));
  router.use(samplesRouter(services, publicCache));
  router.use(objectsRouter(services));
  router.use(siteContentRouter(services));
  router.use(siteImageUploadRouter(services));
  router.use(embedsRouter());
  router.use(uploadsRouter(services));
  router.use(adminProjectsRouter(services));
  router.use(projectEngineersRouter(services));
  router.use(portalRouter(services));
  router.use(collaboratorsRouter(services));
  router.use(adminReviewRouter(services));
  router.use(portalReviewRouter(services));
  router.use(adminReviewLinksRouter(services));
  router.use(listenerRouter(services));
  router.use(bookingRouter(services));
  router.use(adminBookingsRouter(services));
  router.use(adminInvoicesRouter(services));
  router.use(portalInvoicesRouter(services));
  router.use(insightsRouter(services));
  router.use(adminProposalsRouter(services));
  router.use(proposalRoutes(services).api);
  router.use(projectRequestsRouter(services));
  return router;
}
