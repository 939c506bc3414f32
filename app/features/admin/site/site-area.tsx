import { Loader2 } from 'lucide-react';
import { AlertDialog } from 'radix-ui';
import { useCallback, useEffect, useState } from 'react';
import { SITE_SECTIONS, type SiteSection, type StoredSection } from '#common/site-content/sections.ts';
import { Button, buttonClasses } from '#app/components/ui/button.tsx';
import { cn } from '#app/lib/cn.ts';
import { SECTION_LABELS } from './section-meta.ts';
import { SectionEditor } from './section-editor.tsx';
import type { SiteContentState } from './use-site-content.ts';

interface Props {
  site: SiteContentState;
  /** A section to open from outside (the setup checklist); `at` tells two requests for the same one apart. */
  request: { section: SiteSection; at: number } | null;
  /** Offered while the owner has put the unfinished checklist away. */
  onShowChecklist?: () => void;
  /** Whether the open section has unsaved edits (the dashboard warns before they are lost). */
  onDirtyChange: (dirty: boolean) => void;
}

const navItem = cn(
  'flex min-h-11 w-full items-center whitespace-nowrap rounded-lg px-3 py-2 text-left text-sm font-medium text-fg-muted transition-colors',
  'hover:bg-surface-raised hover:text-fg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent',
  'aria-[current=true]:bg-accent aria-[current=true]:text-ink lg:min-h-10',
);

/**
 * The Site area: a navigation of the seven sections and the open section's form. Leaving a section
 * with unsaved edits asks first; leaving the page with them makes the browser ask.
 */
export function SiteArea({ site, request, onShowChecklist, onDirtyChange }: Props) {
  const [chosen, onSectionChange] = useState<SiteSection | null>(request?.section ?? null);
  // Once the content is there, nothing else having asked: the first section with a draft, else Studio.
  if (chosen === null && site.content) onSectionChange(firstDraft(site) ?? 'studio');
  const section = chosen ?? 'studio';
  const [dirty, setDirty] = useState(false);
  const [leavingFor, setLeavingFor] = useState<SiteSection | null>(null);

  const dirtyChanged = useCallback(
    (value: boolean) => {
      setDirty(value);
      onDirtyChange(value);
    },
    [onDirtyChange],
  );

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const open = (next: SiteSection) => {
    if (next === section) return;
    if (dirty) setLeavingFor(next);
    else onSectionChange(next);
  };

  // A new request from outside opens its section (asking first when this one has unsaved edits).
  const [seenRequest, setSeenRequest] = useState(request);
  if (request !== seenRequest) {
    setSeenRequest(request);
    if (request) open(request.section);
  }

  const { replace } = site;
  const stored = useCallback((name: SiteSection, next: StoredSection<SiteSection>) => replace(name, next), [replace]);

  if (!site.content) return <SitePending error={site.error} onRetry={() => void site.reload()} />;

  return (
    <div className="grid min-w-0 gap-6 lg:grid-cols-[13rem_minmax(0,1fr)] lg:gap-8">
      <nav aria-label="Site sections" className="min-w-0 lg:sticky lg:top-4 lg:self-start">
        <ul className="flex gap-1 overflow-x-auto rounded-xl border border-line bg-surface p-1 lg:flex-col">
          {SITE_SECTIONS.map((name) => (
            <li key={name} className="shrink-0">
              <button type="button" className={navItem} aria-current={name === section ? 'true' : undefined} onClick={() => open(name)}>
                {SECTION_LABELS[name]}
              </button>
            </li>
          ))}
        </ul>
        {onShowChecklist ? (
          <Button variant="ghost" size="sm" className="mt-2 w-full max-sm:h-11" onClick={onShowChecklist}>
            Show the setup checklist
          </Button>
        ) : null}
      </nav>
      <SectionEditor
        key={section}
        section={section}
        content={site.content}
        onStored={stored}
        onDirtyChange={dirtyChanged}
        draft={site.drafts[section] ?? null}
        onDraftChange={site.setDraft}
      />
      <LeaveDialog
        from={section}
        to={leavingFor}
        onStay={() => setLeavingFor(null)}
        onLeave={() => {
          if (leavingFor) onSectionChange(leavingFor);
          setLeavingFor(null);
          dirtyChanged(false);
        }}
      />
    </div>
  );
}

/** Where the Site area opens when nothing else asks: the first section with a draft to publish (the preview banner leads here). */
function firstDraft(site: SiteContentState): SiteSection | undefined {
  return SITE_SECTIONS.find((name) => site.drafts[name]);
}

function LeaveDialog({
  from,
  to,
  onStay,
  onLeave,
}: {
  from: SiteSection;
  to: SiteSection | null;
  onStay: () => void;
  onLeave: () => void;
}) {
  return (
    <AlertDialog.Root open={to !== null} onOpenChange={(open) => (open ? undefined : onStay())}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/70" />
        <AlertDialog.Content
          className={cn(
            'fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2',
            '-translate-y-1/2 rounded-2xl border border-line bg-surface p-6 shadow-2xl focus:outline-none',
          )}
        >
          <AlertDialog.Title className="text-lg font-bold text-fg">Leave {SECTION_LABELS[from]} without saving?</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-fg-muted">
            Your changes to {SECTION_LABELS[from]} have not been saved. Leaving drops them.
          </AlertDialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className={buttonClasses('secondary', 'md')}>Keep editing</AlertDialog.Cancel>
            <AlertDialog.Action className={buttonClasses('destructive', 'md')} onClick={onLeave}>
              Discard changes{to ? ` and open ${SECTION_LABELS[to]}` : ''}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

function SitePending({ error, onRetry }: { error: string | null; onRetry: () => void }) {
  if (error) {
    return (
      <div
        role="alert"
        className={cn(
          'grid justify-items-center gap-4 rounded-xl border',
          'border-danger/60 bg-danger-surface/50 px-6 py-8 text-center text-red-200',
        )}
      >
        <p>Unable to load the site content. {error}</p>
        <Button variant="secondary" size="sm" onClick={onRetry}>
          Try again
        </Button>
      </div>
    );
  }
  return (
    <div role="status" className="flex justify-center py-16">
      <Loader2 aria-hidden className="size-8 animate-spin text-accent motion-reduce:animate-none" />
      <span className="sr-only">Loading the site content...</span>
    </div>
  );
}
