import { useCallback, useEffect, useState } from 'react';
import type { AdminSiteContent, DraftSummary } from '#common/site-content/drafts.ts';
import type { SiteSection, StoredSection, StoredSiteContent } from '#common/site-content/sections.ts';
import { api } from '#app/lib/api.ts';

export interface SiteContentState {
  /** Every section as last read or saved; null until the first answer. */
  content: StoredSiteContent | null;
  error: string | null;
  /** The sections that have an unpublished draft (decision 076). */
  drafts: Partial<Record<SiteSection, DraftSummary>>;
  /** A draft saved (its summary) or published or discarded (null). */
  setDraft(section: SiteSection, draft: DraftSummary | null): void;
  reload(): Promise<void>;
  /** A section the server answered with (a save, a restore, a 409's current one). */
  replace<S extends SiteSection>(section: S, stored: StoredSection<S>): void;
}

/** The owner's site content for the Site area and the setup checklist: one read, kept up to date by every save. */
export function useSiteContent(): SiteContentState {
  const [content, setContent] = useState<StoredSiteContent | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [drafts, setDrafts] = useState<Partial<Record<SiteSection, DraftSummary>>>({});

  const take = useCallback(({ drafts: summaries, ...sections }: AdminSiteContent) => {
    setContent(sections as StoredSiteContent);
    setDrafts(summaries ?? {});
  }, []);

  const reload = useCallback(
    () =>
      api<AdminSiteContent>('GET', '/api/admin/site').then((result) => {
        if (result.ok) {
          take(result.data);
          setError(null);
        } else setError(result.message);
      }),
    [take],
  );

  useEffect(() => {
    let live = true;
    void api<AdminSiteContent>('GET', '/api/admin/site').then((result) => {
      if (!live) return;
      if (result.ok) take(result.data);
      else setError(result.message);
    });
    return () => {
      live = false;
    };
  }, [take]);

  const replace = useCallback(<S extends SiteSection>(section: S, stored: StoredSection<S>) => {
    setContent((current) => (current ? { ...current, [section]: stored } : current));
  }, []);

  const setDraft = useCallback((section: SiteSection, draft: DraftSummary | null) => {
    setDrafts((current) => {
      const { [section]: _dropped, ...others } = current;
      return draft ? { ...others, [section]: draft } : others;
    });
  }, []);

  return { content, error, drafts, setDraft, reload, replace };
}
