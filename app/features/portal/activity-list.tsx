import type { ProjectActivityView } from '#common/projects.ts';
import { LocalDateTime } from '#app/components/local-date-time.tsx';

const WHO: Record<ProjectActivityView['actor'], string> = { studio: 'Studio', client: 'You', system: 'Automatic' };

/** What happened in the project, newest first. */
export function ActivityList({ activity }: { activity: ProjectActivityView[] }) {
  return (
    <section aria-labelledby="activity-heading" className="rounded-2xl border border-line bg-surface p-5 sm:p-6">
      <h2 id="activity-heading" className="text-lg font-semibold text-fg">
        Activity
      </h2>
      {activity.length === 0 ? (
        <p className="mt-2 text-sm text-fg-muted">Nothing has happened yet.</p>
      ) : (
        <ol className="mt-4 grid gap-3">
          {activity.map((entry) => (
            <li key={entry.id} className="grid gap-0.5 border-l-2 border-line pl-3 sm:grid-cols-[12rem_minmax(0,1fr)] sm:gap-4">
              <span className="text-xs text-fg-subtle sm:text-sm">
                <LocalDateTime iso={entry.at} />
              </span>
              <span className="text-sm text-fg-muted">
                <span className="font-medium text-fg">{WHO[entry.actor]}</span> · {entry.summary}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
