import type { RequestHandler } from 'express';
import type { AdminProfile } from '#common/admin-auth.ts';
import { recordIdFromPath } from '#common/record-id.ts';
import { roleMay } from '#common/staff-roles.ts';
import type { Services } from '#server/context.ts';
import { staffRefusal } from '#server/http/require-admin.ts';

/**
 * Mounted once, ahead of every router, at `/admin/projects/:id`: a staff member who does not see
 * every project (an engineer, common/staff-roles.ts's `projects.all`) is answered a project they are
 * not assigned to as one that does not exist, on every route below it (files, review, links, people).
 */
export function engineerProjectScope(services: Pick<Services, 'projects'>): RequestHandler {
  return async (req, res, next) => {
    const admin = res.locals.admin as AdminProfile | null | undefined;
    const id = recordIdFromPath(typeof req.params.id === 'string' ? req.params.id : undefined);
    // A route the role may not use at all is refused by requireAdmin with its reason, not hidden here.
    if (!admin || roleMay(admin.role, 'projects.all') || id === null || staffRefusal(admin.role, req.method, req.originalUrl))
      return next();
    if (await services.projects.engineers.isAssigned(id, admin.id)) return next();
    res.set('Cache-Control', 'no-store').status(404).json({ message: 'Project not found' });
  };
}

/** The projects the list shows this person: theirs when they do not see all, or when they ask for "mine"; else every one. */
export async function listedProjectIds(
  services: Pick<Services, 'projects'>,
  admin: AdminProfile,
  mine: boolean,
): Promise<ReadonlySet<number> | undefined> {
  if (!mine && roleMay(admin.role, 'projects.all')) return undefined;
  return services.projects.engineers.projectIdsOf(admin.id);
}
