import { useEffect } from 'react';
import { revealDashboardTabs } from '#app/features/admin/dashboard/reveal-tabs.ts';
import { ProjectDialog } from './project-dialog.tsx';
import { ProjectList } from './project-list.tsx';
import { ProjectPage } from './project-page.tsx';
import type { ProjectsDashboard } from './use-projects-dashboard.ts';

/** A project id from the address: a positive whole number, or null (the page then says not found). */
export function projectIdOf(param: string | undefined): number | null {
  if (param === undefined || !/^[1-9]\d{0,15}$/.test(param)) return null;
  return Number(param);
}

/**
 * The Projects tab: the list at /manage/projects, a project's page at /manage/projects/:id (the
 * address decides; `projectParam` is undefined on the list).
 */
export function ProjectsArea({ projects, projectParam }: { projects: ProjectsDashboard; projectParam: string | undefined }) {
  const onList = projectParam === undefined;
  const { reload } = projects.list;
  const listReady = projects.list.list !== null;

  // Back on the list after a visit to a project or another tab: read it again (joining the dashboard's first read if still under way).
  useEffect(() => {
    if (onList) void reload();
  }, [onList, reload]);
  // The list at its address (from a card, the tab, a project's back link): in view once there is something to see.
  useEffect(() => {
    if (onList && listReady) revealDashboardTabs();
  }, [onList, listReady]);

  return onList ? (
    <>
      <h2 className="sr-only">Projects</h2>
      <ProjectList state={projects.list} onNew={projects.startNew} />
    </>
  ) : (
    <ProjectPage key={projectParam} projectId={projectIdOf(projectParam)} packages={projects.packages} onChanged={() => void reload()} />
  );
}

/** The New project dialog, opened from the list or from a message in the inbox. */
export function NewProjectDialog({ projects }: { projects: ProjectsDashboard }) {
  if (!projects.creating) return null;
  return <ProjectDialog request={projects.creating} packages={projects.packages} onClose={projects.closeNew} onDone={projects.created} />;
}
