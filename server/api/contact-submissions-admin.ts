import { Router } from 'express';
import { contactStatusUpdateSchema } from '#common/contact-status.ts';
import type { Services } from '#server/context.ts';
import { deleteContactSubmission, setContactSubmissionStatus } from '#server/contact/submission-admin.ts';
import { HttpError, methodNotAllowed } from '#server/http/errors.ts';
import { requireAdmin } from '#server/http/require-admin.ts';
import { parseBody, parseIdParam } from '#server/http/validation.ts';

const NOT_FOUND = 'Contact submission not found';
const notFound = () => new HttpError(404, NOT_FOUND);
const parseSubmissionId = (value: string | string[] | undefined) => parseIdParam(value, NOT_FOUND);

/**
 * PATCH and DELETE /api/contact-submissions/:id (admin only): the owner moves a message from new to
 * in_progress to completed, or removes it.
 */
export function contactSubmissionsAdminRouter(services: Services): Router {
  const router = Router();

  router
    .route('/contact-submissions/:id')
    .patch(requireAdmin, async (req, res) => {
      const id = parseSubmissionId(req.params.id);
      const { status } = parseBody(contactStatusUpdateSchema, req.body, 'Invalid status');
      const updated = await setContactSubmissionStatus(services.db, id, status);
      if (!updated) throw notFound();
      res.set('Cache-Control', 'no-store').json(updated);
    })
    .delete(requireAdmin, async (req, res) => {
      const id = parseSubmissionId(req.params.id);
      if (!(await deleteContactSubmission(services.db, id))) throw notFound();
      res.status(204).end();
    })
    .all(methodNotAllowed(['PATCH', 'DELETE']));

  return router;
}
