import { useCallback, useEffect, useState } from 'react';
import type { PortalProjectView } from '#common/projects.ts';
import { api } from '#app/lib/api.ts';

/** How often the page asks again while the server is still checking a file (checksum, analysis). */
export const ANALYSIS_POLL_MS = 3000;

const hasPending = (project: PortalProjectView) =>
  [...project.files, ...project.deliveries].some((file) => file.analysisState === 'pending');

/**
 * The project as the page shows it: the loader's copy, then whatever the API answered since (a new
 * file, saved notes, a finished analysis). While any file is being checked it asks again every few
 * seconds, and stops once none is.
 */
export function usePortalProject(initial: PortalProjectView) {
  const [project, setProject] = useState(initial);
  // A new loader answer (another project, a revalidation) replaces what the page had.
  const [seen, setSeen] = useState(initial);
  if (seen !== initial) {
    setSeen(initial);
    setProject(initial);
  }

  const refresh = useCallback(async () => {
    const answer = await api<PortalProjectView>('GET', `/api/portal/projects/${initial.id}`);
    if (answer.ok) setProject(answer.data);
  }, [initial.id]);

  const pending = hasPending(project);
  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(() => void refresh(), ANALYSIS_POLL_MS);
    return () => clearInterval(timer);
  }, [pending, refresh]);

  return { project, setProject, refresh };
}
