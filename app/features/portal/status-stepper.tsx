import { Check } from 'lucide-react';
import { PROJECT_STATUS_LABELS, STEPPED_STATUSES, type ProjectStatus } from '#common/project-lifecycle.ts';
import { cn } from '#app/lib/cn.ts';
import { statusExplanation } from './status-copy.ts';

/**
 * The project's status along the process: steps before the current one are done, the current one is
 * lit (and named as the current step for screen readers), the rest are to come. An archived project
 * shows every step done. `downloadable`: how many deliveries the client can download now;
 * `locked`: those wait for payment.
 */
export function StatusStepper({ status, downloadable, locked = false }: { status: ProjectStatus; downloadable: number; locked?: boolean }) {
  const current = status === 'archived' ? STEPPED_STATUSES.length : STEPPED_STATUSES.indexOf(status);
  return (
    <section aria-labelledby="status-heading" className="rounded-2xl border border-line bg-surface p-5 sm:p-6">
      <h2 id="status-heading" className="text-lg font-semibold text-fg">
        Where your project stands
      </h2>
      <p className="mt-1 text-sm text-fg-muted">{statusExplanation(status, downloadable, locked)}</p>
      <ol className="mt-5 grid gap-3 sm:grid-cols-7 sm:gap-2">
        {STEPPED_STATUSES.map((step, index) => {
          const done = index < current;
          const here = index === current;
          return (
            <li
              key={step}
              aria-current={here ? 'step' : undefined}
              className="flex items-center gap-3 sm:flex-col sm:items-stretch sm:gap-2"
            >
              <span aria-hidden className={cn('hidden h-1 rounded-full sm:block', done || here ? 'bg-accent' : 'bg-line-strong')} />
              <span className="flex items-center gap-2">
                <span
                  aria-hidden
                  className={cn(
                    'grid size-7 shrink-0 place-items-center rounded-full text-xs font-bold',
                    done && 'bg-accent text-ink',
                    here && 'bg-accent-soft text-accent ring-2 ring-accent',
                    !done && !here && 'bg-surface-raised text-fg-subtle ring-1 ring-line-strong',
                  )}
                >
                  {done ? <Check className="size-4" /> : index + 1}
                </span>
                <span className={cn('text-sm', here ? 'font-semibold text-fg' : done ? 'text-fg-muted' : 'text-fg-subtle')}>
                  {PROJECT_STATUS_LABELS[step]}
                  <span className="sr-only">{done ? ' (done)' : here ? ' (current step)' : ' (to come)'}</span>
                </span>
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
