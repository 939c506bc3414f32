import type { ProjectActivityView } from '#common/projects.ts';
import { cn } from '#app/lib/cn.ts';
import { LocalDateTime } from '#app/components/local-date-time.tsx';
import { SectionCard } from './section-card.tsx';

const ACTOR_NAMES: Record<ProjectActivityView['actor'], string> = { studio: 'Studio', client: 'Client', system: 'System' };
const ACTOR_DOTS: Record<ProjectActivityView['actor'], string> = { studio: 'bg-accent', client: 'bg-blue-400', system: 'bg-fg-subtle' };

/** Who did what and when, newest first (the server's order). */
export function ActivityLog({ activity }: { activity: ProjectActivityView[] }) {
  return (
    <SectionCard id="project-activity" title="Activity">
      {activity.length === 0 ? (
        <p className="text-sm text-fg-muted">Nothing yet.</p>
      ) : (
        <ol className="grid gap-3">
          {activity.map((entry) => (
            <li key={entry.id} className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3">
              <span aria-hidden className={cn('mt-1.5 size-2 rounded-full', ACTOR_DOTS[entry.actor] ?? 'bg-fg-subtle')} />
              <div className="min-w-0">
                <p className="break-words text-sm text-fg">{entry.summary}</p>
                <p className="text-xs text-fg-subtle">
                  {entry.actorName ?? ACTOR_NAMES[entry.actor] ?? entry.actor} · <LocalDateTime iso={entry.at} />
                </p>
              </div>
            </li>
          ))}
        </ol>
      )}
    </SectionCard>
  );
}
