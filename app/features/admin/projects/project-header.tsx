import { ArrowLeft, CalendarClock, Mail, Package, Pencil } from 'lucide-react';
import { forwardRef, useId, useState } from 'react';
import { Link } from 'react-router';
import { PROJECT_STATUS_LABELS, PROJECT_STATUSES, type ProjectStatus } from '#common/project-lifecycle.ts';
import type { AdminProjectView } from '#common/projects.ts';
import { formatPrice } from '#common/site-content/format.ts';
import { Button } from '#app/components/ui/button.tsx';
import { inputClasses } from '#app/components/ui/form-field.tsx';
import { cn } from '#app/lib/cn.ts';
import { formatDay } from './day-format.ts';
import { isOverdue } from './project-list-filter.ts';
import { ProjectStatusBadge } from './project-status-badge.tsx';

interface Props {
  project: AdminProjectView;
  onStatus: (status: ProjectStatus) => Promise<void>;
  onEdit: () => void;
}

export const backLinkClasses =
  'inline-flex min-h-11 items-center gap-1.5 rounded-md text-sm text-fg-muted hover:text-fg sm:min-h-9 ' +
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent';

/** The process page's steps as a bar: where this project is, at a glance. */
function StepBar({ status }: { status: ProjectStatus }) {
  const step = PROJECT_STATUSES.indexOf(status);
  return (
    <div aria-hidden className="flex gap-1">
      {PROJECT_STATUSES.map((item, index) => (
        <span key={item} className={cn('h-1.5 flex-1 rounded-full', index <= step ? 'bg-accent' : 'bg-line-strong')} />
      ))}
    </div>
  );
}

/** Title, client and deal, the status (one step of the process at a time, or any step back), and Edit details. */
export const ProjectHeader = forwardRef<HTMLHeadingElement, Props>(function ProjectHeader({ project, onStatus, onEdit }, titleRef) {
  const selectId = useId();
  const [saving, setSaving] = useState(false);
  const step = PROJECT_STATUSES.indexOf(project.status) + 1;
  const overdue = isOverdue(project, new Date());

  const change = async (status: ProjectStatus) => {
    setSaving(true);
    await onStatus(status);
    setSaving(false);
  };

  return (
    <div className="grid gap-4">
      <Link to="/manage/projects" className={cn(backLinkClasses, 'w-fit')}>
        <ArrowLeft aria-hidden className="size-4" />
        All projects
      </Link>
      <div className="grid gap-5 rounded-xl border border-line bg-surface p-4 sm:p-5 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
            <h2 ref={titleRef} tabIndex={-1} className="break-words text-2xl font-bold text-fg outline-none">
              {project.title}
            </h2>
            <ProjectStatusBadge status={project.status} />
          </div>
          <p className="mt-1 text-fg-muted">{project.clientName}</p>
          <ul className="mt-3 flex flex-wrap gap-x-5 gap-y-1 text-sm text-fg-muted">
            <li>
              <a
                href={`mailto:${project.clientEmail}`}
                className="inline-flex min-h-11 items-center gap-1.5 break-all text-accent underline-offset-4 hover:underline sm:min-h-0"
              >
                <Mail aria-hidden className="size-4 shrink-0" />
                {project.clientEmail}
              </a>
            </li>
            <li className="inline-flex items-center gap-1.5">
              <Package aria-hidden className="size-4 shrink-0 text-fg-subtle" />
              {project.packageTitle}
              {project.price !== null ? ` · ${formatPrice(project.price)}` : ''}
            </li>
            <li className={cn('inline-flex items-center gap-1.5', overdue && 'font-semibold text-red-300')}>
              <CalendarClock aria-hidden className={cn('size-4 shrink-0', overdue ? 'text-red-300' : 'text-fg-subtle')} />
              {project.dueDate ? `${overdue ? 'Overdue: was due' : 'Due'} ${formatDay(project.dueDate)}` : 'No due date'}
            </li>
          </ul>
          <Button variant="secondary" size="sm" className="mt-4" onClick={onEdit}>
            <Pencil aria-hidden className="size-4" />
            Edit details
          </Button>
        </div>
        <div className="grid content-start gap-2">
          <label htmlFor={selectId} className="text-sm font-medium text-fg">
            Status
          </label>
          <select
            id={selectId}
            value={project.status}
            disabled={saving}
            aria-describedby={`${selectId}-step`}
            onChange={(event) => void change(event.target.value as ProjectStatus)}
            className={cn(inputClasses, 'py-2.5')}
          >
            {PROJECT_STATUSES.map((status, index) => (
              <option key={status} value={status}>
                {index + 1}. {PROJECT_STATUS_LABELS[status]}
              </option>
            ))}
          </select>
          <StepBar status={project.status} />
          <p id={`${selectId}-step`} className="text-xs text-fg-subtle">
            Step {step} of {PROJECT_STATUSES.length} of the process{saving ? ' · saving...' : ''}
            {project.status === 'approved' ? ' · masters in preparation' : ''}
          </p>
        </div>
      </div>
    </div>
  );
});
