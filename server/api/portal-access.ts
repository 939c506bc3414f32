import type { Request, Response } from 'express';
import {
  can,
  NOT_ALLOWED,
  NOT_SHOWN,
  sees,
  type ProjectAccess,
  type ProjectCapability,
  type ProjectViewPart,
} from '#common/collaborators.ts';
import type { Services } from '#server/context.ts';
import { HttpError } from '#server/http/errors.ts';
import { parseIdParam } from '#server/http/validation.ts';
import type { Actor } from '#server/projects/activity.ts';
import type { PortalClient } from '#server/projects/client-sessions.ts';

export const PROJECT_NOT_FOUND = 'Project not found';

/** Someone signed in to the portal, on the project of the path. */
export interface PortalPerson {
  projectId: number;
  access: ProjectAccess;
  /** How the log and the comments name them. */
  actor: Actor & { side: 'client' };
}

/**
 * The portal's guard for a project route (after `requireClient`): the project of the path must be
 * open to the signed-in address, and their access must allow `capability` (common/collaborators.ts).
 * Nothing there for them is a 404, like a project that does not exist; a role that does not allow
 * the action is a 403 that says so.
 */
export function portalProjectGuard({ projects: { records: projects } }: Pick<Services, 'projects'>) {
  return async (req: Request, res: Response, capability: ProjectCapability): Promise<PortalPerson> => {
    const { email } = res.locals.client as PortalClient;
    const projectId = parseIdParam(req.params.id, PROJECT_NOT_FOUND);
    const access = await projects.accessTo(email, projectId);
    if (!access) throw new HttpError(404, PROJECT_NOT_FOUND);
    if (!can(access, capability)) throw new HttpError(403, NOT_ALLOWED[capability]);
    return { projectId, access, actor: await projects.actorOn(email, access) };
  };
}

/**
 * For a route that answers one part of the project only (its log, its invoices): a 403 unless the
 * person's access sees that part (common/collaborators.ts: VISIBLE_PARTS), after the guard.
 */
export function requirePart(person: PortalPerson, part: ProjectViewPart): PortalPerson {
  if (!sees(person.access, part)) throw new HttpError(403, NOT_SHOWN);
  return person;
}
