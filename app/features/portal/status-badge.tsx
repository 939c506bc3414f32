import { PROJECT_STATUS_LABELS, type ProjectStatus } from '#common/project-lifecycle.ts';
import { cn } from '#app/lib/cn.ts';

/** Where the ball is: amber while the client may act, blue while the studio works (the masters too), green once delivered, grey at rest. */
const TONES: Record<ProjectStatus, string> = {
  awaiting_files: 'bg-accent-soft text-accent ring-accent/40',
  in_progress: 'bg-sky-400/10 text-sky-300 ring-sky-300/40',
  in_review: 'bg-accent-soft text-accent ring-accent/40',
  revisions: 'bg-sky-400/10 text-sky-300 ring-sky-300/40',
  approved: 'bg-sky-400/10 text-sky-300 ring-sky-300/40',
  delivered: 'bg-success/15 text-green-300 ring-green-300/40',
  completed: 'bg-success/15 text-green-300 ring-green-300/40',
  archived: 'bg-surface-raised text-fg-muted ring-line-strong',
};

export function StatusBadge({ status, className }: { status: ProjectStatus; className?: string }) {
  return (
    <span
      className={cn('inline-flex items-center rounded-full px-3 py-1 text-xs font-semibold ring-1 ring-inset', TONES[status], className)}
    >
      {PROJECT_STATUS_LABELS[status]}
    </span>
  );
}
