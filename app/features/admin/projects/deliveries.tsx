import { Download } from 'lucide-react';
import type { AdminProjectView, ProjectFileView } from '#common/projects.ts';
import { buttonClasses } from '#app/components/ui/button.tsx';
import { DeliveryUploader } from './delivery-uploader.tsx';
import { ProjectFileTable } from './project-file-table.tsx';
import { SectionCard } from './section-card.tsx';

interface Props {
  project: AdminProjectView;
  onDelivered: () => void;
  /** Absent for a role that deletes no audio (common/staff-roles.ts): no Delete is offered. */
  onDelete?: (file: ProjectFileView) => Promise<boolean>;
}

/** The studio's masters for the client: upload, check the analysis, delete one sent by mistake. */
export function Deliveries({ project, onDelivered, onDelete }: Props) {
  const live = project.deliveries.filter((file) => !file.removedAt);
  return (
    <SectionCard
      id="project-deliveries"
      title="Deliveries"
      description={
        project.status === 'approved'
          ? 'Every track is approved. Upload the masters here: the client is e-mailed and the project moves to Delivered.'
          : project.deliveries.length === 0
            ? 'Masters you upload here are the client’s to download; they are e-mailed when one arrives.'
            : 'The client downloads these from the portal.'
      }
      actions={
        live.length > 1 ? (
          <a href={`/api/admin/projects/${project.id}/files.zip?side=studio`} download className={buttonClasses('secondary', 'sm')}>
            <Download aria-hidden className="size-4" />
            Download all (ZIP)
          </a>
        ) : null
      }
    >
      <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
        <DeliveryUploader projectId={project.id} onDelivered={onDelivered} />
        {project.deliveries.length > 0 ? (
          <ProjectFileTable
            projectId={project.id}
            files={project.deliveries}
            caption="Deliveries"
            onDelete={onDelete}
            showCategory={false}
          />
        ) : null}
      </div>
    </SectionCard>
  );
}
