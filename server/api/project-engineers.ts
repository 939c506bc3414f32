import { Router } from 'express';
import { PROJECT_ENGINEER_MESSAGES, projectEngineersSchema } from '#common/project-engineers.ts';
import type { Services } from '#server/context.ts';
import { assignEngineers } from '#server/flows/assign-engineers.ts';
import { engineersOfProject } from '#server/flows/engineers-of-project.ts';
import { HttpError, methodNotAllowed } from '#server/http/errors.ts';
import { requireAdmin } from '#server/http/require-admin.ts';
import { parseBody, parseIdParam } from '#server/http/validation.ts';

const NOT_FOUND = 'Project not found';

/** A project's engineers (issue 43): everyone who sees the project reads them; the owner and the front desk assign. */
export function projectEngineersRouter(services: Services): Router {
  const router = Router();
  router
    .route('/admin/projects/:id/engineers')
    .get(requireAdmin, async (req, res) => {
      const id = parseIdParam(req.params.id, NOT_FOUND);
      if (!(await services.projects.records.adminView(id))) throw new HttpError(404, NOT_FOUND);
      res.set('Cache-Control', 'no-store').json(await engineersOfProject(services, id));
    })
    .put(requireAdmin, async (req, res) => {
      const id = parseIdParam(req.params.id, NOT_FOUND);
      const { engineerIds } = parseBody(projectEngineersSchema, req.body, 'Invalid engineers');
      const outcome = await assignEngineers(services, id, engineerIds);
      if (outcome.kind === 'not-found') throw new HttpError(404, NOT_FOUND);
      if (outcome.kind === 'not-assignable') {
        throw new HttpError(400, PROJECT_ENGINEER_MESSAGES.notAssignable, { engineerIds: [PROJECT_ENGINEER_MESSAGES.notAssignable] });
      }
      res.set('Cache-Control', 'no-store').json(await engineersOfProject(services, id));
    })
    .all(methodNotAllowed(['GET', 'PUT']));
  return router;
}
