import { useCallback, useEffect, useRef, useState } from 'react';
import { CLIENT_FILE_CATEGORY_LABELS, type ClientFileCategory, type PortalProjectView, type ProjectFileView } from '#common/projects.ts';
import { api } from '#app/lib/api.ts';
import { toast } from '#app/lib/toast.ts';

/** How often the page asks again while the server is still checking a file (checksum, analysis). */
export const ANALYSIS_POLL_MS = 3000;

const hasPending = (project: PortalProjectView) =>
  // A collaborator's answer has no client files (common/collaborators.ts: VISIBLE_PARTS).
  [...(project.files ?? []), ...project.deliveries].some((file) => file.analysisState === 'pending');

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

  // Each change the client makes counts here: a read that started before one is older than its answer.
  const changes = useRef(0);
  const refresh = useCallback(async () => {
    const before = changes.current;
    const answer = await api<PortalProjectView>('GET', `/api/portal/projects/${initial.id}`);
    if (answer.ok && changes.current === before) setProject(answer.data);
  }, [initial.id]);

  const pending = hasPending(project);
  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(() => void refresh(), ANALYSIS_POLL_MS);
    return () => clearInterval(timer);
  }, [pending, refresh]);

  /** A file the client sent, filed under another category: the answer is the project, log included. */
  const recategorise = useCallback(
    async (file: ProjectFileView, category: ClientFileCategory) => {
      changes.current += 1;
      const answer = await api<PortalProjectView>('PATCH', `/api/portal/projects/${initial.id}/files/${file.id}`, { category });
      if (!answer.ok) {
        toast({ title: 'Category not changed', description: answer.serverMessage ?? answer.message, variant: 'destructive' });
        return false;
      }
      setProject(answer.data);
      toast({ title: 'Category changed', description: `${file.name} is now under ${CLIENT_FILE_CATEGORY_LABELS[category]}.` });
      return true;
    },
    [initial.id],
  );

  /** A file the client sent, taken out of the project; the page reads the project again for the log. */
  const removeFile = useCallback(
    async (file: ProjectFileView) => {
      changes.current += 1;
      const answer = await api('DELETE', `/api/portal/projects/${initial.id}/files/${file.id}`);
      if (!answer.ok) {
        toast({ title: 'File not removed', description: answer.serverMessage ?? answer.message, variant: 'destructive' });
        return false;
      }
      setProject((current) => ({ ...current, files: (current.files ?? []).filter((known) => known.id !== file.id) }));
      toast({ title: 'File removed', description: `${file.name} is no longer in your project.` });
      await refresh();
      return true;
    },
    [initial.id, refresh],
  );

  return { project, setProject, refresh, recategorise, removeFile };
}
