import { CalendarClock, FolderOpen, Hourglass, Inbox, MailWarning } from 'lucide-react';
import type { ReactNode } from 'react';
import { PENDING_CONTACT_STATUS } from '#common/contact-status.ts';
import type { AdminProjectList } from '#common/projects.ts';
import { cn } from '#app/lib/cn.ts';
import type { ProjectFilter } from '#app/features/admin/projects/project-list-filter.ts';
import type { ContactSubmission } from '#app/features/admin/contacts/contact-types.ts';

const cardClasses = 'flex items-center justify-between gap-3 rounded-xl border border-line bg-surface p-4 sm:gap-4 sm:p-5';
// Five cards make two columns on a phone: the icons step aside there, so the labels keep their width.
const iconClasses = 'grid size-11 shrink-0 place-items-center rounded-full bg-accent-soft text-accent max-sm:hidden';

function StatCard({ label, value, icon }: { label: string; value: number | null; icon: ReactNode }) {
  return (
    <div className={cardClasses}>
      <div>
        <p className="text-sm font-medium text-fg-muted">{label}</p>
        <p className="mt-1 text-3xl font-bold tabular-nums text-fg" aria-live="polite">
          {value ?? '–'}
        </p>
      </div>
      <span aria-hidden className={iconClasses}>
        {icon}
      </span>
    </div>
  );
}

/** A project count that opens the Projects area showing those projects. */
function ProjectStatCard({
  label,
  value,
  icon,
  onOpen,
  className,
}: {
  label: string;
  value: number | null;
  icon: ReactNode;
  onOpen: () => void;
  className?: string;
}) {
  return (
    <button
      type="button"
      onClick={onOpen}
      className={cn(
        cardClasses,
        className,
        'text-left transition-colors hover:border-accent/60 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent',
      )}
    >
      <span className="min-w-0">
        <span className="block text-sm font-medium text-fg-muted">{label}</span>
        <span className="mt-1 block text-3xl font-bold tabular-nums text-fg">{value ?? '–'}</span>
      </span>
      <span aria-hidden className={iconClasses}>
        {icon}
      </span>
    </button>
  );
}

interface Props {
  submissions: ContactSubmission[] | null;
  /** The Projects area's counts (null until read) and the way to open it filtered. */
  projects?: { counts: AdminProjectList['counts'] | null; onOpen: (filter: ProjectFilter) => void };
}

/**
 * Total Contacts and Pending Contacts (status new), from the same list the tab shows; then the
 * projects that are active, waiting for the studio and due within a week, each opening that list.
 */
export function StatCards({ submissions, projects }: Props) {
  const pending = submissions ? submissions.filter((item) => item.status === PENDING_CONTACT_STATUS).length : null;
  const counts = projects?.counts ?? null;
  return (
    <div className="grid grid-cols-[repeat(2,minmax(0,1fr))] gap-3 sm:gap-4 lg:grid-cols-[repeat(5,minmax(0,1fr))]">
      <StatCard label="Total Contacts" value={submissions ? submissions.length : null} icon={<Inbox className="size-5" />} />
      <StatCard label="Pending Contacts" value={pending} icon={<MailWarning className="size-5" />} />
      {projects ? (
        <>
          <ProjectStatCard
            label="Active projects"
            value={counts?.active ?? null}
            icon={<FolderOpen className="size-5" />}
            onOpen={() => projects.onOpen('active')}
          />
          <ProjectStatCard
            label="Waiting for the studio"
            value={counts?.waitingForStudio ?? null}
            icon={<Hourglass className="size-5" />}
            onOpen={() => projects.onOpen('waiting')}
          />
          <ProjectStatCard
            label="Due this week"
            value={counts?.dueThisWeek ?? null}
            icon={<CalendarClock className="size-5" />}
            onOpen={() => projects.onOpen('due-this-week')}
            // The fifth card fills its row on a phone's two columns.
            className="max-lg:col-span-2"
          />
        </>
      ) : null}
    </div>
  );
}
