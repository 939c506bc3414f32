import { PROJECT_STATUS_LABELS, type ProjectStatus } from '#common/project-lifecycle.ts';
import { cn } from '#app/lib/cn.ts';

/** On the client yellow, the studio at work blue, with the client violet, approved teal (masters due), delivered green, done grey. */
const TONES: Record<ProjectStatus, string> = {
  awaiting_files: 'bg-yellow-400/15 text-yellow-300 ring-yellow-400/40',
  in_progress: 'bg-blue-400/15 text-blue-300 ring-blue-400/40',
  in_review: 'bg-violet-400/15 text-violet-300 ring-violet-400/40',
  revisions: 'bg-orange-400/15 text-orange-300 ring-orange-400/40',
  approved: 'bg-teal-400/15 text-teal-300 ring-teal-400/40',
  delivered: 'bg-green-400/15 text-green-300 ring-green-400/40',
  completed: 'bg-fg-subtle/15 text-fg-muted ring-fg-subtle/40',
  archived: 'bg-fg-subtle/10 text-fg-subtle ring-fg-subtle/30',
};

export function ProjectStatusBadge({ status, className }: { status: ProjectStatus; className?: string }) {
  return (
    <span
      data-status={status}
      className={cn(
        'inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
        TONES[status] ?? TONES.archived,
        className,
      )}
    >
      {PROJECT_STATUS_LABELS[status] ?? status}
    </span>
  );
}
