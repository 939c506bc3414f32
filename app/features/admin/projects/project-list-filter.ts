import { ACTIVE_PROJECT_STATUSES } from '#common/project-lifecycle.ts';
import type { ProjectSummary } from '#common/projects.ts';

/** What the list shows: the dashboard cards open the last three. */
export const PROJECT_FILTERS = ['active', 'waiting', 'due-this-week', 'finished', 'all'] as const;
export type ProjectFilter = (typeof PROJECT_FILTERS)[number];

export const PROJECT_FILTER_LABELS: Record<ProjectFilter, string> = {
  active: 'Active',
  waiting: 'Waiting for the studio',
  'due-this-week': 'Due this week',
  finished: 'Completed and archived',
  all: 'All projects',
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC day a week from `now`: the server counts "due this week" up to it (overdue included), so the list agrees with the card. */
export const weekAheadDay = (now: Date) => new Date(now.getTime() + 7 * DAY_MS).toISOString().slice(0, 10);

/** The viewer's own calendar day, `YYYY-MM-DD`: a due date before it is overdue. */
export function localDay(now: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

const isActive = (project: Pick<ProjectSummary, 'status'>) => ACTIVE_PROJECT_STATUSES.includes(project.status);

/** Past its due date while the work is still open. */
export const isOverdue = (project: Pick<ProjectSummary, 'status' | 'dueDate'>, now: Date) =>
  isActive(project) && project.dueDate !== null && project.dueDate < localDay(now);

export function matchesProjectFilter(project: ProjectSummary, filter: ProjectFilter, now: Date): boolean {
  switch (filter) {
    case 'active':
      return isActive(project);
    case 'waiting':
      return isActive(project) && project.waitingForStudio;
    case 'due-this-week':
      return isActive(project) && project.dueDate !== null && project.dueDate <= weekAheadDay(now);
    case 'finished':
      return !isActive(project);
    case 'all':
      return true;
  }
}
