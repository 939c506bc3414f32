import { ASSIGNABLE_ROLES, type ProjectEngineersView } from '#common/project-engineers.ts';
import type { CoreServices } from '#server/core-services.ts';
import { adminNamesById } from '#server/auth/admin-users.ts';
import { listStaff } from '#server/auth/staff.ts';
import type { ProjectsCapability } from '#server/projects/projects-capability.ts';

/**
 * A project's engineers by name (the lead first) and the staff who could be assigned. Someone
 * removed from the staff stays listed on the projects they worked on, by the name they had.
 */
export async function engineersOfProject(
  services: Pick<CoreServices, 'db'> & { projects: Pick<ProjectsCapability, 'engineers'> },
  projectId: number,
): Promise<ProjectEngineersView> {
  const [assigned, staff] = await Promise.all([services.projects.engineers.of(projectId), listStaff(services.db)]);
  const names = await adminNamesById(
    services.db,
    assigned.map((engineer) => engineer.adminUserId),
  );
  return {
    engineers: assigned.map(({ adminUserId, lead }) => ({ id: adminUserId, name: names.get(adminUserId) ?? '', lead })),
    candidates: staff
      .filter((member) => member.status !== 'suspended' && ASSIGNABLE_ROLES.includes(member.role))
      .map(({ id, name, role }) => ({ id, name, role })),
  };
}
