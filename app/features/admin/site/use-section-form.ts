import { useCallback, useMemo, useState } from 'react';
import type { SectionDraft } from '#common/site-content/drafts.ts';
import {
  SECTION_SCHEMAS,
  fieldErrorsByPath,
  sectionFields,
  type SiteContent,
  type SiteSection,
  type StoredSection,
} from '#common/site-content/sections.ts';
import type { FieldErrors } from '#common/validation.ts';
import { api, hasFieldErrors, type ApiFailure } from '#app/lib/api.ts';
import { toast } from '#app/lib/toast.ts';
import { fieldId, getAt, isWithin, setAt } from './paths.ts';
import { SECTION_LABELS } from './section-meta.ts';
import { useSectionDraft, type DraftListener } from './use-section-draft.ts';

export interface SectionForm<S extends SiteSection = SiteSection> {
  section: S;
  draft: SiteContent[S];
  /** The saved section the draft was started from (its version goes with the next save). */
  base: StoredSection<S>;
  dirty: boolean;
  saving: boolean;
  value<T = unknown>(path: string): T;
  /** Changes one field; `alsoTouched` names fields whose rules depend on it (closing after opening time). */
  set(path: string, value: unknown, alsoTouched?: string[]): void;
  /** Adds, removes or moves list items: server messages inside the list no longer match their rows. */
  setList(path: string, items: unknown[]): void;
  error(path: string): string | undefined;
  id(path: string): string;
  /** Every problem, shown above the form after a refused save. */
  summary: Array<{ path: string; message: string }> | null;
  /** Grows with every refused save: the summary takes focus each time. */
  summaryFocus: number;
  /** The newer section another tab or admin saved while this draft was edited (a 409). */
  conflict: StoredSection<S> | null;
  save(): Promise<void>;
  discard(): void;
  /** Drops the draft for the newer version. */
  loadNewer(): void;
  /** Saves the draft over the newer version, deliberately. */
  overwrite(): Promise<void>;
  /** Shows a section the server answered with (a restore) as the new starting point. */
  reset(stored: StoredSection<S>): void;
  /** The section's unpublished draft as last saved (decision 076); null when there is none. */
  savedDraft: SectionDraft<S> | null;
  /** The draft is being read when the section opens (the form then shows it). */
  draftLoading: boolean;
  /** Stores what is on screen as the draft; the site does not change. */
  saveDraft(): Promise<void>;
  /** Publishes the draft (saving what is on screen into it first); a newer save meanwhile is a conflict. */
  publishDraft(): Promise<void>;
  discardDraft(): Promise<void>;
}

function clientErrors(section: SiteSection, draft: unknown): FieldErrors {
  const parsed = SECTION_SCHEMAS[section].safeParse(draft);
  return parsed.success ? {} : fieldErrorsByPath(parsed.error);
}

/** A 409's `current`, when the answer carries a section. */
function currentOf<S extends SiteSection>(body: unknown): StoredSection<S> | null {
  const current = (body as { current?: unknown } | undefined)?.current;
  return current && typeof current === 'object' && typeof (current as { version?: unknown }).version === 'number'
    ? (current as StoredSection<S>)
    : null;
}

const refused = (description: string) => toast({ title: 'Not saved', description, variant: 'destructive' });

/** The server's errors less those at or inside `prefix`, a field just changed (the same object when none go). */
function withoutErrorsAt(errors: FieldErrors, prefix: string): FieldErrors {
  const kept = Object.entries(errors).filter(([path]) => !isWithin(path, prefix) && !isWithin(prefix, path));
  return kept.length === Object.keys(errors).length ? errors : Object.fromEntries(kept);
}

/** Every problem with its first message, for the list above the form; null when there is none. */
function summaryOf(messages: FieldErrors): Array<{ path: string; message: string }> | null {
  return hasFieldErrors(messages) ? Object.entries(messages).map(([path, list]) => ({ path, message: list[0] ?? '' })) : null;
}

/** The section as the server has it now (after a 409 that did not carry it). */
async function latestSection<S extends SiteSection>(section: S): Promise<StoredSection<S> | null> {
  const result = await api<Record<S, StoredSection<S>>>('GET', '/api/admin/site');
  return result.ok ? (result.data[section] ?? null) : null;
}

/**
 * One section's editor state: the draft, instant field errors from the shared schema (for fields the
 * owner has changed, all of them after a save attempt), the server's errors by path, the explicit
 * save with its toasts, and the stale-save (409) state that keeps the owner's edits on screen.
 */
