import { useCallback, useEffect, useRef, useState } from 'react';
import { COLLABORATOR_ROLE_LABELS, type CollaboratorRole, type CollaboratorView } from '#common/collaborators.ts';
import type { ProjectStatus } from '#common/project-lifecycle.ts';
import { CLIENT_FILE_CATEGORY_LABELS, type AdminProjectView, type ClientFileCategory, type ProjectFileView } from '#common/projects.ts';
import { firstErrors } from '#common/validation.ts';
import { api, type ApiResult } from '#app/lib/api.ts';
import { toast } from '#app/lib/toast.ts';
import { hasPendingFiles } from './file-facts.ts';

/** How often the page asks again while the server is still checksumming or analysing a file. */
export const ANALYSIS_POLL_MS = 3000;

export interface ProjectState {
  project: AdminProjectView | null;
  /** 404: no such project; anything else: the page could not be read. */
  failure: { notFound: boolean; message: string } | null;
  reload(): Promise<void>;
  /** A project the server answered with (an edit, a delivery registered elsewhere). */
  replace(project: AdminProjectView): void;
  setStatus(status: ProjectStatus): Promise<void>;
  /** Null when saved; otherwise the message to show under the date. */
  setRetention(day: string | null): Promise<string | null>;
  invite(): Promise<void>;
  revoke(): Promise<boolean>;
  removeFile(file: ProjectFileView): Promise<boolean>;
  /** A client's file filed under another category; true once saved. */
  recategoriseFile(file: ProjectFileView, category: ClientFileCategory): Promise<boolean>;
  setCollaboratorRole(person: CollaboratorView, role: CollaboratorRole): Promise<void>;
  removeCollaborator(person: CollaboratorView): Promise<boolean>;
}

/**
 * One project for its page, and every change the owner makes to it. Each change answers the whole
 * project (activity included), which replaces what is shown; a toast confirms or says what failed.
 */
