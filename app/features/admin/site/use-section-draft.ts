import { useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import type { DraftSummary, SectionDraft } from '#common/site-content/drafts.ts';
import type { SiteContent, SiteSection, StoredSection } from '#common/site-content/sections.ts';
import { api, type ApiFailure } from '#app/lib/api.ts';
import { toast } from '#app/lib/toast.ts';

/** What the section's draft means to the Site area's list of drafts. */
export interface DraftListener {
  summary: DraftSummary | null;
  onChange(draft: DraftSummary | null): void;
}

/** The parts of a section's form that its draft works with (use-section-form.ts). */
interface DraftHost<S extends SiteSection> {
  section: S;
  label: string;
  /** What is on screen. */
  draftFields: SiteContent[S];
  base: StoredSection<S>;
  dirty: boolean;
  listener?: DraftListener;
  /** The form's own check; false (and the problems shown) when something must be fixed first. */
  checked(): boolean;
  refusal(result: ApiFailure): Promise<void>;
  startFrom(fields: SiteContent[S]): void;
  reset(stored: StoredSection<S>): void;
  onStored(stored: StoredSection<S>): void;
  setSaving: Dispatch<SetStateAction<boolean>>;
}

const summaryOf = ({ basedOn, updatedAt, updatedBy }: SectionDraft): DraftSummary => ({ basedOn, updatedAt, updatedBy });

/**
 * A section's one unpublished draft (decision 076): loaded into the form when the section opens,
 * saved, published through the server (a newer save meanwhile is the form's usual conflict) or discarded.
 */
export function useSectionDraft<S extends SiteSection>(host: DraftHost<S>) {
  const { section, label, draftFields, base, dirty, listener, checked, refusal, startFrom, reset, onStored, setSaving } = host;
  const [savedDraft, setSavedDraft] = useState<SectionDraft<S> | null>(null);
  const [draftLoading, setDraftLoading] = useState(Boolean(listener?.summary));

  // Opening a section that has a draft shows the draft (later drafts are this form's own).
  const [openedWithDraft] = useState(Boolean(listener?.summary));
  const onDraftChange = listener?.onChange;
  useEffect(() => {
    if (!openedWithDraft) return;
    let live = true;
    void api<SectionDraft<S>>('GET', `/api/admin/site/${section}/draft`).then((result) => {
      if (!live) return;
      setDraftLoading(false);
      if (result.ok) {
        setSavedDraft(result.data);
        startFrom(result.data.fields);
      } else if (result.status === 404) onDraftChange?.(null);
    });
    return () => {
      live = false;
    };
  }, [openedWithDraft, section, startFrom, onDraftChange]);

  async function storeDraft(): Promise<SectionDraft<S> | null> {
    const result = await api<SectionDraft<S>>('PUT', `/api/admin/site/${section}/draft`, { ...draftFields, version: base.version });
    if (!result.ok) {
      await refusal(result);
      return null;
    }
    setSavedDraft(result.data);
    startFrom(result.data.fields);
    onDraftChange?.(summaryOf(result.data));
    return result.data;
  }

  async function dropDraft(): Promise<boolean> {
    const result = await api('DELETE', `/api/admin/site/${section}/draft`);
    if (!result.ok && result.status !== 404) {
      toast({ title: 'Draft not discarded', description: result.serverMessage ?? result.message, variant: 'destructive' });
      return false;
    }
    setSavedDraft(null);
    onDraftChange?.(null);
    return true;
  }

  async function saveDraft() {
    if (!checked()) return;
    setSaving(true);
    const saved = await storeDraft();
    setSaving(false);
    if (saved) toast({ title: 'Draft saved', description: `${label}: visitors do not see it until you publish.` });
  }

  async function publishDraft() {
    if (!checked()) return;
    setSaving(true);
    // What is on screen is what gets published: unsaved edits (or a draft from an older version) are stored first.
    const upToDate = savedDraft && !dirty && savedDraft.basedOn === base.version ? savedDraft : await storeDraft();
    const result = upToDate
      ? await api<StoredSection<S>>('POST', `/api/admin/site/${section}/publish`, { version: upToDate.basedOn })
      : null;
    setSaving(false);
    if (!result) return;
    if (!result.ok) return refusal(result);
    setSavedDraft(null);
    onDraftChange?.(null);
    reset(result.data);
    onStored(result.data);
    toast({ title: 'Published', description: `${label} published. The site shows it now.` });
  }

  async function discardDraft() {
    setSaving(true);
    const dropped = await dropDraft();
    setSaving(false);
    if (!dropped) return;
    reset(base);
    toast({ title: 'Draft discarded', description: `The form shows the published ${label} again.` });
  }

  return { savedDraft, draftLoading, saveDraft, publishDraft, discardDraft, dropDraft };
}
