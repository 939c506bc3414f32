import { CalendarClock, FileAudio, Loader2, Plus, Send } from 'lucide-react';
import { Link } from 'react-router';
import type { AdminProjectList } from '#common/projects.ts';
import { Button } from '#app/components/ui/button.tsx';
import { inputClasses } from '#app/components/ui/form-field.tsx';
import { useStaffRole } from '#app/features/admin/staff/staff-role.tsx';
import { roleMay } from '#common/staff-roles.ts';
import { cn } from '#app/lib/cn.ts';
import { EmptyNote } from '#app/features/admin/dashboard/empty-note.tsx';
import { formatDay } from './day-format.ts';
import { isOverdue, matchesProjectFilter, PROJECT_FILTER_LABELS, PROJECT_FILTERS, type ProjectFilter } from './project-list-filter.ts';
import { ProjectStatusBadge } from './project-status-badge.tsx';
import type { ProjectListState } from './use-project-list.ts';

type ListedProject = AdminProjectList['projects'][number];

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

const markerClasses = 'inline-flex items-center gap-1.5 whitespace-nowrap rounded-full bg-accent-soft px-2.5 py-0.5 text-xs font-semibold';

function WaitingMarker() {
  return (
    <span className={cn(markerClasses, 'text-accent')}>
      <span aria-hidden className="size-1.5 rounded-full bg-accent" />
      Waiting for the studio
    </span>
  );
}

function ProjectRow({ project, now }: { project: ListedProject; now: Date }) {
  const overdue = isOverdue(project, now);
  return (
    <article
      className={cn(
        'relative grid gap-3 rounded-xl border bg-surface p-4 transition-colors hover:border-line-strong sm:p-5',
        'lg:grid-cols-[minmax(0,1fr)_11rem_10rem_9rem] lg:items-center lg:gap-6',
        'focus-within:ring-2 focus-within:ring-accent',
        project.waitingForStudio ? 'border-accent/50' : 'border-line',
      )}
    >
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="min-w-0 break-words text-lg font-semibold text-fg">
            {/* The whole card opens the project (the link's box covers it); the title names where it goes. */}
            <Link
              to={`/manage/projects/${project.id}`}
              className="after:absolute after:inset-0 after:rounded-xl focus-visible:outline-none"
            >
              {project.title}
            </Link>
          </h3>
          {/* On narrow screens the status sits by the title; from lg up it has its own column. */}
          <ProjectStatusBadge status={project.status} className="lg:hidden" />
          {project.waitingForStudio ? <WaitingMarker /> : null}
        </div>
        <p className="mt-0.5 break-words text-sm text-fg-muted">
          {project.clientName} <span className="text-fg-subtle">· {project.clientEmail}</span>
        </p>
      </div>
      <p className="text-sm text-fg-muted lg:text-right">
        <span className="sr-only">Package: </span>
        {project.packageTitle}
      </p>
      <div className="flex flex-wrap items-center gap-x-5 gap-y-1 text-sm lg:grid lg:gap-1">
        <span className={cn('inline-flex items-center gap-1.5', overdue ? 'font-semibold text-red-300' : 'text-fg-muted')}>
          <CalendarClock aria-hidden className="size-4 shrink-0" />
          {project.dueDate ? `${overdue ? 'Overdue · ' : 'Due '}${formatDay(project.dueDate)}` : 'No due date'}
        </span>
        <span className="inline-flex items-center gap-1.5 text-fg-muted">
          <FileAudio aria-hidden className="size-4 shrink-0" />
          {plural(project.fileCount, 'file', 'files')} · {plural(project.deliveryCount, 'delivery', 'deliveries')}
        </span>
      </div>
      <div className="hidden text-right lg:block">
        <ProjectStatusBadge status={project.status} />
      </div>
    </article>
  );
}

/** /manage/projects: the studio's projects, filtered, newest change first, and New project. */
export function ProjectList({ state, onNew }: { state: ProjectListState; onNew: () => void }) {
  const { list, error, filter, setFilter, mine, setMine } = state;
  // Someone who sees only their own projects has nothing to narrow.
  const seesAll = roleMay(useStaffRole() ?? undefined, 'projects.all');
  const now = new Date();
  const visible = list?.projects.filter((project) => matchesProjectFilter(project, filter, now)) ?? [];

  const toolbar = (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <div className="flex flex-wrap items-center gap-3">
        <label htmlFor="project-filter" className="text-sm text-fg-muted">
          Show
        </label>
        <select
          id="project-filter"
          value={filter}
          onChange={(event) => setFilter(event.target.value as ProjectFilter)}
          className={cn(inputClasses, 'w-auto py-2.5 pr-8')}
        >
          {PROJECT_FILTERS.map((item) => (
            <option key={item} value={item}>
              {PROJECT_FILTER_LABELS[item]}
            </option>
          ))}
        </select>
        {seesAll ? (
          <label className="flex min-h-11 items-center gap-2 text-sm text-fg sm:min-h-0">
            <input
              type="checkbox"
              className="size-4 accent-[var(--color-accent)]"
              checked={mine}
              onChange={(event) => setMine(event.currentTarget.checked)}
            />
            Mine
          </label>
        ) : null}
      </div>
      <Button onClick={onNew}>
        <Plus aria-hidden className="size-4" />
        New project
      </Button>
    </div>
  );

  if (error && !list) {
    return (
      <p role="alert" className="rounded-xl border border-danger/60 bg-danger-surface/50 px-6 py-8 text-center text-red-200">
        Unable to load projects. {error}
      </p>
    );
  }
  if (!list) {
    return (
      <div role="status" className="flex justify-center py-16">
        <Loader2 aria-hidden className="size-8 animate-spin text-accent motion-reduce:animate-none" />
        <span className="sr-only">Loading projects...</span>
      </div>
    );
  }

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      {toolbar}
      {list.projects.length === 0 ? (
        <div className="grid justify-items-center gap-3 rounded-xl border border-dashed border-line-strong px-6 py-12 text-center">
          <Send aria-hidden className="size-6 text-fg-subtle" />
          <p className="text-fg-muted">No projects yet. Start one here, or from a message in Contact Submissions.</p>
        </div>
      ) : (
        <>
          <p aria-live="polite" className="text-sm text-fg-subtle">
            Showing {visible.length} of {plural(list.projects.length, 'project', 'projects')}
          </p>
          {visible.length === 0 ? (
            <EmptyNote>No projects match this filter</EmptyNote>
          ) : (
            <ul className="grid grid-cols-[minmax(0,1fr)] gap-3">
              {visible.map((project) => (
                <li key={project.id}>
                  <ProjectRow project={project} now={now} />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
