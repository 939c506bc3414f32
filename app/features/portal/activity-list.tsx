import { useRef } from 'react';
import type { ProjectActivityView } from '#common/projects.ts';
import { cn } from '#app/lib/cn.ts';
import { LocalDateTime } from '#app/components/local-date-time.tsx';
import { ACTIVITY_ENTRY_FOCUS, ShowOlderActivity } from '#app/features/activity/show-older-activity.tsx';
import { useActivityPages } from '#app/features/activity/use-activity-pages.ts';

const WHO: Record<ProjectActivityView['actor'], string> = { studio: 'Studio', client: 'You', system: 'Automatic' };

interface Props {
  projectId: number;
  /** The newest entries, as the project view carries them; older ones a page at a time. */
  activity: ProjectActivityView[];
  nextBefore: number | null;
}

/** What happened in the project, newest first. */
export function ActivityList({ projectId, activity, nextBefore }: Props) {
  const list = useRef<HTMLOListElement>(null);
  const pages = useActivityPages(`/api/portal/projects/${projectId}/activity`, activity, nextBefore, list);
  return (
    <section aria-labelledby="activity-heading" className="rounded-2xl border border-line bg-surface p-5 sm:p-6">
      <h2 id="activity-heading" className="text-lg font-semibold text-fg">
        Activity
      </h2>
      {pages.entries.length === 0 ? (
        <p className="mt-2 text-sm text-fg-muted">Nothing has happened yet.</p>
      ) : (
        <ol ref={list} className="mt-4 grid gap-3">
          {pages.entries.map((entry) => (
            <li
              key={entry.id}
              data-entry-id={entry.id}
              tabIndex={-1}
              className={cn('grid gap-0.5 border-l-2 border-line pl-3 sm:grid-cols-[12rem_minmax(0,1fr)] sm:gap-4', ACTIVITY_ENTRY_FOCUS)}
            >
              <span className="text-xs text-fg-subtle sm:text-sm">
                <LocalDateTime iso={entry.at} />
              </span>
              <span className="text-sm text-fg-muted">
                <span className="font-medium text-fg">{WHO[entry.actor]}</span> · {entry.summary}
                {entry.lastAt ? (
                  <span className="text-fg-subtle">
                    {' '}
                    · last at <LocalDateTime iso={entry.lastAt} />
                  </span>
                ) : null}
              </span>
            </li>
          ))}
        </ol>
      )}
      <ShowOlderActivity pages={pages} />
    </section>
  );
}
