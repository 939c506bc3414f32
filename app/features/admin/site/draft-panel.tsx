import { ExternalLink, FileClock } from 'lucide-react';
import { AlertDialog } from 'radix-ui';
import { useState } from 'react';
import { Button, buttonClasses } from '#app/components/ui/button.tsx';
import { cn } from '#app/lib/cn.ts';
import { previewHref } from './preview-paths.ts';
import { SECTION_LABELS, formatSavedAt } from './section-meta.ts';
import type { SectionForm } from './use-section-form.ts';

/**
 * A section's unpublished draft (decision 076): when it was saved, that the form shows it, and what
 * to do with it: look at it on the site, publish it, or throw it away (after asking).
 */
export function DraftPanel({ form }: { form: SectionForm }) {
  const [confirming, setConfirming] = useState(false);
  const draft = form.savedDraft;
  if (form.draftLoading) {
    return (
      <p role="status" className="text-sm text-fg-muted">
        Opening your draft...
      </p>
    );
  }
  if (!draft) return null;
  const label = SECTION_LABELS[form.section];
  const preview = previewHref(form.section);
  return (
    <div role="region" aria-label="Draft" className="grid gap-3 rounded-xl border border-accent/50 bg-accent-soft p-4 text-sm">
      <div className="flex items-start gap-2">
        <FileClock aria-hidden className="mt-0.5 size-4 shrink-0 text-accent" />
        <div className="grid gap-1">
          <p className="font-semibold text-fg" data-testid="draft-state">
            Draft saved {formatSavedAt(draft.updatedAt)}
          </p>
          <p className="text-fg-muted">
            The form shows your draft. {preview ? 'Visitors still see' : 'The site still uses'} the published {label}
            {draft.basedOn > 0 ? ` (version ${draft.basedOn})` : ''} until you publish.
          </p>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        {preview && (
          <a href={preview} target="_blank" rel="noopener" className={buttonClasses('secondary', 'sm')}>
            Preview
            <ExternalLink aria-hidden className="size-4" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        )}
        <Button size="sm" disabled={form.saving} onClick={() => void form.publishDraft()}>
          Publish
        </Button>
        <Button variant="ghost" size="sm" disabled={form.saving} onClick={() => setConfirming(true)}>
          Discard draft
        </Button>
      </div>
      <AlertDialog.Root open={confirming} onOpenChange={setConfirming}>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/70" />
          <AlertDialog.Content
            className={cn(
              'fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2',
              '-translate-y-1/2 rounded-2xl border border-line bg-surface p-6 shadow-2xl focus:outline-none',
            )}
          >
            <AlertDialog.Title className="text-lg font-bold text-fg">Discard the draft of {label}?</AlertDialog.Title>
            <AlertDialog.Description className="mt-2 text-sm text-fg-muted">
              The draft is deleted and the form goes back to what the site shows. This cannot be undone.
            </AlertDialog.Description>
            <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <AlertDialog.Cancel className={buttonClasses('secondary', 'md')}>Keep the draft</AlertDialog.Cancel>
              <AlertDialog.Action className={buttonClasses('destructive', 'md')} onClick={() => void form.discardDraft()}>
                Discard draft
              </AlertDialog.Action>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </div>
  );
}
