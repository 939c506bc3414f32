import { AlertTriangle, CheckCircle2, History } from 'lucide-react';
import { cn } from '#app/lib/cn.ts';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { SiteSection, StoredSection } from '#common/site-content/sections.ts';
import { Button } from '#app/components/ui/button.tsx';
import { DraftPanel } from './draft-panel.tsx';
import { HistoryDialog } from './history-dialog.tsx';
import { SECTION_INTROS, SECTION_LABELS, formatSavedAt } from './section-meta.ts';
import type { SectionForm } from './use-section-form.ts';

/** The saved state in words: which version the form started from, or that the site shows the defaults. */
function savedState(form: SectionForm): string {
  if (form.base.version === 0 || !form.base.updatedAt) return 'Never saved: the site shows the defaults.';
  return `Version ${form.base.version}, saved ${formatSavedAt(form.base.updatedAt)}.`;
}

function ConflictNotice({ form }: { form: SectionForm }) {
  const current = form.conflict;
  if (!current) return null;
  const label = SECTION_LABELS[form.section];
  return (
    <div role="alert" className="grid gap-3 rounded-xl border border-amber-400/60 bg-amber-950/40 p-4 text-sm text-amber-100">
      <p className="flex items-start gap-2 font-semibold">
        <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />
        Another tab or admin saved {label} first
        {current.updatedAt ? ` (version ${current.version}, ${formatSavedAt(current.updatedAt)})` : ''}.
      </p>
      <p>Your edits are still here and were not saved. Load the newer version to see it (your edits are dropped), or save yours over it.</p>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" className="max-sm:h-11" onClick={form.loadNewer}>
          Load the newer version
        </Button>
        <Button variant="ghost" size="sm" className="max-sm:h-11" onClick={() => void form.overwrite()}>
          Save mine over it
        </Button>
      </div>
    </div>
  );
}

function ErrorSummary({ form }: { form: SectionForm }) {
  const box = useRef<HTMLDivElement | null>(null);
  const { summary, summaryFocus } = form;
  useEffect(() => {
    if (summaryFocus > 0) box.current?.focus();
  }, [summaryFocus]);
  if (!summary) return null;
  return (
    <div
      ref={box}
      tabIndex={-1}
      role="alert"
      className={cn(
        'rounded-xl border border-danger/60 bg-danger-surface/50 p-4',
        'text-sm text-red-100 outline-none focus-visible:ring-2 focus-visible:ring-accent',
      )}
    >
      <p className="font-semibold">Not saved: please correct {summary.length === 1 ? 'this field' : `these ${summary.length} fields`}.</p>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {summary.map(({ path, message }) => (
          <li key={path}>
            <a href={`#${form.id(path)}`} className="underline underline-offset-2 hover:text-white">
              {message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * One section of the Site area: its heading and saved state, History, the form, and a save bar that
 * stays in reach at the bottom of the screen while the form scrolls.
 */
export function SectionFrame({
  form,
  onStored,
  children,
}: {
  form: SectionForm;
  /** A section the server answered with outside a save (a restore). */
  onStored: (stored: StoredSection<SiteSection>) => void;
  children: ReactNode;
}) {
  const [historyOpen, setHistoryOpen] = useState(false);
  const heading = useRef<HTMLHeadingElement | null>(null);
  // Publishing or discarding removes the draft's buttons: focus lost with them goes to the section's heading.
  const hadDraft = useRef(false);
  useEffect(() => {
    const focusLost = !document.activeElement || document.activeElement === document.body;
    if (hadDraft.current && !form.savedDraft && focusLost) heading.current?.focus();
    hadDraft.current = form.savedDraft !== null;
  }, [form.savedDraft]);
  const label = SECTION_LABELS[form.section];
  // With a draft on screen, Save publishes it at once, like Publish.
  const canSave = form.dirty || form.base.version === 0 || form.savedDraft !== null;
  return (
    <section aria-labelledby={`${form.id('')}heading`} className="grid min-w-0 gap-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 ref={heading} tabIndex={-1} id={`${form.id('')}heading`} className="text-xl font-bold text-fg outline-none">
            {label}
          </h2>
          <p className="mt-1 max-w-2xl text-sm text-fg-muted">{SECTION_INTROS[form.section]}</p>
          <p className="mt-1 text-xs text-fg-subtle" data-testid="section-version">
            {savedState(form)}
          </p>
        </div>
        <Button variant="secondary" size="sm" className="max-sm:h-11" onClick={() => setHistoryOpen(true)}>
          <History aria-hidden className="size-4" />
          History
        </Button>
      </div>
      <DraftPanel form={form} />
      <ConflictNotice form={form} />
      <ErrorSummary form={form} />
      <form
        noValidate
        aria-label={label}
        onSubmit={(event) => {
          event.preventDefault();
          void form.save();
        }}
        className="grid min-w-0 gap-6"
      >
        {children}
        <div
          className={cn(
            'sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center justify-between gap-3',
            'border-t border-line bg-ink/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-xl sm:border',
          )}
        >
          <p aria-live="polite" className="flex items-center gap-2 text-sm text-fg-muted">
            {form.saving ? (
              'Saving...'
            ) : form.dirty ? (
              <>
                <span aria-hidden className="size-2 rounded-full bg-accent" />
                Unsaved changes
              </>
            ) : form.savedDraft ? (
              'Draft saved, not published'
            ) : form.base.version === 0 ? (
              'Showing the defaults'
            ) : (
              <>
                <CheckCircle2 aria-hidden className="size-4 text-success" />
                All changes saved
              </>
            )}
          </p>
          <div className="flex flex-wrap gap-2">
            {form.dirty ? (
              <Button variant="ghost" size="sm" className="max-sm:h-11" onClick={form.discard} disabled={form.saving}>
                Discard changes
              </Button>
            ) : null}
            <Button
              variant="secondary"
              size="sm"
              className="max-sm:h-11"
              onClick={() => void form.saveDraft()}
              disabled={!form.dirty || form.saving}
            >
              Save draft
            </Button>
            <Button type="submit" size="sm" className="max-sm:h-11" disabled={!canSave || form.saving}>
              {form.saving ? 'Saving...' : 'Save changes'}
            </Button>
          </div>
        </div>
      </form>
      <HistoryDialog form={form} open={historyOpen} onOpenChange={setHistoryOpen} onStored={onStored} />
    </section>
  );
}
