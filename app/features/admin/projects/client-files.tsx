import { AlertTriangle, Download } from 'lucide-react';
import { MAX_PROJECT_FILES, type AdminProjectView, type ClientFileCategory, type ProjectFileView } from '#common/projects.ts';
import { buttonClasses } from '#app/components/ui/button.tsx';
import { projectFileWarnings } from '#common/project-file-warnings.ts';
import { ProjectFileTable } from './project-file-table.tsx';
import { SectionCard } from './section-card.tsx';

interface Props {
  project: AdminProjectView;
  onRecategorise: (file: ProjectFileView, category: ClientFileCategory) => Promise<boolean>;
  /** Absent for a role that deletes no audio (common/staff-roles.ts): no Delete is offered. */
  onRemove?: (file: ProjectFileView) => Promise<boolean>;
}

/**
 * What the client sent: stems, references, rough mixes, with the analysis and the studio's file
 * rules. The studio may file one under another category or take it out, at any time.
 */
export function ClientFiles({ project, onRecategorise, onRemove }: Props) {
  const files = project.files;
  const warnings = projectFileWarnings(files);
  const live = files.filter((file) => !file.removedAt);
  return (
    <SectionCard
      id="project-files"
      title="Files from the client"
      description={
        files.length === 0
          ? 'Nothing yet. Once invited, the client uploads stems and references from the portal.'
          : `${files.length} of at most ${MAX_PROJECT_FILES} files.`
      }
      actions={
        live.length > 0 ? (
          <a href={`/api/admin/projects/${project.id}/files.zip?side=client`} download className={buttonClasses('secondary', 'sm')}>
            <Download aria-hidden className="size-4" />
            Download all stems (ZIP)
          </a>
        ) : null
      }
    >
      {warnings.stems.length > 0 ? (
        <ul className="mb-4 grid gap-1 rounded-lg border border-yellow-400/40 bg-yellow-400/10 p-3 text-sm text-yellow-100">
          {warnings.stems.map((warning) => (
            <li key={warning} className="flex gap-2">
              <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0 text-yellow-300" />
              <span>{warning}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {files.length > 0 ? (
        <ProjectFileTable
          projectId={project.id}
          files={files}
          caption="Files from the client"
          warnings={warnings.files}
          onDelete={onRemove}
          onRecategorise={onRecategorise}
        />
      ) : null}
    </SectionCard>
  );
}
