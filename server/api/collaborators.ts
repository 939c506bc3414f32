import { Router } from 'express';
import { addCollaboratorSchema, changeCollaboratorRoleSchema, MAX_COLLABORATORS } from '#common/collaborators.ts';
import type { Services } from '#server/context.ts';
import { HttpError, methodNotAllowed } from '#server/http/errors.ts';
import { requireAdmin } from '#server/http/require-admin.ts';
import { requireClient } from '#server/http/require-client.ts';
import { parseBody, parseIdParam } from '#server/http/validation.ts';
import { INVITATIONS_PER_PROJECT_PER_DAY } from '#server/projects/collaborators.ts';
import { hitRateLimit } from '#server/rate-limits/rate-limit.ts';
import { studioActor } from './admin-projects.ts';
import { portalProjectGuard } from './portal-access.ts';
import { noStore } from '#server/http/no-store.ts';

const NOT_FOUND = 'Project not found';
const COLLABORATOR_NOT_FOUND = 'No such person on this project';
/** People a client may add in an hour: a band and its team at once, not a mailing list. */
const ADD_LIMIT = { limit: 30, windowMs: 60 * 60 * 1000 };

/**
 * The people on a project (docs/decisions/081-project-collaborators.md): the invited client adds
 * them and may take them off again; the owner sets each one's role or takes them off.
 */
export function collaboratorsRouter(services: Services): Router {
  const router = Router();
  const { collaborators, projectEmails } = services.projects;
  const projectFor = portalProjectGuard(services);

  router
    .route('/portal/projects/:id/collaborators')
    .all(requireClient)
    .post(async (req, res) => {
      const { projectId, actor } = await projectFor(req, res, 'manage');
      const input = parseBody(addCollaboratorSchema, req.body, 'Invalid collaborator');
      const limit = await hitRateLimit(services.db, { key: `collaborators:add:${actor.email}`, ...ADD_LIMIT });
      if (!limit.allowed) {
        res.set('Retry-After', String(limit.retryAfterSeconds));
        throw new HttpError(429, 'You have added many people in a short time; try again later');
      }
      const outcome = await collaborators.add(projectId, input, actor);
      switch (outcome.kind) {
        case 'own-address':
          throw new HttpError(400, 'That is your own address: you are on the project already', {
            email: ['Enter the address of someone else'],
          });
        case 'too-many':
          throw new HttpError(400, `A project can have up to ${MAX_COLLABORATORS} people besides you`, {
            email: [`Take someone off the project first (up to ${MAX_COLLABORATORS})`],
          });
        case 'invitations-spent':
          res.set('Retry-After', String(outcome.retryAfterSeconds));
          throw new HttpError(
            429,
            `A project can invite up to ${INVITATIONS_PER_PROJECT_PER_DAY.limit} people a day; nobody was invited. Try again tomorrow`,
          );
        case 'existing':
          // Already on the project: answered as they are, and no second invitation (they can ask /portal for a link).
          noStore(res).status(200).json(outcome.collaborator);
          return;
        case 'added':
          projectEmails.sendSoon();
          noStore(res).status(201).json(outcome.collaborator);
      }
    })
    .all(methodNotAllowed(['POST']));

  router
    .route('/portal/projects/:id/collaborators/:cid')
    .all(requireClient)
    .delete(async (req, res) => {
      const { projectId, actor } = await projectFor(req, res, 'manage');
      if (!(await collaborators.remove(projectId, parseIdParam(req.params.cid, COLLABORATOR_NOT_FOUND), actor))) {
        throw new HttpError(404, COLLABORATOR_NOT_FOUND);
      }
      noStore(res).status(204).end();
    })
    .all(methodNotAllowed(['DELETE']));

  router
    .route('/admin/projects/:id/collaborators/:cid')
    .all(requireAdmin)
    .patch(async (req, res) => {
      const projectId = parseIdParam(req.params.id, NOT_FOUND);
      const collaboratorId = parseIdParam(req.params.cid, COLLABORATOR_NOT_FOUND);
      const { role } = parseBody(changeCollaboratorRoleSchema, req.body, 'Invalid role');
      const changed = await collaborators.changeRole(projectId, collaboratorId, role, studioActor(res));
      if (!changed) throw new HttpError(404, COLLABORATOR_NOT_FOUND);
      noStore(res).json(changed);
    })
    .delete(async (req, res) => {
      const projectId = parseIdParam(req.params.id, NOT_FOUND);
      const collaboratorId = parseIdParam(req.params.cid, COLLABORATOR_NOT_FOUND);
      if (!(await collaborators.remove(projectId, collaboratorId, studioActor(res)))) throw new HttpError(404, COLLABORATOR_NOT_FOUND);
      noStore(res).status(204).end();
    })
    .all(methodNotAllowed(['PATCH', 'DELETE']));

  return router;
}