export function useProject(id: number | null): ProjectState {
  const [project, setProject] = useState<AdminProjectView | null>(null);
  const [failure, setFailure] = useState<ProjectState['failure']>(id === null ? { notFound: true, message: 'Project not found' } : null);
  const live = useRef(true);
  const url = `/api/admin/projects/${id}`;

  const apply = useCallback((result: ApiResult<AdminProjectView>) => {
    if (!live.current) return;
    if (result.ok) {
      setProject(result.data);
      setFailure(null);
    } else if (result.status === 404 || result.status === 400) {
      setFailure({ notFound: true, message: result.serverMessage ?? result.message });
    }
    // A failed re-read keeps the project on screen; only a first read shows the failure.
    else setFailure((current) => current ?? { notFound: false, message: result.message });
  }, []);

  const reload = useCallback(async () => {
    if (id !== null) apply(await api<AdminProjectView>('GET', `/api/admin/projects/${id}`));
  }, [id, apply]);

  // The page is remounted for another project (ProjectsArea keys it by id), so this runs once per project.
  useEffect(() => {
    live.current = true;
    if (id !== null) void api<AdminProjectView>('GET', `/api/admin/projects/${id}`).then(apply);
    return () => {
      live.current = false;
    };
  }, [id, apply]);

  // Checksums and analyses finish in the background: ask again while any file is pending and the tab is seen.
  const pending = project !== null && (hasPendingFiles(project.files) || hasPendingFiles(project.deliveries));
  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void reload();
    }, ANALYSIS_POLL_MS);
    return () => clearInterval(timer);
  }, [pending, reload]);

  const patch = useCallback(
    async (body: Record<string, unknown>) => {
      const result = await api<AdminProjectView>('PATCH', url, body);
      if (result.ok && live.current) setProject(result.data);
      return result;
    },
    [url],
  );

  const setStatus = useCallback(
    async (status: ProjectStatus) => {
      const result = await patch({ status });
      if (result.ok) toast({ title: 'Success', description: 'Status updated' });
      else toast({ title: 'Error', description: result.serverMessage ?? 'Failed to update status', variant: 'destructive' });
    },
    [patch],
  );

  const setRetention = useCallback(
    async (day: string | null) => {
      const result = await patch({ retainFilesUntil: day });
      if (result.ok) {
        toast({ title: 'Success', description: day ? 'Files kept longer' : 'Files follow the automatic date again' });
        return null;
      }
      return firstErrors(result.errors).retainFilesUntil ?? result.serverMessage ?? result.message;
    },
    [patch],
  );

  const invite = useCallback(async () => {
    const result = await api<{ message: string; project: AdminProjectView }>('POST', `${url}/invite`);
    if (!result.ok) {
      toast({ title: 'Error', description: result.serverMessage ?? 'The invitation was not sent', variant: 'destructive' });
      return;
    }
    if (live.current) setProject(result.data.project);
    toast({ title: 'Invitation sent', description: result.data.message });
  }, [url]);

  const revoke = useCallback(async () => {
    const result = await api<AdminProjectView>('POST', `${url}/revoke-access`);
    if (!result.ok) {
      toast({ title: 'Error', description: result.serverMessage ?? 'Access not revoked', variant: 'destructive' });
      return false;
    }
    if (live.current) setProject(result.data);
    toast({ title: 'Success', description: 'Access revoked: the client is signed out' });
    return true;
  }, [url]);

  const removeFile = useCallback(
    async (file: ProjectFileView) => {
      const result = await api('DELETE', `${url}/files/${file.id}`);
      if (!result.ok) {
        toast({ title: 'Error', description: result.serverMessage ?? 'File not deleted', variant: 'destructive' });
        return false;
      }
      toast({ title: 'Success', description: `${file.name} ${file.side === 'client' ? 'removed' : 'deleted'}` });
      await reload();
      return true;
    },
    [url, reload],
  );

  const recategoriseFile = useCallback(
    async (file: ProjectFileView, category: ClientFileCategory) => {
      const result = await api<AdminProjectView>('PATCH', `${url}/files/${file.id}`, { category });
      if (!result.ok) {
        toast({ title: 'Error', description: result.serverMessage ?? 'Category not changed', variant: 'destructive' });
        return false;
      }
      if (live.current) setProject(result.data);
      toast({ title: 'Success', description: `${file.name} is now under ${CLIENT_FILE_CATEGORY_LABELS[category]}` });
      return true;
    },
    [url],
  );

  const { setCollaboratorRole, removeCollaborator } = useCollaboratorChanges(url, reload);

  const replace = useCallback((next: AdminProjectView) => setProject(next), []);

  return {
    project,
    failure,
    reload,
    replace,
    setStatus,
    setRetention,
    invite,
    revoke,
    removeFile,
    recategoriseFile,
    setCollaboratorRole,
    removeCollaborator,
  };
}

/** The owner's changes to a project's collaborators; each reads the project again once saved. */
function useCollaboratorChanges(url: string, reload: () => Promise<void>) {
  const setCollaboratorRole = useCallback(
    async (person: CollaboratorView, role: CollaboratorRole) => {
      const result = await api<CollaboratorView>('PATCH', `${url}/collaborators/${person.id}`, { role });
      if (!result.ok) {
        toast({ title: 'Error', description: result.serverMessage ?? 'Role not changed', variant: 'destructive' });
        return;
      }
      toast({ title: 'Success', description: `${person.email}: ${COLLABORATOR_ROLE_LABELS[role].toLowerCase()}` });
      await reload();
    },
    [url, reload],
  );

  const removeCollaborator = useCallback(
    async (person: CollaboratorView) => {
      const result = await api('DELETE', `${url}/collaborators/${person.id}`);
      if (!result.ok) {
        toast({ title: 'Error', description: result.serverMessage ?? 'Not removed', variant: 'destructive' });
        return false;
      }
      toast({ title: 'Success', description: `${person.email} is off the project` });
      await reload();
      return true;
    },
    [url, reload],
  );

  return { setCollaboratorRole, removeCollaborator };
}
