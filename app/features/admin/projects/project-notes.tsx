import type { AdminProjectView } from '#common/projects.ts';
import { SectionCard } from './section-card.tsx';

/** The studio's own notes and what the client wrote in the portal (theirs to edit, read-only here). */
export function ProjectNotes({ project }: { project: AdminProjectView }) {
  return (
    <SectionCard id="project-notes" title="Notes">
      <div className="grid gap-4">
        <div>
          <h4 className="text-sm font-semibold text-fg">From the client</h4>
          {project.clientNotes ? (
            <p className="mt-1 whitespace-pre-line break-words text-sm text-fg-muted">{project.clientNotes}</p>
          ) : (
            <p className="mt-1 text-sm text-fg-subtle">The client has not written anything yet.</p>
          )}
        </div>
        <div className="border-t border-line pt-4">
          <h4 className="text-sm font-semibold text-fg">The studio&apos;s notes</h4>
          {project.notes ? (
            <p className="mt-1 whitespace-pre-line break-words text-sm text-fg-muted">{project.notes}</p>
          ) : (
            <p className="mt-1 text-sm text-fg-subtle">None. Add some with Edit details.</p>
          )}
        </div>
      </div>
    </SectionCard>
  );
}
