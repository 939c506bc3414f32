import { useCallback, useEffect, useRef, useState } from 'react';
import type { AdminProjectList } from '#common/projects.ts';
import { api, type ApiResult } from '#app/lib/api.ts';
import type { ProjectFilter } from './project-list-filter.ts';

export interface ProjectListState {
  list: AdminProjectList | null;
  error: string | null;
  /** Reads the list again (after a change made on a project page); a read already under way is not repeated. */
  reload(): Promise<void>;
  /** Kept at the dashboard level, so the filter survives a visit to a project and back. */
  filter: ProjectFilter;
  setFilter(filter: ProjectFilter): void;
  /** Only the projects assigned to the signed-in person (an engineer's list is only those anyway). */
  mine: boolean;
  setMine(mine: boolean): void;
}

/**
 * The studio's projects and the dashboard's counts, read once when the dashboard opens and again
 * whenever the Projects area shows the list. No polling: the inbox already polls, and each poll
 * is one more request to meet an ended session.
 */
export function useProjectList(): ProjectListState {
  const [list, setList] = useState<AdminProjectList | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [filter, setFilter] = useState<ProjectFilter>('active');
  const [mine, setMine] = useState(false);
  const live = useRef(true);
  const reading = useRef<Promise<void> | null>(null);

  const apply = useCallback((result: ApiResult<AdminProjectList>) => {
    if (!live.current) return;
    if (result.ok) {
      setList(result.data);
      setError(null);
    } else setError(result.message);
  }, []);

  const read = useCallback(() => {
    reading.current ??= api<AdminProjectList>('GET', mine ? '/api/admin/projects?mine=true' : '/api/admin/projects')
      .then(apply)
      .finally(() => {
        reading.current = null;
      });
    return reading.current;
  }, [apply, mine]);

  useEffect(() => {
    live.current = true;
    void read();
    return () => {
      live.current = false;
    };
  }, [read]);

  const chooseMine = useCallback((next: boolean) => {
    // The read under way is of the other list: the next one is asked afresh.
    reading.current = null;
    setMine(next);
  }, []);

  return { list, error, reload: read, filter, setFilter, mine, setMine: chooseMine };
}
