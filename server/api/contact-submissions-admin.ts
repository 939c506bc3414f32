import { Router } from 'express';
import { contactStatusUpdateSchema } from '#common/contact-status.ts';
import type { Services } from '#server/context.ts';
import { deleteContactSubmission, setContactSubmissionStatus } from '#server/contact/submission-admin.ts';
import { HttpError, methodNotAllowed } from '#server/http/errors.ts';
import { requireAdmin } from '#server/http/require-admin.ts';
import { parseInput } from '#server/samples/parse-input.ts';

const notFound = () => new HttpError(404, 'Contact submission not found');

function parseSubmissionId(value: string | string[]): number {
  if (typeof value !== 'string' || !/^\d{1,9}$/.test(value) || Number(value) < 1) throw notFound();
  return Number(value);
}

/**
 * PATCH and DELETE /api/contact-submissions/:id (admin only). Beyond the spec, which leaves status
 * changes undefined: the owner moves a message from new to in_progress to completed, or removes it.
 */
export function contactSubmissionsAdminRouter(services: Services): Router {
  const router = Router();

  router
    .route('/contact-submissions/:id')
    .patch(requireAdmin, async (req, res) => {
      const id = parseSubmissionId(req.params.id);
      const { status } = parseInput(contactStatusUpdateSchema, req.body, 'Invalid status');
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
