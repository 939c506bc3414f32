import { CheckCircle2, Circle, X } from 'lucide-react';
import type { SiteSection } from '#common/site-content/sections.ts';
import { Button } from '#app/components/ui/button.tsx';
import { cn } from '#app/lib/cn.ts';
import { toast } from '#app/lib/toast.ts';
import { SECTION_LABELS } from '#app/features/admin/site/section-meta.ts';
import type { ChecklistItem, ChecklistTarget } from './setup-checklist.ts';

interface Props {
  items: ChecklistItem[];
  onOpen: (target: ChecklistTarget) => void;
  onDismiss: (dismissed: boolean) => Promise<void>;
}

const actionLabel = (target: ChecklistTarget) =>
  target.kind === 'site'
    ? `Open ${SECTION_LABELS[target.section as SiteSection]}`
    : target.kind === 'samples'
      ? 'Open Sample Management'
      : 'Open the account menu';

/** The dashboard's first-run checklist: each item links to its editor and ticks itself when done. */
export function SetupChecklistCard({ items, onOpen, onDismiss }: Props) {
  const doneCount = items.filter((item) => item.done).length;
  return (
    <section aria-labelledby="setup-checklist-title" className="relative rounded-xl border border-accent/40 bg-surface p-4 sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3 pr-12">
        <div>
          <h2 id="setup-checklist-title" className="text-lg font-bold text-fg">
            Make the site yours
          </h2>
          <p className="mt-1 text-sm text-fg-muted">
            <span data-testid="checklist-progress">
              {doneCount} of {items.length} done
            </span>
            . Each step ticks itself when it is set.
          </p>
        </div>
      </div>
      <button
        type="button"
        aria-label="Hide the setup checklist"
        className={cn(
          'absolute right-3 top-3 grid size-11 place-items-center',
          'rounded-full text-fg-muted hover:text-fg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent',
        )}
        onClick={() => {
          void onDismiss(true);
          toast({
            title: 'Checklist hidden',
            description: 'You can bring it back from the Site area.',
            action: { label: 'Undo', onSelect: () => void onDismiss(false) },
          });
        }}
      >
        <X aria-hidden className="size-5" />
      </button>
      <div aria-hidden className="mt-4 h-1.5 overflow-hidden rounded-full bg-line">
        <div className="h-full rounded-full bg-accent transition-[width]" style={{ width: `${(doneCount / items.length) * 100}%` }} />
      </div>
      <ol className="mt-4 grid gap-2 md:grid-cols-2">
        {items.map((item) => (
          <li
            key={item.id}
            data-testid={`checklist-${item.id}`}
            data-done={item.done}
            className="flex items-start gap-3 rounded-lg border border-line bg-ink/40 p-3"
          >
            {item.done ? (
              <CheckCircle2 aria-hidden className="mt-0.5 size-5 shrink-0 text-success" />
            ) : (
              <Circle aria-hidden className="mt-0.5 size-5 shrink-0 text-fg-subtle" />
            )}
            <div className="grid min-w-0 flex-1 gap-1">
              <p className={cn('text-sm font-semibold', item.done ? 'text-fg-muted line-through decoration-fg-subtle' : 'text-fg')}>
                {item.label}
                <span className="sr-only">{item.done ? ' (done)' : ' (to do)'}</span>
              </p>
              {item.done ? null : <p className="text-xs text-fg-muted">{item.hint}</p>}
            </div>
            {item.done ? null : (
              <Button
                variant="secondary"
                size="sm"
                className="max-sm:h-11 shrink-0"
                onClick={() => onOpen(item.target)}
                aria-label={`${actionLabel(item.target)} (${item.label})`}
              >
                Open
              </Button>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
