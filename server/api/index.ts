import { Router } from 'express';
import type { Services } from '#server/context.ts';
import { adminAuthRouter } from './admin-auth.ts';
import { contactRouter } from './contact.ts';
import { contactSubmissionsAdminRouter } from './contact-submissions-admin.ts';
import { objectsRouter } from './objects.ts';
import { sampleTrashRouter } from './sample-trash.ts';
import { samplesRouter } from './samples.ts';
import { uploadsRouter } from './uploads.ts';

/** Every JSON API router, mounted under /api. Each resource has its own file. */
export function apiRouter(services: Services): Router {
  const router = Router();
  router.use(contactRouter(services));
  router.use(contactSubmissionsAdminRouter(services));
  router.use(adminAuthRouter(services));
  router.use(samplesRouter(services));
  router.use(objectsRouter(services));
  router.use(sampleTrashRouter(services));
  router.use(uploadsRouter(services));
  return router;
}
