import { ASSIGNABLE_ROLES } from '#common/project-engineers.ts';
import type { CoreServices } from '#server/core-services.ts';
import { findStaffMember } from '#server/auth/staff.ts';
import type { ProjectsCapability } from '#server/projects/projects-capability.ts';

export type AssignEngineersOutcome = { kind: 'assigned' } | { kind: 'not-found' } | { kind: 'not-assignable'; id: number };

/**
 * Sets who works on a project (the first is the lead): each must be on the staff (auth's) as an
 * engineer or an owner, and not suspended; the project's rows are the projects capability's.
 */
export async function assignEngineers(
  services: Pick<CoreServices, 'db'> & { projects: Pick<ProjectsCapability, 'engineers'> },
  projectId: number,
  adminUserIds: readonly number[],
): Promise<AssignEngineersOutcome> {
  for (const id of adminUserIds) {
    const member = await findStaffMember(services.db, id);
    if (!member || member.status === 'suspended' || !ASSIGNABLE_ROLES.includes(member.role)) return { kind: 'not-assignable', id };
  }
  return (await services.projects.engineers.set(projectId, adminUserIds)) ? { kind: 'assigned' } : { kind: 'not-found' };
}
