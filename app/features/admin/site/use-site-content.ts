import { useCallback, useEffect, useState } from 'react';
import type { SiteSection, StoredSection, StoredSiteContent } from '#common/site-content/sections.ts';
import { api } from '#app/lib/api.ts';

export interface SiteContentState {
  /** Every section as last read or saved; null until the first answer. */
  content: StoredSiteContent | null;
  error: string | null;
  reload(): Promise<void>;
  /** A section the server answered with (a save, a restore, a 409's current one). */
  replace<S extends SiteSection>(section: S, stored: StoredSection<S>): void;
}

/** The owner's site content for the Site area and the setup checklist: one read, kept up to date by every save. */
export function useSiteContent(): SiteContentState {
  const [content, setContent] = useState<StoredSiteContent | null>(null);
  const [error, setError] = useState<string | null>(null);

  const reload = useCallback(
    () =>
      api<StoredSiteContent>('GET', '/api/admin/site').then((result) => {
        if (result.ok) {
          setContent(result.data);
          setError(null);
        } else setError(result.message);
      }),
    [],
  );

  useEffect(() => {
    let live = true;
    void api<StoredSiteContent>('GET', '/api/admin/site').then((result) => {
      if (!live) return;
      if (result.ok) setContent(result.data);
      else setError(result.message);
    });
    return () => {
      live = false;
    };
  }, []);

  const replace = useCallback(<S extends SiteSection>(section: S, stored: StoredSection<S>) => {
    setContent((current) => (current ? { ...current, [section]: stored } : current));
  }, []);

  return { content, error, reload, replace };
}