export function useSectionForm<S extends SiteSection>(
  section: S,
  stored: StoredSection<S>,
  onStored: (stored: StoredSection<S>) => void,
  drafts?: DraftListener,
): SectionForm<S> {
  const label = SECTION_LABELS[section];
  const [base, setBase] = useState(stored);
  const [draft, setDraft] = useState(() => sectionFields(stored));
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [showAll, setShowAll] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const [conflict, setConflict] = useState<StoredSection<S> | null>(null);
  const [focusSummary, setFocusSummary] = useState(0);
  /** What the form started from: the saved section, or the saved draft once it is loaded. */
  const [start, setStart] = useState(() => sectionFields(stored));

  const startFields = useMemo(() => JSON.stringify(start), [start]);
  const dirty = useMemo(() => JSON.stringify(draft) !== startFields, [draft, startFields]);
  const instant = useMemo(() => clientErrors(section, draft), [section, draft]);

  const startFrom = useCallback((fields: SiteContent[S]) => {
    setStart(fields);
    setDraft(fields);
    setTouched(new Set());
    setShowAll(false);
    setServerErrors({});
  }, []);

  const reset = useCallback(
    (next: StoredSection<S>) => {
      setBase(next);
      startFrom(sectionFields(next));
      setConflict(null);
    },
    [startFrom],
  );

  const dropServerErrors = (prefix: string) => setServerErrors((errors) => withoutErrorsAt(errors, prefix));

  const set = (path: string, value: unknown, alsoTouched: string[] = []) => {
    setDraft((current) => setAt(current, path, value));
    setTouched((current) => new Set([...current, path, ...alsoTouched]));
    dropServerErrors(path);
  };

  const setList = (path: string, items: unknown[]) => {
    setDraft((current) => setAt(current, path, items));
    dropServerErrors(path);
  };

  const error = (path: string) => serverErrors[path]?.[0] ?? (showAll || touched.has(path) ? instant[path]?.[0] : undefined) ?? undefined;

  async function send(version: number) {
    if (!checkedHere()) return;
    setSaving(true);
    const result = await api<StoredSection<S>>('PUT', `/api/admin/site/${section}`, { ...draft, version });
    setSaving(false);
    if (result.ok) {
      reset(result.data);
      onStored(result.data);
      // What was saved is what the form showed, the draft included: it has nothing left to publish.
      if (drafting.savedDraft) await drafting.dropDraft();
      toast({ title: 'Saved', description: `${label} saved. The site shows it now.` });
      return;
    }
    await refusal(result);
  }

  /** A refused save, draft or publish: a newer version (409) becomes the conflict, field errors go under their fields. */
  async function refusal(result: ApiFailure) {
    if (result.status === 409) {
      const current = currentOf<S>(result.body) ?? (await latestSection(section));
      if (current) {
        setConflict(current);
        onStored(current);
      }
      refused(`Another tab or admin saved ${label} first. Your edits are still here.`);
      return;
    }
    if (hasFieldErrors(result.errors)) {
      setServerErrors(result.errors);
      setShowAll(true);
      setFocusSummary((count) => count + 1);
    }
    refused(result.serverMessage ?? result.message);
  }

  const drafting = useSectionDraft<S>({
    section,
    label,
    draftFields: draft,
    base,
    dirty,
    listener: drafts,
    checked: checkedHere,
    refusal,
    startFrom,
    reset,
    onStored,
    setSaving,
  });

  function checkedHere(): boolean {
    if (!hasFieldErrors(instant)) return true;
    setShowAll(true);
    setFocusSummary((count) => count + 1);
    refused('Please correct the highlighted fields.');
    return false;
  }

  const summary = showAll ? summaryOf({ ...instant, ...serverErrors }) : null;

  return {
    section,
    draft,
    base,
    dirty,
    saving,
    value: <T>(path: string) => getAt(draft, path) as T,
    set,
    setList,
    error,
    id: (path: string) => fieldId(section, path),
    summary,
    summaryFocus: focusSummary,
    conflict,
    save: () => send(base.version),
    discard: () => (drafting.savedDraft ? startFrom(drafting.savedDraft.fields) : reset(base)),
    loadNewer: () => {
      if (conflict) reset(conflict);
    },
    overwrite: async () => {
      if (!conflict) return;
      setBase(conflict);
      setConflict(null);
      await send(conflict.version);
    },
    reset,
    savedDraft: drafting.savedDraft,
    draftLoading: drafting.draftLoading,
    saveDraft: drafting.saveDraft,
    publishDraft: drafting.publishDraft,
    discardDraft: drafting.discardDraft,
  };
}
