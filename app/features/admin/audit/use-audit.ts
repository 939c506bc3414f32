import { useCallback, useEffect, useState } from 'react';
import type { AuditEntryView, AuditPage } from '#common/audit.ts';
import { api } from '#app/lib/api.ts';

export interface AuditFilters {
  person: string;
  area: string;
  before: string;
}

export const NO_FILTERS: AuditFilters = { person: '', area: '', before: '' };

/** The query of the list and of the CSV for these filters (empty ones left out). */
export function auditQuery(filters: AuditFilters, cursor?: number): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  if (cursor) params.set('cursor', String(cursor));
  const text = params.toString();
  return text ? `?${text}` : '';
}

export interface AuditState {
  filters: AuditFilters;
  setFilters(filters: AuditFilters): void;
  entries: AuditEntryView[] | null;
  everyone: boolean;
  people: AuditPage['people'];
  error: string | null;
  /** Another page waits (older entries). */
  more: boolean;
  loadingMore: boolean;
  loadMore(): Promise<void>;
}

/** The audit page's entries for its filters, a page at a time (newest first). */
export function useAudit(): AuditState {
  const [filters, setFilters] = useState<AuditFilters>(NO_FILTERS);
  const [entries, setEntries] = useState<AuditEntryView[] | null>(null);
  const [page, setPage] = useState<Omit<AuditPage, 'entries'>>({ nextCursor: null, everyone: false, people: [] });
  const [error, setError] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);

  useEffect(() => {
    let current = true;
    void api<AuditPage>('GET', `/api/admin/audit${auditQuery(filters)}`).then((result) => {
      if (!current) return;
      if (!result.ok) return setError(result.serverMessage ?? result.message);
      setError(null);
      const { entries: first, ...rest } = result.data;
      setEntries(first);
      setPage(rest);
    });
    return () => {
      current = false;
    };
  }, [filters]);

  const loadMore = useCallback(async () => {
    if (page.nextCursor === null) return;
    setLoadingMore(true);
    const result = await api<AuditPage>('GET', `/api/admin/audit${auditQuery(filters, page.nextCursor)}`);
    setLoadingMore(false);
    if (!result.ok) return setError(result.serverMessage ?? result.message);
    const { entries: older, ...rest } = result.data;
    setEntries((shown) => [...(shown ?? []), ...older]);
    setPage(rest);
  }, [filters, page.nextCursor]);

  // The list empties (loading) as the filters change, not in the effect that loads it.
  const changeFilters = useCallback((next: AuditFilters) => {
    setEntries(null);
    setFilters(next);
  }, []);

  return {
    filters,
    setFilters: changeFilters,
    entries,
    everyone: page.everyone,
    people: page.people,
    error,
    more: page.nextCursor !== null,
    loadingMore,
    loadMore,
  };
}
