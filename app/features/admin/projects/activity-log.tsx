import { useRef } from 'react';
import type { ProjectActivityView } from '#common/projects.ts';
import { cn } from '#app/lib/cn.ts';
import { LocalDateTime } from '#app/components/local-date-time.tsx';
import { ACTIVITY_ENTRY_FOCUS, ShowOlderActivity } from '#app/features/activity/show-older-activity.tsx';
import { useActivityPages } from '#app/features/activity/use-activity-pages.ts';
import { SectionCard } from './section-card.tsx';

const ACTOR_NAMES: Record<ProjectActivityView['actor'], string> = { studio: 'Studio', client: 'Client', system: 'System' };
const ACTOR_DOTS: Record<ProjectActivityView['actor'], string> = { studio: 'bg-accent', client: 'bg-blue-400', system: 'bg-fg-subtle' };

interface Props {
  projectId: number;
  /** The newest entries, as the project view carries them; older ones a page at a time. */
  activity: ProjectActivityView[];
  nextBefore: number | null;
}

/** Who did what and when, newest first (the server's order). */
export function ActivityLog({ projectId, activity, nextBefore }: Props) {
  const list = useRef<HTMLOListElement>(null);
  const pages = useActivityPages(`/api/admin/projects/${projectId}/activity`, activity, nextBefore, list);
  return (
    <SectionCard id="project-activity" title="Activity">
      {pages.entries.length === 0 ? (
        <p className="text-sm text-fg-muted">Nothing yet.</p>
      ) : (
        <ol ref={list} className="grid gap-3">
          {pages.entries.map((entry) => (
            <li
              key={entry.id}
              data-entry-id={entry.id}
              tabIndex={-1}
              className={cn('grid grid-cols-[auto_minmax(0,1fr)] gap-x-3', ACTIVITY_ENTRY_FOCUS)}
            >
              <span aria-hidden className={cn('mt-1.5 size-2 rounded-full', ACTOR_DOTS[entry.actor] ?? 'bg-fg-subtle')} />
              <div className="min-w-0">
                <p className="break-words text-sm text-fg">{entry.summary}</p>
                <p className="text-xs text-fg-subtle">
                  {entry.actorName ?? ACTOR_NAMES[entry.actor] ?? entry.actor} · <LocalDateTime iso={entry.at} />
                  {entry.lastAt ? (
                    <>
                      {' '}
                      · last at <LocalDateTime iso={entry.lastAt} />
                    </>
                  ) : null}
                </p>
              </div>
            </li>
          ))}
        </ol>
      )}
      <ShowOlderActivity pages={pages} />
    </SectionCard>
  );
}
