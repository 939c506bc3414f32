import { useEffect, useState, type RefObject } from 'react';
import type { ActivityPageView, ProjectActivityView } from '#common/projects.ts';
import { api } from '#app/lib/api.ts';

type PageState =
  { kind: 'idle' } | { kind: 'loading' } | { kind: 'loaded'; added: number; focus: number | null } | { kind: 'failed'; message: string };

/** The newest entries as the view has them now, then what was shown before and the pages loaded since: newest first, each entry once. */
function merge(newest: ProjectActivityView[], shown: ProjectActivityView[]): ProjectActivityView[] {
  const fresh = new Set(newest.map((entry) => entry.id));
  return [...newest, ...shown.filter((entry) => !fresh.has(entry.id))].sort((a, b) => b.id - a.id);
}

/**
 * A project's log as its page shows it: the view's newest entries, and the older pages the person
 * asked for with "Show older" (GET `{url}?before=`). A newer view (after an action) replaces the newest
 * entries and keeps the older pages, so nothing between them goes missing. After a page arrives, its
 * first entry takes the focus (found in `list` by `data-entry-id`), so the keyboard and the screen
 * reader go on from where the list grew.
 */
export function useActivityPages(
  url: string,
  newest: ProjectActivityView[],
  newestNextBefore: number | null,
  list: RefObject<HTMLOListElement | null>,
) {
  const [older, setOlder] = useState<{ url: string; entries: ProjectActivityView[]; nextBefore: number | null } | null>(null);
  const [state, setState] = useState<PageState>({ kind: 'idle' });
  // Pages of another project (the page moved on) are not this one's.
  const loaded = older?.url === url ? older : null;
  const entries = loaded ? merge(newest, loaded.entries) : newest;
  const nextBefore = loaded ? loaded.nextBefore : newestNextBefore;

  const showOlder = async () => {
    if (nextBefore === null || state.kind === 'loading') return;
    setState({ kind: 'loading' });
    const answer = await api<ActivityPageView>('GET', `${url}?before=${nextBefore}`);
    if (!answer.ok) {
      setState({ kind: 'failed', message: answer.serverMessage ?? answer.message });
      return;
    }
    const page = answer.data;
    setOlder({ url, entries: [...entries, ...page.activity], nextBefore: page.nextBefore });
    setState({ kind: 'loaded', added: page.activity.length, focus: page.activity[0]?.id ?? null });
  };

  useEffect(() => {
    if (state.kind !== 'loaded' || state.focus === null) return;
    list.current?.querySelector<HTMLElement>(`[data-entry-id="${state.focus}"]`)?.focus();
  }, [state, list]);

  return { entries, nextBefore, state, showOlder };
}

export type ActivityPages = ReturnType<typeof useActivityPages>;
